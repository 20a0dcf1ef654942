import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, latestEntry } from '../../helpers/audit';
import { createSaleRefs, type SaleRefs, saleBody } from '../../helpers/sales';
import { createTestContext, type TestContext } from '../../helpers/test-app';

let ctx: TestContext;
let refs: SaleRefs;
let h: Record<'admin' | 'sales' | 'finance', Record<string, string>>;
beforeAll(async () => {
  ctx = await createTestContext();
  refs = await createSaleRefs(ctx, 'auditoria');
  h = { admin: await ctx.auth('admin'), sales: await ctx.auth('sales'), finance: await ctx.auth('finance') };
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
  ctx.app.inject({ method, url, headers, remoteAddress: '10.1.2.3', ...(payload ? { payload } : {}) });
/** A change as the API shows it: null values are omitted, as in every response. */
const change = (field: string, from: string | null, to: string | null) => ({
  field,
  ...(from === null ? {} : { from }),
  ...(to === null ? {} : { to }),
});

async function newSale(who: 'admin' | 'sales' = 'sales', sellerId = ctx.users.sales.id) {
  const res = await call('POST', '/api/sales', h[who], saleBody(refs, sellerId));
  expect(res.statusCode).toBe(201);
  return res.json().sale as { id: number; version: number };
}

describe('sales in the audit trail', () => {
  it('records creation, an item price edit, a status change and deletion with who, where and exact money', async () => {
    const sale = await newSale();
    const created = await latestEntry(ctx, 'sale', sale.id);
    expect(created).toMatchObject({
      action: 'create',
      entity: 'sale',
      entityId: sale.id,
      ip: '10.1.2.3',
      user: { id: ctx.users.sales.id, username: 'sales_base' },
    });
    expect(created.changes).toContainEqual(change('salePrice', null, '1500.50'));
    expect(created.changes).toContainEqual(change('items.1.costPrice', null, '1200.25'));
    // Read back from the insert, listed as a later select lists them: an edit that keeps them records none.
    const passengerIds = refs.passengers.map((p) => p.id).sort((a, b) => a - b);
    expect(passengerIds.length).toBeGreaterThan(1);
    expect(created.changes).toContainEqual(change('items.1.passengers', null, passengerIds.join(',')));

    const [item] = saleBody(refs, ctx.users.sales.id).items as object[];
    const edit = await call('PUT', `/api/sales/${sale.id}`, h.admin, {
      ...saleBody(refs, ctx.users.sales.id, { items: [{ ...item, salePrice: '1750.75' }] }),
      version: sale.version,
    });
    expect(edit.statusCode).toBe(200);
    const edited = await latestEntry(ctx, 'sale', sale.id);
    expect(edited).toMatchObject({
      action: 'update',
      user: { id: ctx.users.admin.id, username: 'admin_base' },
    });
    expect(edited.changes).toEqual([
      change('salePrice', '1500.50', '1750.75'),
      change('items.1.salePrice', '1500.50', '1750.75'),
    ]);

    expect((await call('PUT', `/api/sales/${sale.id}`, h.sales, { status: 'cancelled' })).statusCode).toBe(
      200,
    );
    expect((await latestEntry(ctx, 'sale', sale.id)).changes).toEqual([
      change('status', 'confirmed', 'cancelled'),
    ]);

    expect((await call('DELETE', `/api/sales/${sale.id}`, h.admin)).statusCode).toBe(200);
    const deleted = await latestEntry(ctx, 'sale', sale.id);
    expect(deleted.action).toBe('delete');
    expect(deleted.changes).toContainEqual(change('salePrice', '1750.75', null));
    const history = await auditEntries(ctx, `entity=sale&entityId=${sale.id}`);
    expect(history.map((e) => e.action)).toEqual(['delete', 'status', 'update', 'create']);
  });

  it('a refused edit (stale version) leaves no entry', async () => {
    const sale = await newSale();
    const res = await call('PUT', `/api/sales/${sale.id}`, h.sales, {
      ...saleBody(refs, ctx.users.sales.id),
      version: 99,
    });
    expect(res.statusCode).toBe(409);
    expect((await auditEntries(ctx, `entity=sale&entityId=${sale.id}`)).map((e) => e.action)).toEqual([
      'create',
    ]);
  });
});

describe('payments, supplier payments and invoices', () => {
  it('records customer payments created, edited and deleted', async () => {
    const sale = await newSale();
    const res = await call('POST', '/api/payments', h.sales, {
      saleId: sale.id,
      date: '2031-01-05',
      amount: '100.10',
      method: 'cash',
    });
    const id = res.json().payment.id as number;
    expect((await latestEntry(ctx, 'payment', id)).changes).toEqual(
      expect.arrayContaining([change('amount', null, '100.10'), change('saleId', null, String(sale.id))]),
    );
    await call('PUT', `/api/payments/${id}`, h.sales, {
      date: '2031-01-05',
      amount: '200.20',
      method: 'cash',
    });
    // Its USD value and its value in the sale's currency follow the amount: the trail records all three.
    const edited = (await latestEntry(ctx, 'payment', id)).changes;
    expect(edited).toHaveLength(3);
    expect(edited).toEqual(
      expect.arrayContaining([
        change('amount', '100.10', '200.20'),
        change('saleAmount', '100.10', '200.20'),
        change('usdAmount', '100.10', '200.20'),
      ]),
    );
    await call('DELETE', `/api/payments/${id}`, h.sales);
    expect(await latestEntry(ctx, 'payment', id)).toMatchObject({
      action: 'delete',
      user: { username: 'sales_base' },
    });
  });

  it('records supplier payments with their linked sales, and invoices issued and cancelled', async () => {
    await call('POST', '/api/company/currency-rates', h.admin, { currency: 'USD', rate: 1, isActive: true });
    const sale = await newSale();
    const body = {
      supplierId: refs.supplier.id,
      amount: 50,
      currency: 'USD',
      paymentDate: '2031-01-20',
      description: 'Anticipo',
      relatedSales: [sale.id],
    };
    const paid = await call('POST', '/api/supplier-payments', h.admin, body);
    expect(paid.statusCode, paid.body).toBe(201);
    const sp = await latestEntry(ctx, 'supplierPayment', paid.json().payment.id);
    expect(sp.changes).toEqual(
      expect.arrayContaining([
        change('amountUsd', null, '50.00'),
        change('relatedSales', null, String(sale.id)),
      ]),
    );

    await call('PUT', `/api/sales/${sale.id}`, h.sales, { status: 'completed' });
    const invoice = (await call('POST', `/api/sales/${sale.id}/invoice`, h.sales, {})).json().invoice;
    expect((await latestEntry(ctx, 'invoice', invoice.id)).changes).toContainEqual(
      change('amount', null, '1500.50'),
    );
    await call('POST', `/api/invoices/${invoice.id}/cancel`, h.admin, { reason: 'Error de emisión' });
    expect((await latestEntry(ctx, 'invoice', invoice.id)).changes).toEqual([
      change('status', 'active', 'cancelled'),
      change('cancelReason', null, 'Error de emisión'),
    ]);
  });
});

describe('master data, rates, settings and users', () => {
  it('records the generic master-data writes, rates and company settings', async () => {
    const created = await call('POST', '/api/operators', h.admin, { name: 'Operador Bitácora' });
    const id = created.json().operator.id as number;
    await call('PUT', `/api/operators/${id}`, h.admin, { name: 'Operador Renombrado' });
    expect((await latestEntry(ctx, 'operator', id)).changes).toEqual([
      change('name', 'Operador Bitácora', 'Operador Renombrado'),
    ]);
    await call('DELETE', `/api/operators/${id}`, h.admin);
    expect((await auditEntries(ctx, `entity=operator&entityId=${id}`)).map((e) => e.action)).toEqual([
      'delete',
      'update',
      'create',
    ]);

    const rate = (
      await call('POST', '/api/company/currency-rates', h.admin, {
        currency: 'JPY',
        rate: '0.00670000',
        isActive: true,
      })
    ).json().data;
    await call('PATCH', `/api/company/currency-rates/${rate.id}/toggle`, h.admin);
    expect((await latestEntry(ctx, 'currencyRate', rate.id)).changes).toEqual([
      change('isActive', 'true', 'false'),
    ]);
    expect(
      (await auditEntries(ctx, `entity=currencyRate&entityId=${rate.id}&action=create`))[0]?.changes,
    ).toEqual(
      // Both sides of the rate, as people read them: no trailing zeros of the 16 kept (decision 0086).
      expect.arrayContaining([
        change('rate', null, '0.0067'),
        change('unitsPerUsd', null, '149.2537313432835821'),
      ]),
    );

    const settings = { name: 'Agencia Bitácora', taxId: '76.123.456-0', address: '', email: '', phone: '' };
    expect((await call('PUT', '/api/company/settings', h.admin, settings)).statusCode).toBe(200);
    expect((await latestEntry(ctx, 'companySettings', 1)).changes).toContainEqual(
      change('name', null, 'Agencia Bitácora'),
    );
  });

  it('records role and activation changes and the sessions they end, never a password', async () => {
    const created = await call('POST', '/api/users', h.admin, {
      username: 'vendedora2',
      email: 'vendedora2@test.cl',
      password: 'secreto123',
      role: 'sales',
    });
    const id = created.json().user.id as number;
    await call('PUT', `/api/users/${id}`, h.admin, { role: 'finance', password: 'otra-clave-1' });
    expect((await latestEntry(ctx, 'user', id)).changes).toEqual([
      change('role', 'sales', 'finance'),
      change('password', null, 'cambiada'),
    ]);
    await call('DELETE', `/api/users/${id}`, h.admin);
    expect((await latestEntry(ctx, 'user', id)).changes).toEqual([change('isActive', 'true', 'false')]);
    expect(await latestEntry(ctx, 'session', id)).toMatchObject({ action: 'revoke' });
    const everything = JSON.stringify(await auditEntries(ctx, 'limit=100'));
    expect(everything).not.toMatch(/argon2|passwordHash|secreto123|otra-clave-1|tokenHash/);
  });

  it('records sign-in, failed sign-in (no user) and sign-out', async () => {
    const login = (password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.9.9.9',
        payload: { email: ctx.users.finance.email, password },
      });
    expect((await login('mala-clave')).statusCode).toBe(401);
    const [failed] = await auditEntries(ctx, 'action=login_failed&limit=1');
    expect(failed).toMatchObject({
      user: {},
      ip: '10.9.9.9',
      entity: 'session',
      changes: [change('email', null, ctx.users.finance.email)],
    });
    const { token } = (await login(ctx.users.finance.password)).json();
    const [signedIn] = await auditEntries(ctx, `action=login&userId=${ctx.users.finance.id}&limit=1`);
    expect(signedIn).toMatchObject({ user: { username: 'finance_base' }, ip: '10.9.9.9' });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect((await auditEntries(ctx, `action=logout&userId=${ctx.users.finance.id}`)).length).toBe(1);
  });
});

describe('GET /api/audit by role', () => {
  it('finance reads everything; a seller only the history of a sale they own', async () => {
    const own = await newSale();
    const other = await newSale('admin', ctx.users.admin.id);
    expect((await call('GET', '/api/audit?entity=user', h.finance)).statusCode).toBe(200);
    const mine = await call('GET', `/api/audit?entity=sale&entityId=${own.id}`, h.sales);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().entries).toHaveLength(1);
    expect(mine.json().pagination).toEqual({ page: 1, limit: 100, total: 1, totalPages: 1 });
    expect((await call('GET', `/api/audit?entity=sale&entityId=${other.id}`, h.sales)).statusCode).toBe(404);
    expect((await call('GET', '/api/audit?entity=sale', h.sales)).statusCode).toBe(403);
    expect((await call('GET', `/api/audit?entity=payment&entityId=${own.id}`, h.sales)).statusCode).toBe(403);
    expect((await call('GET', '/api/audit/verify', h.finance)).statusCode).toBe(403);
  });

  it.each([
    'entityId=0x10',
    'entityId=true',
    'entityId=1e1',
    'entity=venta',
    'action=borrar',
    'from=ayer',
    'page=0',
    'limit=101',
    'nada=1',
  ])('refuses %s with a Spanish 400', async (query) => {
    const res = await call('GET', `/api/audit?${query}`, h.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/[a-záéíóú]/i);
  });

  it('filters by date range', async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect((await auditEntries(ctx, `from=${today}&to=${today}&limit=1`)).length).toBe(1);
    expect(await auditEntries(ctx, 'from=2000-01-01&to=2000-01-02')).toEqual([]);
  });
});
