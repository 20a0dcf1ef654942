import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSaleRefs, type SaleRefs, saleBody } from '../../helpers/sales';
import { createTestContext, insertUser, type TestContext } from '../../helpers/test-app';

/* GET /api/sales and /api/sales/my-sales: search, filters, sorts, pages and scope (docs/product.md#sales-list). */

let ctx: TestContext;
let refs: SaleRefs;
let h: Record<'admin' | 'sales' | 'finance' | 'other', Record<string, string>>;
let other: { id: number };
type Ref = { id: number; name: string };
let jose: Ref;
let zeta: Ref;
let supplierB: Ref;
let classificationB: Ref;
let inigo: Ref;
/** s1..s4 in creation order; see beforeAll. */
const s: number[] = [];

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function post(url: string, payload: object): Promise<Ref> {
  const res = await call('POST', url, h.admin, payload);
  if (res.statusCode !== 201) throw new Error(`${url}: ${res.body}`);
  return Object.values(res.json()).find((v) => typeof v === 'object') as Ref;
}

function item(over: {
  supplier?: Ref;
  classification?: Ref;
  code?: string;
  passengers?: number[];
  price?: string;
}) {
  return {
    classificationId: (over.classification ?? refs.classification).id,
    supplierId: (over.supplier ?? refs.supplier).id,
    operatorId: refs.operator.id,
    passengers: over.passengers ?? [refs.passengers[0]?.id],
    salePrice: over.price ?? '100.00',
    costPrice: '50.00',
    reservationCode: over.code ?? null,
  };
}

async function createSale(sellerId: number, saleData: object, items: object[], created: string) {
  const res = await call('POST', '/api/sales', h.admin, saleBody(refs, sellerId, { saleData, items }));
  if (res.statusCode !== 201) throw new Error(res.body);
  const id: number = res.json().sale.id;
  await ctx.db.execute(sql`update sales set creation_date = ${created}::timestamptz where id = ${id}`);
  s.push(id);
  return id;
}

interface ListReply {
  sales: Array<{
    id: number;
    seller: { id: number };
    paidAmount: number;
    pendingAmount: number;
    salePrice: number;
  }>;
  pagination: { page: number; limit: number; total: number; totalPages: number; totalCapped: boolean };
}

async function list(query: string, who: keyof typeof h = 'admin', path = '/api/sales'): Promise<ListReply> {
  const res = await call('GET', `${path}?${query}`, h[who]);
  if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body}`);
  return res.json();
}
const ids = async (query: string, who: keyof typeof h = 'admin', path?: string) =>
  (await list(query, who, path)).sales.map((sale) => sale.id);
/** Only the four sales of this file (the capped test adds others, travelling in 2030). */
const mine = (query: string, who: keyof typeof h = 'admin', path?: string) =>
  ids(`travelFrom=2031-01-01&${query}`, who, path);
const q = (text: string, who: keyof typeof h = 'admin') => ids(`q=${encodeURIComponent(text)}`, who);

/** The second sale's data, created and then edited with other items. */
const carlosSoto = () => ({
  clientId: zeta.id,
  passengerName: 'Carlos Soto',
  travelDate: '2031-05-10',
  saleType: 'corporate',
  serviceType: 'hotel',
  region: 'international',
});

beforeAll(async () => {
  ctx = await createTestContext();
  const otherUser = await insertUser(ctx.db, 'sales', 'otro');
  other = otherUser;
  h = {
    admin: await ctx.auth('admin'),
    sales: await ctx.auth('sales'),
    finance: await ctx.auth('finance'),
    other: {
      authorization: `Bearer ${(await call('POST', '/api/auth/login', {}, { email: otherUser.email, password: otherUser.password })).json().token}`,
    },
  };
  refs = await createSaleRefs(ctx, 'f');
  jose = await post('/api/clients', { name: 'José Núñez Pérez', clientId: '12.345.678-5' });
  zeta = await post('/api/clients', { name: 'Zeta Viajes Ltda', clientId: '76.543.209-K' });
  supplierB = await post('/api/suppliers', { name: 'Proveedor Bravo' });
  classificationB = await post('/api/classifications', { name: 'Clasificación Bravo' });
  inigo = await post('/api/passengers', {
    name: 'Íñigo Fernández',
    passengerId: '9.876.543-3',
    dateOfBirth: '1980-01-01',
  });
  const seller = ctx.users.sales.id;
  await createSale(
    seller,
    {
      clientId: jose.id,
      passengerName: 'Begoña Íñiguez',
      travelDate: '2031-03-01',
      saleType: 'individual',
      serviceType: 'flight',
      region: 'national',
    },
    [item({ code: 'QX7TZ9', price: '1000.00' })],
    '2026-01-10T12:00:00Z',
  );
  await createSale(
    other.id,
    carlosSoto(),
    [item({ supplier: supplierB, classification: classificationB, code: 'LM4KP2', price: '250.00' })],
    '2026-02-15T23:30:00Z',
  );
  await createSale(
    seller,
    {
      clientId: zeta.id,
      passengerName: 'Ana Lagos',
      travelDate: '2031-07-20',
      saleType: 'group',
      serviceType: 'package',
      region: 'regional',
    },
    [
      item({ classification: classificationB, passengers: [inigo.id], price: '500.00' }),
      item({ supplier: supplierB, price: '300.00' }),
    ],
    '2026-03-01T00:10:00Z',
  );
  await createSale(
    seller,
    {
      clientId: jose.id,
      passengerName: 'Diego Ruiz',
      travelDate: '2031-07-20',
      saleType: 'individual',
      serviceType: 'flight',
      region: 'national',
    },
    [item({ price: '400.00' })],
    '2026-03-20T15:00:00Z',
  );
  expect((await call('PUT', `/api/sales/${s[2]}`, h.admin, { status: 'cancelled' })).statusCode).toBe(200);
  await ctx.db.execute(sql`update sales set status = 'draft' where id = ${s[3]}`);
});
afterAll(() => ctx.close());

describe('search', () => {
  it('finds passenger and client names whatever the case and accents', async () => {
    expect(await q('INIGUEZ')).toEqual([s[0]]);
    expect(await q('begoña íñiguez')).toEqual([s[0]]);
    expect(await q('nunez')).toEqual([s[3], s[0]]);
    expect(await q('zeta viajes')).toEqual([s[2], s[1]]);
    // An item's passenger, by name and by ID without its dots and dash.
    expect(await q('inigo FERNANDEZ')).toEqual([s[2]]);
    expect(await q('98765433')).toEqual([s[2]]);
    // Parts of the text never run into each other: passenger name then client name.
    expect(await q('iniguez jose')).toEqual([]);
  });

  it('finds the client RUT with or without dots and dashes, and reservation codes', async () => {
    for (const rut of ['12.345.678-5', '12345678-5', '123456785', '345.678']) {
      expect(await q(rut)).toEqual([s[3], s[0]]);
    }
    expect(await q('76543209k')).toEqual([s[2], s[1]]);
    expect(await q('76.543.209-K')).toEqual([s[2], s[1]]);
    expect(await q('qx7tz9')).toEqual([s[0]]);
    expect(await q('LM4K')).toEqual([s[1]]);
  });

  it('finds a sale by its number, also written #n', async () => {
    expect(await q(String(s[1]))).toContain(s[1]);
    expect(await q(`#${s[1]}`)).toEqual([s[1]]);
  });

  it('follows renames, new items and edits, kept by the database', async () => {
    expect(
      (
        await call('PUT', `/api/clients/${zeta.id}`, h.admin, {
          name: 'Zafiro Tours',
          clientId: '76.543.209-K',
        })
      ).statusCode,
    ).toBe(200);
    expect(await q('zafiro')).toEqual([s[2], s[1]]);
    expect(await q('zeta viajes')).toEqual([]);
    const renamed = await call('PUT', `/api/passengers/${inigo.id}`, h.admin, {
      name: 'Íñigo Olmedo',
      passengerId: '9.876.543-3',
      dateOfBirth: '1980-01-01',
    });
    expect(renamed.statusCode).toBe(200);
    expect(await q('olmedo')).toEqual([s[2]]);
    // An edit replaces the items: the old reservation code no longer finds the sale.
    const edit = await call('PUT', `/api/sales/${s[1]}`, h.admin, {
      ...saleBody(refs, other.id, {
        saleData: carlosSoto(),
        items: [
          item({ supplier: supplierB, classification: classificationB, code: 'NW8RR1', price: '250.00' }),
        ],
      }),
      version: 1,
    });
    expect(edit.statusCode).toBe(200);
    expect(await q('LM4K')).toEqual([]);
    expect(await q('nw8rr1')).toEqual([s[1]]);
    // Whatever the path of the change, the stored text is what a full rebuild computes.
    const stale = await ctx.db.execute(
      sql`select id from sales where search_text <> sales_search_text(id, passenger_name, client_id)`,
    );
    expect((stale as unknown as { rows: unknown[] }).rows).toEqual([]);
    // The bulk rebuild (migration backfill, large seeds) writes the very same text.
    const before = await ctx.db.execute(sql`select id, search_text from sales order by id`);
    await ctx.db.execute(sql`update sales set search_text = ''`);
    await ctx.db.execute(sql`select rebuild_sales_search_text()`);
    expect(await ctx.db.execute(sql`select id, search_text from sales order by id`)).toMatchObject({
      rows: (before as unknown as { rows: unknown[] }).rows,
    });
  });

  it('is written once per sale, at commit, from the sale as the transaction left it', async () => {
    const text = async (id: number) => {
      const result = await ctx.db.execute(sql`select search_text from sales where id = ${id}`);
      return (result as unknown as { rows: { search_text: string }[] }).rows[0]?.search_text;
    };
    const { id, inside } = await ctx.db.transaction(async (tx) => {
      const created = await tx.execute(sql`
        insert into sales (passenger_name, client_id, travel_date, sale_type, service_type, region,
                           passenger_count, seller_id)
        values ('Úrsula Quiroga', ${jose.id}, '2031-05-05', 'individual', 'package', 'national', 1,
                ${other.id}) returning id`);
      const saleId = (created as unknown as { rows: { id: number }[] }).rows[0]?.id as number;
      // Items and passengers in several statements, a code changed and an item removed on the way.
      const addItem = async (code: string) => {
        const added = await tx.execute(sql`
          insert into sale_items (sale_id, classification_id, supplier_id, operator_id, reservation_code,
                                  sale_price, cost_price, passenger_count)
          values (${saleId}, ${refs.classification.id}, ${refs.supplier.id}, ${refs.operator.id}, ${code},
                  10, 5, 1) returning id`);
        return (added as unknown as { rows: { id: number }[] }).rows[0]?.id as number;
      };
      const first = await addItem('QX1AAA');
      const second = await addItem('QX2BBB');
      await tx.execute(
        sql`insert into sale_item_passengers (sale_item_id, passenger_id) values (${second}, ${inigo.id})`,
      );
      await tx.execute(sql`update sale_items set reservation_code = 'QX3CCC' where id = ${second}`);
      await tx.execute(sql`delete from sale_items where id = ${first}`);
      const seen = await tx.execute(sql`select search_text from sales where id = ${saleId}`);
      return {
        id: saleId,
        inside: (seen as unknown as { rows: { search_text: string }[] }).rows[0]?.search_text,
      };
    });
    // Deferred to the commit: inside the transaction nothing was recomputed yet.
    expect(inside).toBe('');
    const stored = await text(id);
    const rebuilt = await ctx.db.execute(
      sql`select sales_search_text(id, passenger_name, client_id) as t from sales where id = ${id}`,
    );
    expect(stored).toBe((rebuilt as unknown as { rows: { t: string }[] }).rows[0]?.t);
    expect(stored).toContain('ursula quiroga');
    expect(stored).toContain('qx3ccc');
    expect(stored).toContain('olmedo');
    expect(stored).not.toContain('qx1aaa');
    expect(stored).not.toContain('qx2bbb');
    await ctx.db.execute(sql`delete from sales where id = ${id}`);
  });

  it('lets a seller find only their own sales', async () => {
    expect(await q('zafiro', 'sales')).toEqual([s[2]]);
    expect(await q('zafiro', 'other')).toEqual([s[1]]);
    expect(await ids('q=zafiro', 'sales', '/api/sales/my-sales')).toEqual([s[2]]);
  });
});

describe('filters', () => {
  it('filters by a list of statuses, drafts included', async () => {
    expect(await mine('status=draft')).toEqual([s[3]]);
    expect(await mine('status=confirmed,cancelled')).toEqual([s[2], s[1], s[0]]);
    expect(await mine('status=confirmed')).toEqual([s[1], s[0]]);
  });

  it('filters travel and creation dates, both ends included, creation by the UTC day', async () => {
    expect(await ids('travelFrom=2031-05-10&travelTo=2031-07-20')).toEqual([s[3], s[2], s[1]]);
    expect(await ids('travelTo=2031-03-01')).toEqual([s[0]]);
    expect(await mine('createdFrom=2026-02-15&createdTo=2026-03-01')).toEqual([s[2], s[1]]);
    expect(await mine('createdTo=2026-02-14')).toEqual([s[0]]);
    expect(await mine('createdFrom=2026-03-02')).toEqual([s[3]]);
  });

  it('filters seller, supplier (any item), classification (any item), sale type, region and service', async () => {
    expect(await mine(`sellerId=${other.id}`)).toEqual([s[1]]);
    expect(await mine(`supplierId=${refs.supplier.id}`)).toEqual([s[3], s[2], s[0]]);
    expect(await mine(`supplierId=${supplierB.id}`)).toEqual([s[2], s[1]]);
    expect(await mine(`classificationId=${classificationB.id}`)).toEqual([s[2], s[1]]);
    expect(await mine(`classificationId=${refs.classification.id}`)).toEqual([s[3], s[2], s[0]]);
    expect(await mine('saleType=individual')).toEqual([s[3], s[0]]);
    expect(await mine('region=international')).toEqual([s[1]]);
    expect(await mine('serviceType=package')).toEqual([s[2]]);
    expect(await mine(`serviceType=flight&status=confirmed&supplierId=${refs.supplier.id}`)).toEqual([s[0]]);
  });

  it('lists the sellers to filter by for admin and finance, not for a seller', async () => {
    const res = await call('GET', '/api/sales/sellers', h.finance);
    expect(res.statusCode).toBe(200);
    const sellers: Array<{ id: number; username: string }> = res.json().sellers;
    expect(sellers.map((x) => x.id)).toEqual(
      expect.arrayContaining([other.id, ctx.users.sales.id, ctx.users.admin.id]),
    );
    expect(sellers.map((x) => x.id)).not.toContain(ctx.users.finance.id);
    expect((await call('GET', '/api/sales/sellers', h.sales)).statusCode).toBe(403);
  });

  it('applies every filter inside a seller’s scope', async () => {
    expect(await mine('', 'sales')).toEqual([s[3], s[2], s[0]]);
    expect(await mine(`sellerId=${other.id}`, 'sales')).toEqual([]);
    expect(await mine(`supplierId=${supplierB.id}`, 'sales')).toEqual([s[2]]);
    expect(await mine(`supplierId=${supplierB.id}`, 'other', '/api/sales/my-sales')).toEqual([s[1]]);
    expect(await mine('region=national', 'finance')).toEqual([s[3], s[0]]);
  });

  it('carries what the client paid (confirmed payments only) and what is pending, exactly', async () => {
    const pay = (amount: string, status: string) =>
      call('POST', '/api/payments', h.admin, {
        saleId: s[0],
        date: '2026-01-11',
        amount,
        method: 'transfer',
        reference: `R-${amount}`,
        status,
      });
    expect((await pay('300.10', 'confirmed')).statusCode).toBe(201);
    expect((await pay('0.20', 'confirmed')).statusCode).toBe(201);
    expect((await pay('50.00', 'pending')).statusCode).toBe(201);
    const [sale] = (await list(`q=${encodeURIComponent('QX7TZ9')}`)).sales;
    expect(sale).toMatchObject({ id: s[0], salePrice: 1000, paidAmount: 300.3, pendingAmount: 699.7 });
    const [unpaid] = (await list(`q=${encodeURIComponent('Diego Ruiz')}`)).sales;
    expect(unpaid).toMatchObject({ id: s[3], paidAmount: 0, pendingAmount: 400 });
  });
});

describe('sorting and paging', () => {
  it('sorts by each field both ways, the sale number breaking ties', async () => {
    const [a, b, c, d] = s as [number, number, number, number];
    expect(await mine('sort=id')).toEqual([a, b, c, d]);
    expect(await mine('sort=-id')).toEqual([d, c, b, a]);
    expect(await mine('sort=creationDate')).toEqual([a, b, c, d]);
    expect(await mine('sort=travelDate')).toEqual([a, b, c, d]);
    expect(await mine('sort=-travelDate')).toEqual([d, c, b, a]);
    expect(await mine('sort=salePrice')).toEqual([b, d, c, a]);
    expect(await mine('sort=-salePrice')).toEqual([a, c, d, b]);
    // José Núñez Pérez before Zafiro Tours; within a client by number.
    expect(await mine('sort=client')).toEqual([a, d, b, c]);
    expect(await mine('sort=-client')).toEqual([c, b, d, a]);
    // The same order when the list is a search.
    expect(await ids('q=a&sort=-salePrice&travelFrom=2031-01-01')).toEqual([a, c, d, b]);
  });

  it('pages through the filtered list with the total of the filter', async () => {
    const first = await list('travelFrom=2031-01-01&sort=id&limit=3');
    expect(first.sales.map((x) => x.id)).toEqual(s.slice(0, 3));
    expect(first.pagination).toEqual({
      page: 1,
      limit: 3,
      total: 4,
      totalPages: 2,
      totalCapped: false,
      nextCursor: expect.any(String),
    });
    const second = await list('travelFrom=2031-01-01&sort=id&limit=3&page=2');
    expect(second.sales.map((x) => x.id)).toEqual(s.slice(3));
    const searched = await list('q=zafiro&limit=1&page=2');
    expect([searched.sales.map((x) => x.id), searched.pagination.total]).toEqual([[s[1]], 2]);
    const past = await list('q=zafiro&limit=1&page=9');
    expect([past.sales, past.pagination.total]).toEqual([[], 2]);
  });
});

describe('a broad search', () => {
  it('counts at most 1,000 matches, says so, and still pages newest first', async () => {
    // 1,100 sales whose passenger name holds "masivo", created one minute apart.
    await ctx.db.execute(sql`
      insert into sales (passenger_name, client_id, seller_id, creation_date, travel_date, sale_type,
                         service_type, region)
      select 'Masivo ' || g, ${jose.id}, ${ctx.users.sales.id}, now() - g * interval '1 minute', '2030-01-01',
             'individual', 'hotel', 'national'
      from generate_series(1, 1100) g`);
    const broad = await list('q=MASIVO&limit=20');
    expect(broad.pagination).toEqual({
      page: 1,
      limit: 20,
      total: 1000,
      totalPages: 50,
      totalCapped: true,
      nextCursor: expect.any(String),
    });
    const names = await ctx.db.execute(
      sql`select id from sales where passenger_name like 'Masivo %' order by creation_date desc, id desc limit 40`,
    );
    const newest = (names as unknown as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id));
    expect(broad.sales.map((x) => x.id)).toEqual(newest.slice(0, 20));
    expect(await ids('q=masivo&limit=20&page=2')).toEqual(newest.slice(20, 40));
    // A filter that the summary cannot count is capped too; the summary's exact count is not.
    expect((await list('createdFrom=2000-01-01')).pagination).toMatchObject({
      total: 1000,
      totalCapped: true,
    });
    expect((await list('status=confirmed')).pagination).toMatchObject({ total: 1102, totalCapped: false });
    // A narrow search among them is exact.
    expect((await list('q=masivo 1099')).pagination).toMatchObject({ total: 1, totalCapped: false });
  });
});
