import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, saleItems, sales } from '../../../src/server/db/schema';
import { createSaleRefs, type SaleRefs, saleBody } from '../../helpers/sales';
import { createTestContext, insertUser, type TestContext } from '../../helpers/test-app';

let ctx: TestContext;
let refs: SaleRefs;
let h: Record<'admin' | 'sales' | 'finance', Record<string, string>>;
beforeAll(async () => {
  ctx = await createTestContext();
  refs = await createSaleRefs(ctx, '1');
  h = { admin: await ctx.auth('admin'), sales: await ctx.auth('sales'), finance: await ctx.auth('finance') };
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const create = async (who: 'admin' | 'sales', overrides = {}, sellerId = ctx.users.sales.id) => {
  const res = await call('POST', '/api/sales', h[who], saleBody(refs, sellerId, overrides));
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().sale;
};
const item = (
  salePrice: string | number,
  costPrice: string | number,
  passengers = [refs.passengers[0]?.id],
) => ({
  classificationId: refs.classification.id,
  supplierId: refs.supplier.id,
  operatorId: refs.operator.id,
  passengers,
  salePrice,
  costPrice,
});

describe('POST /api/sales', () => {
  it('creates a confirmed sale with items, passengers and totals computed by the server', async () => {
    const res = await call('POST', '/api/sales', h.sales, {
      ...saleBody(refs, ctx.users.sales.id),
      saleData: { ...saleBody(refs, ctx.users.sales.id).saleData, totalSale: 1, totalCost: 999999 },
    });
    expect(res.statusCode).toBe(201);
    const { sale, message } = res.json();
    expect(message).toBe('Venta creada');
    expect(sale).toEqual(
      expect.objectContaining({
        status: 'confirmed',
        salePrice: 1500.5,
        totalCost: 1200.25,
        passengerName: refs.client.name,
        client: expect.objectContaining({ id: refs.client.id, name: refs.client.name }),
        seller: expect.objectContaining({ id: ctx.users.sales.id, role: 'sales' }),
        version: 1,
      }),
    );
    expect(sale.items[0]).toEqual(
      expect.objectContaining({
        classificationName: refs.classification.name,
        supplierName: refs.supplier.name,
        operatorName: refs.operator.name,
        passengerCount: 2,
        reservationCode: 'ABC123',
        paymentDate: '2031-01-30',
      }),
    );
    expect(sale.items[0].passengers.map((p: { id: number }) => p.id).sort()).toEqual(
      refs.passengers.map((p) => p.id).sort(),
    );
  });

  it('adds many small amounts exactly to the cent', async () => {
    const items = Array.from({ length: 30 }, (_, i) => item(i % 2 ? '0.10' : 0.2, '0.01'));
    const sale = await create('admin', { items });
    expect(sale.salePrice).toBe(4.5);
    expect(sale.totalCost).toBe(0.3);
    const [row] = await ctx.db.select().from(sales).where(eq(sales.id, sale.id));
    expect(row?.salePrice).toBe('4.50');
  });

  it('forces a seller to be the seller, while an admin may choose any active user', async () => {
    const bySales = await create('sales', {}, ctx.users.admin.id);
    expect(bySales.seller.id).toBe(ctx.users.sales.id);
    const byAdmin = await create('admin', {}, ctx.users.finance.id);
    expect(byAdmin.seller.id).toBe(ctx.users.finance.id);
  });

  it('refuses finance', async () => {
    expect(
      (await call('POST', '/api/sales', h.finance, saleBody(refs, ctx.users.finance.id))).statusCode,
    ).toBe(403);
  });

  it("gives every one of the product's validation messages and writes nothing", async () => {
    const [before] = await ctx.db.select({ n: count() }).from(sales);
    const res = await call('POST', '/api/sales', h.admin, {
      saleData: {
        passengerName: '',
        clientId: '',
        travelDate: '',
        saleType: 'x',
        serviceType: 'y',
        region: 'z',
        passengerCount: 0,
        sellerId: '',
      },
      items: [
        {
          classificationId: '',
          supplierId: '0',
          operatorId: null,
          passengers: [],
          salePrice: -1,
          costPrice: 'abc',
        },
      ],
    });
    expect(res.statusCode).toBe(400);
    const messages = res.json().errors.map((e: { message: string }) => e.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'El nombre del pasajero es requerido',
        'El cliente es requerido',
        'La fecha de viaje es requerida',
        'Se requiere al menos un pasajero',
        'El vendedor es requerido',
        'La clasificación es requerida',
        'El proveedor es requerido',
        'El operador es requerido',
        'Se requiere al menos 1 pasajero',
        'El precio de venta debe ser positivo',
        'El precio de costo debe ser positivo',
      ]),
    );
    const noItems = await call('POST', '/api/sales', h.admin, {
      ...saleBody(refs, ctx.users.sales.id),
      items: [],
    });
    expect(noItems.json().message).toBe('La venta debe tener al menos un item');
    const twice = await call(
      'POST',
      '/api/sales',
      h.admin,
      saleBody(refs, ctx.users.sales.id, {
        items: [item(1, 1, [refs.passengers[0]?.id, refs.passengers[0]?.id])],
      }),
    );
    expect(twice.json().message).toBe('Un pasajero no puede agregarse dos veces');
    const threeDecimals = await call(
      'POST',
      '/api/sales',
      h.admin,
      saleBody(refs, ctx.users.sales.id, { items: [item('1.005', 1)] }),
    );
    expect(threeDecimals.statusCode).toBe(400);
    const [after] = await ctx.db.select({ n: count() }).from(sales);
    expect(after?.n).toBe(before?.n);
  });

  it('refuses references that do not exist, leaving no half-written sale', async () => {
    const [before] = await ctx.db.select({ n: count() }).from(saleItems);
    const res = await call(
      'POST',
      '/api/sales',
      h.admin,
      saleBody(refs, 999999, { items: [{ ...item(1, 1), supplierId: 999999, passengers: [999999] }] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'items.0.supplierId', message: 'El proveedor seleccionado no existe' },
        { path: 'items.0.passengers', message: 'Un pasajero seleccionado no existe' },
        { path: 'saleData.sellerId', message: 'El vendedor no existe o está inactivo' },
      ]),
    );
    const [after] = await ctx.db.select({ n: count() }).from(saleItems);
    expect(after?.n).toBe(before?.n);
  });
});

describe('reading sales', () => {
  it('shows a seller only their own sales; another seller’s sale is 404', async () => {
    const other = await insertUser(ctx.db, 'sales', 'otro');
    const foreign = await create('admin', {}, other.id);
    const mine = await create('sales');
    const list = (await call('GET', '/api/sales?limit=100', h.sales)).json();
    expect(list.sales.every((s: { seller: { id: number } }) => s.seller.id === ctx.users.sales.id)).toBe(
      true,
    );
    expect(list.sales.map((s: { id: number }) => s.id)).toContain(mine.id);
    const hidden = await call('GET', `/api/sales/${foreign.id}`, h.sales);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('Sale not found');
    expect((await call('PUT', `/api/sales/${foreign.id}`, h.sales, { status: 'cancelled' })).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/sales/${foreign.id}`, h.finance)).statusCode).toBe(200);
    const all = (await call('GET', '/api/sales?limit=100', h.admin)).json();
    expect(all.sales.map((s: { id: number }) => s.id)).toEqual(expect.arrayContaining([foreign.id, mine.id]));
  });

  it('searches passenger names, client names and sale numbers, ignoring case and accents', async () => {
    const byPassenger = await create('sales', { saleData: { passengerName: 'Begoña Íñiguez Búsqueda' } });
    const byAdmin = await create(
      'admin',
      { saleData: { passengerName: 'Íñiguez Ajena' } },
      ctx.users.admin.id,
    );
    const ids = async (q: string, who: 'admin' | 'sales' = 'admin') => {
      const res = (await call('GET', `/api/sales?q=${encodeURIComponent(q)}&limit=100`, h[who])).json();
      expect(res.pagination.total).toBe(res.sales.length);
      return res.sales.map((s: { id: number }) => s.id);
    };
    expect(await ids('INIGUEZ busq')).toEqual([byPassenger.id]);
    expect(await ids('iñiguez')).toEqual([byAdmin.id, byPassenger.id]);
    // The total counts every match, also on a page with fewer rows or none at all.
    for (const page of [1, 5]) {
      const res = (await call('GET', `/api/sales?q=iniguez&limit=1&page=${page}`, h.admin)).json();
      expect([res.sales.length, res.pagination.total]).toEqual([page === 1 ? 1 : 0, 2]);
    }
    // A seller finds only their own sales.
    expect(await ids('iñiguez', 'sales')).toEqual([byPassenger.id]);
    // The client's name (every sale here is for the same client) and the sale number.
    const clientHits = await ids(refs.client.name.toUpperCase());
    expect(clientHits).toEqual(expect.arrayContaining([byPassenger.id, byAdmin.id]));
    expect(await ids(String(byAdmin.id))).toContain(byAdmin.id);
  });

  it('filters by status on the server, pages, and lists newest first', async () => {
    const cancelled = await create('admin');
    await call('PUT', `/api/sales/${cancelled.id}`, h.admin, { status: 'cancelled' });
    const res = (await call('GET', '/api/sales?status=cancelled', h.admin)).json();
    expect(res.sales.length).toBeGreaterThan(0);
    expect(res.sales.every((s: { status: string }) => s.status === 'cancelled')).toBe(true);
    const page = (await call('GET', '/api/sales?limit=2&page=1', h.admin)).json();
    expect(page.sales).toHaveLength(2);
    expect(page.pagination.totalPages).toBe(Math.ceil(page.pagination.total / 2));
    expect(page.sales[0].id).toBeGreaterThan(page.sales[1].id);
    expect((await call('GET', '/api/sales?status=otro', h.admin)).statusCode).toBe(400);
  });

  it('my-sales lists the caller’s own sales', async () => {
    const mine = await create('admin', {}, ctx.users.admin.id);
    const res = (await call('GET', '/api/sales/my-sales', h.admin)).json();
    expect(res.sales.map((s: { id: number }) => s.id)).toContain(mine.id);
    expect(res.sales.every((s: { seller: { id: number } }) => s.seller.id === ctx.users.admin.id)).toBe(true);
  });
});

describe('status lifecycle', () => {
  const setStatus = (id: number, status: string, who: 'admin' | 'sales' = 'admin') =>
    call('PUT', `/api/sales/${id}`, h[who], { status });

  it('allows confirmed -> cancelled -> completed, and nothing after completed', async () => {
    const sale = await create('sales');
    const cancelled = await setStatus(sale.id, 'cancelled', 'sales');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().sale.status).toBe('cancelled');
    expect((await setStatus(sale.id, 'confirmed')).statusCode).toBe(409);
    expect((await setStatus(sale.id, 'completed')).json().sale.status).toBe('completed');
    for (const status of ['cancelled', 'confirmed', 'draft', 'completed']) {
      const res = await setStatus(sale.id, status);
      expect(res.statusCode, status).toBe(409);
      expect(res.json().message).toBe('Una venta liquidada no se puede modificar');
    }
    const edit = await call('PUT', `/api/sales/${sale.id}`, h.admin, {
      ...saleBody(refs, ctx.users.sales.id),
      version: 3,
    });
    expect(edit.statusCode).toBe(409);
  });

  it('refuses a transition that is not in the lifecycle with a Spanish message', async () => {
    const sale = await create('admin');
    const res = await setStatus(sale.id, 'draft');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('No se puede cambiar una venta confirmada a borrador');
    expect((await setStatus(sale.id, 'confirmed')).statusCode).toBe(409);
  });
});

describe('editing', () => {
  it('replaces items and recomputes totals in one go, bumping the version', async () => {
    const sale = await create('sales');
    const res = await call('PUT', `/api/sales/${sale.id}`, h.sales, {
      ...saleBody(refs, ctx.users.sales.id, {
        items: [item('10.10', '5.05'), item('0.20', '0.10')],
        saleData: { passengerName: 'Otro nombre' },
      }),
      version: sale.version,
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json().sale;
    expect(updated).toEqual(
      expect.objectContaining({ passengerName: 'Otro nombre', salePrice: 10.3, totalCost: 5.15, version: 2 }),
    );
    expect(updated.items).toHaveLength(2);
  });

  it('refuses a stale version and overwrites nothing', async () => {
    const sale = await create('admin');
    const body = saleBody(refs, ctx.users.sales.id, { saleData: { passengerName: 'Primera edición' } });
    expect((await call('PUT', `/api/sales/${sale.id}`, h.admin, { ...body, version: 1 })).statusCode).toBe(
      200,
    );
    const stale = await call('PUT', `/api/sales/${sale.id}`, h.admin, {
      ...saleBody(refs, ctx.users.sales.id, { saleData: { passengerName: 'Edición vieja' } }),
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('La venta fue modificada por otro usuario');
    const current = (await call('GET', `/api/sales/${sale.id}`, h.admin)).json();
    expect(current.passengerName).toBe('Primera edición');
  });

  it('catches a stale edit without a body version through If-Match or the item ids it sends', async () => {
    const sale = await create('admin');
    const loaded = await call('GET', `/api/sales/${sale.id}`, h.admin);
    expect(loaded.headers.etag).toBe('"1"');
    const edit = (name: string) => saleBody(refs, ctx.users.sales.id, { saleData: { passengerName: name } });
    const first = await ctx.app.inject({
      method: 'PUT',
      url: `/api/sales/${sale.id}`,
      headers: { ...h.admin, 'if-match': '"1"' },
      payload: edit('Con If-Match') as object,
    });
    expect(first.statusCode).toBe(200);
    const stale = await ctx.app.inject({
      method: 'PUT',
      url: `/api/sales/${sale.id}`,
      headers: { ...h.admin, 'if-match': '"1"' },
      payload: edit('If-Match viejo') as object,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('La venta fue modificada por otro usuario');
    // The first edit replaced the items: the ids the editor loaded are gone.
    const oldItemId = loaded.json().items[0].id as number;
    const body = edit('Ids viejos');
    const byIds = await call('PUT', `/api/sales/${sale.id}`, h.admin, {
      ...body,
      items: body.items.map((item) => ({ ...item, id: oldItemId })),
    });
    expect(byIds.statusCode).toBe(409);
    expect((await call('GET', `/api/sales/${sale.id}`, h.admin)).json().passengerName).toBe('Con If-Match');
    // With none of the three the edit is taken as it comes (the original client keeps no version).
    expect((await call('PUT', `/api/sales/${sale.id}`, h.admin, edit('Sin versión'))).statusCode).toBe(200);
    expect((await call('GET', `/api/sales/${sale.id}`, h.admin)).json().passengerName).toBe('Sin versión');
  });
});

describe('DELETE /api/sales/:id', () => {
  it('deletes a sale without payments, with its items', async () => {
    const sale = await create('admin');
    expect((await call('DELETE', `/api/sales/${sale.id}`, h.admin)).json()).toEqual({
      message: 'Venta eliminada',
    });
    expect(await ctx.db.select().from(saleItems).where(eq(saleItems.saleId, sale.id))).toEqual([]);
    expect((await call('DELETE', `/api/sales/${sale.id}`, h.admin)).statusCode).toBe(404);
  });

  it('refuses a sale with payments', async () => {
    const sale = await create('admin');
    await ctx.db.insert(payments).values({
      saleId: sale.id,
      paymentDate: '2031-01-01',
      amount: '10.00',
      exchangeRate: '1',
      saleAmount: '10.00',
    });
    const res = await call('DELETE', `/api/sales/${sale.id}`, h.admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('No se puede eliminar una venta con pagos registrados');
  });
});
