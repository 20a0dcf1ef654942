import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../../src/server/db/schema';
import { createSaleRefs, type SaleRefs, saleBody } from '../../helpers/sales';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/**
 * Writes that depend on a sale's status, sent at the same moment. On PostgreSQL the requests run on
 * separate pooled connections, so without the sale row lock both sides of a race can succeed; on
 * PGlite the single connection serialises them and the same assertions hold.
 */
let ctx: TestContext;
let refs: SaleRefs;
let admin: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  refs = await createSaleRefs(ctx, 'carrera');
  admin = await ctx.auth('admin');
});
afterAll(() => ctx.close());

const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });

async function newSale(): Promise<number> {
  const res = await call('POST', '/api/sales', saleBody(refs, ctx.users.sales.id));
  expect(res.statusCode).toBe(201);
  return res.json().sale.id;
}

const pay = (saleId: number) =>
  call('POST', '/api/payments', {
    saleId,
    date: '2031-01-05',
    amount: '100.00',
    method: 'transfer',
    reference: 'CARRERA',
  });

const ROUNDS = 20;

describe('a cancellation and a payment sent together', () => {
  it('both answer without error; a payment refused is refused because the cancellation came first', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const saleId = await newSale();
      const [cancel, payment] = await Promise.all([
        call('PUT', `/api/sales/${saleId}`, { status: 'cancelled' }),
        pay(saleId),
      ]);
      // A sale may be cancelled with payments (they stay recorded); a payment after it may not.
      expect(cancel.statusCode, `round ${round}: ${cancel.body}`).toBe(200);
      expect([201, 409], `round ${round}: ${payment.body}`).toContain(payment.statusCode);
      if (payment.statusCode === 409)
        expect(payment.json().message).toBe('No se pueden registrar pagos en una venta cancelada');
    }
  });

  it('a cancelled sale takes no payment, and a payment on it cannot be edited', async () => {
    const saleId = await newSale();
    const created = await pay(saleId);
    const paymentId = created.json().payment.id;
    expect((await call('PUT', `/api/sales/${saleId}`, { status: 'cancelled' })).statusCode).toBe(200);
    expect((await pay(saleId)).statusCode).toBe(409);
    const edit = await call('PUT', `/api/payments/${paymentId}`, { date: '2031-01-06', amount: '50.00' });
    expect(edit.statusCode).toBe(409);
    const left = await ctx.db.select({ id: payments.id }).from(payments).where(eq(payments.saleId, saleId));
    expect(left).toEqual([{ id: paymentId }]);
  });

  // Two connections are needed to hold the sale's lock while the API works: PostgreSQL only (PGlite
  // has one connection, so its writes are serial by construction).
  if (process.env.TEST_DB_KIND === 'postgres') {
    it('a payment waits for a transaction holding the sale and then sees its cancellation', async () => {
      const saleId = await newSale();
      const other = new pg.Client({ connectionString: ctx.database.url });
      await other.connect();
      try {
        await other.query('begin');
        await other.query('select id from sales where id = $1 for update', [saleId]);
        let settled = false;
        const payment = pay(saleId).then((res) => {
          settled = true;
          return res;
        });
        await new Promise((r) => setTimeout(r, 400));
        expect(settled).toBe(false);
        await other.query(`update sales set status = 'cancelled' where id = $1`, [saleId]);
        await other.query('commit');
        expect((await payment).statusCode).toBe(409);
      } finally {
        await other.end();
      }
    });
  }
});

describe('a sale deleted while a payment is registered', () => {
  it('either the payment is refused or the delete is, never a payment without its sale', async () => {
    for (let round = 0; round < 10; round++) {
      const saleId = await newSale();
      const [removal, payment] = await Promise.all([call('DELETE', `/api/sales/${saleId}`), pay(saleId)]);
      const codes = [removal.statusCode, payment.statusCode].sort();
      // Delete first: the payment finds no sale (404). Payment first: the delete is refused (409).
      expect([
        [200, 404],
        [201, 409],
      ]).toContainEqual(codes);
      expect(removal.statusCode).not.toBe(500);
      expect(payment.statusCode).not.toBe(500);
    }
  });
});
