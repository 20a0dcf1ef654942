import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestEntry } from '../../helpers/audit';
import { createSaleRefs, type SaleRefs, saleBody } from '../../helpers/sales';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/**
 * A sale saved as a draft and confirmed; Liquidar on a cancelled sale is an admin's call
 * (docs/decisions/0043).
 */
let ctx: TestContext;
let refs: SaleRefs;
let h: Record<'admin' | 'sales' | 'finance', Record<string, string>>;
beforeAll(async () => {
  ctx = await createTestContext();
  refs = await createSaleRefs(ctx, 'estados');
  h = { admin: await ctx.auth('admin'), sales: await ctx.auth('sales'), finance: await ctx.auth('finance') };
});
afterAll(() => ctx.close());

type Who = keyof typeof h;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: Who, payload?: object) =>
  ctx.app.inject({ method, url, headers: h[who], ...(payload ? { payload } : {}) });
const create = (who: Who, saleData: object = {}) =>
  call('POST', '/api/sales', who, saleBody(refs, ctx.users.sales.id, { saleData }));

describe('drafts', () => {
  it('a sale created with saleData.status draft is a draft; without it, confirmed', async () => {
    const draft = await create('sales', { status: 'draft' });
    expect(draft.statusCode).toBe(201);
    expect(draft.json().sale.status).toBe('draft');
    const plain = await create('sales');
    expect(plain.json().sale.status).toBe('confirmed');
    expect((await create('sales', { status: 'confirmed' })).json().sale.status).toBe('confirmed');
  });

  it('refuses any other status on creation (400) and stores nothing', async () => {
    const before = (await call('GET', '/api/sales?limit=1', 'admin')).json().pagination.total;
    for (const status of ['completed', 'cancelled', 'Borrador', 1]) {
      const res = await create('admin', { status });
      expect(res.statusCode, String(status)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await call('GET', '/api/sales?limit=1', 'admin')).json().pagination.total).toBe(before);
  });

  it('a seller confirms their draft, and the trail records the change', async () => {
    const id = (await create('sales', { status: 'draft' })).json().sale.id;
    const res = await call('PUT', `/api/sales/${id}`, 'sales', { status: 'confirmed' });
    expect(res.statusCode).toBe(200);
    expect(res.json().sale.status).toBe('confirmed');
    expect(await latestEntry(ctx, 'sale', id)).toEqual(
      expect.objectContaining({
        action: 'status',
        changes: [{ field: 'status', from: 'draft', to: 'confirmed' }],
      }),
    );
    // Confirmed is not a draft any more: confirming again is not a transition.
    expect((await call('PUT', `/api/sales/${id}`, 'sales', { status: 'confirmed' })).statusCode).toBe(409);
  });

  it('editing a draft keeps it a draft', async () => {
    const id = (await create('sales', { status: 'draft' })).json().sale.id;
    const body = saleBody(refs, ctx.users.sales.id, { saleData: { passengerName: 'Borrador editado' } });
    const res = await call('PUT', `/api/sales/${id}`, 'sales', body);
    expect(res.statusCode).toBe(200);
    expect(res.json().sale).toEqual(
      expect.objectContaining({ status: 'draft', passengerName: 'Borrador editado' }),
    );
  });
});

describe('Liquidar a cancelled sale', () => {
  async function cancelledSale() {
    const id = (await create('sales')).json().sale.id;
    await call('PUT', `/api/sales/${id}`, 'sales', { status: 'cancelled' });
    return id as number;
  }

  it('is refused to the seller (403, in Spanish) and the sale stays cancelled', async () => {
    const id = await cancelledSale();
    const res = await call('PUT', `/api/sales/${id}`, 'sales', { status: 'completed' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Solo un administrador puede liquidar una venta cancelada');
    expect((await call('GET', `/api/sales/${id}`, 'admin')).json().status).toBe('cancelled');
  });

  it('is allowed to an admin', async () => {
    const id = await cancelledSale();
    const res = await call('PUT', `/api/sales/${id}`, 'admin', { status: 'completed' });
    expect(res.statusCode).toBe(200);
    expect(res.json().sale.status).toBe('completed');
  });

  it('a seller still liquidates a confirmed sale or a draft', async () => {
    const confirmed = (await create('sales')).json().sale.id;
    expect((await call('PUT', `/api/sales/${confirmed}`, 'sales', { status: 'completed' })).statusCode).toBe(
      200,
    );
    const draft = (await create('sales', { status: 'draft' })).json().sale.id;
    expect((await call('PUT', `/api/sales/${draft}`, 'sales', { status: 'completed' })).statusCode).toBe(200);
  });
});
