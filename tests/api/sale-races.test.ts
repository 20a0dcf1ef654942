import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, sales } from '../../src/server/db/schema';
import { createSaleRefs, type SaleRefs, saleBody } from '../helpers/sales';
import { createTestContext, type TestContext } from '../helpers/test-app';

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
  it('never leave a payment on a cancelled sale: exactly one of the two gets 409', async () => {
    const outcomes = { paid: 0, cancelled: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const saleId = await newSale();
      const [cancel, payment] = await Promise.all([
        call('PUT', `/api/sales/${saleId}`, { status: 'cancelled' }),
        pay(saleId),
      ]);
      const codes = [cancel.statusCode, payment.statusCode];
      expect(
        codes.filter((c) => c === 409),
        `round ${round}: ${cancel.body} ${payment.body}`,
      ).toHaveLength(1);
      if (payment.statusCode === 201) {
        outcomes.paid++;
        expect(cancel.json().message).toBe(
          'No se puede cancelar una venta con pagos registrados. Elimina sus pagos primero',
        );
      } else {
        outcomes.cancelled++;
        expect(cancel.statusCode).toBe(200);
        expect(payment.json().message).toBe('No se pueden registrar pagos en una venta cancelada');
      }
    }
    expect(outcomes.paid + outcomes.cancelled).toBe(ROUNDS);
    const [row] = await ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(payments)
      .innerJoin(sales, eq(sales.id, payments.saleId))
      .where(eq(sales.status, 'cancelled'));
    expect(row?.n).toBe(0);
  });

  it('a sale with payments is cancelled only once they are deleted, and takes none afterwards', async () => {
    const saleId = await newSale();
    const created = await pay(saleId);
    const paymentId = created.json().payment.id;
    expect((await call('PUT', `/api/sales/${saleId}`, { status: 'cancelled' })).statusCode).toBe(409);
    expect((await call('DELETE', `/api/payments/${paymentId}`)).statusCode).toBe(200);
    expect((await call('PUT', `/api/sales/${saleId}`, { status: 'cancelled' })).statusCode).toBe(200);
    const afterCancel = await pay(saleId);
    expect(afterCancel.statusCode).toBe(409);
    const left = await ctx.db.select({ id: payments.id }).from(payments).where(eq(payments.saleId, saleId));
    expect(left).toEqual([]);
  });
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
