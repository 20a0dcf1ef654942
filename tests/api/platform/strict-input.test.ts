import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, currencyRates, sales } from '../../../src/server/db/schema';
import { errorsPlugin } from '../../../src/server/plugins/errors';
import { createSaleRefs, type SaleRefs, saleBody } from '../../helpers/sales';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/** Wrong types, look-alike numbers and control characters are 400s that change nothing. */
let ctx: TestContext;
let refs: SaleRefs;
let admin: Record<string, string>;
let saleIds: number[];

beforeAll(async () => {
  ctx = await createTestContext();
  refs = await createSaleRefs(ctx, 'estricto');
  admin = await ctx.auth('admin');
  saleIds = [];
  for (let n = 0; n < 16; n++) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/sales',
      headers: admin,
      payload: saleBody(refs, ctx.users.sales.id),
    });
    saleIds.push(res.json().sale.id);
  }
});
afterAll(() => ctx.close());

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...admin, 'content-type': 'application/json' },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });

describe('control characters', () => {
  it('refuses a NUL in a body field, a query parameter or a path, before any write', async () => {
    const before = await ctx.db.select().from(clients);
    for (const [method, url, body] of [
      ['POST', '/api/clients', { name: 'a\u0000b' }],
      ['POST', '/api/clients', { name: 'Bien', address: 'calle\u0007' }],
      ['GET', '/api/clients?q=%00', undefined],
      ['GET', '/api/sales?q=ab%00', undefined],
      ['GET', '/api/clients/search?q=%1F', undefined],
      ['GET', '/api/clients/1%00', undefined],
    ] as const) {
      const res = await send(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json().message).toBe('El texto contiene caracteres de control no permitidos');
    }
    expect(await ctx.db.select().from(clients)).toEqual(before);
  });

  it('keeps tabs and line breaks, which are text', async () => {
    const res = await send('POST', '/api/clients', { name: 'Con salto', address: 'Calle 1\nDepto 2' });
    expect(res.statusCode).toBe(201);
  });

  it('answers a value the database cannot store with a 400, never a 500', async () => {
    const app = Fastify();
    await app.register(errorsPlugin);
    app.get('/nul', async () => {
      throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    });
    const res = await app.inject({ method: 'GET', url: '/nul' });
    expect(res.statusCode).toBe(400);
    await app.close();
  });
});

describe('no coercion', () => {
  it('refuses booleans and arrays where a number or an id goes', async () => {
    const [eur] = await ctx.db
      .insert(currencyRates)
      .values({ currency: 'EUR', rate: '1.08', unitsPerUsd: '0.9259259259259259', isActive: true })
      .returning();
    for (const rate of [true, [2], '0x10', '1e1', ' 2', null]) {
      const res = await send('PUT', `/api/company/currency-rates/${eur?.id}`, { rate, isActive: true });
      expect(res.statusCode, JSON.stringify(rate)).toBe(400);
    }
    const [after] = await ctx.db.select().from(currencyRates).where(eq(currencyRates.currency, 'EUR'));
    expect(after?.rate).toBe('1.0800000000000000');

    const count = async () => (await ctx.db.select().from(sales)).length;
    const salesBefore = await count();
    for (const clientId of [true, [refs.client.id], `0x${refs.client.id.toString(16)}`, '1e1']) {
      const res = await send(
        'POST',
        '/api/sales',
        saleBody(refs, ctx.users.sales.id, { saleData: { clientId } }),
      );
      expect(res.statusCode, JSON.stringify(clientId)).toBe(400);
    }
    expect(await count()).toBe(salesBefore);

    await ctx.db
      .insert(currencyRates)
      .values({ currency: 'USD', rate: '1', unitsPerUsd: '1', isActive: true });
    for (const supplierId of [true, [refs.supplier.id], '0x1']) {
      const res = await send('POST', '/api/supplier-payments', {
        supplierId,
        amount: 10,
        currency: 'USD',
        paymentDate: '2031-01-01',
        description: 'x',
      });
      expect(res.statusCode, JSON.stringify(supplierId)).toBe(400);
    }
  });

  it('refuses an item that is not an object (found by the fuzz test: it was a 500)', async () => {
    for (const items of [[null], [1, null], ['x']]) {
      const body = { ...saleBody(refs, ctx.users.sales.id), items };
      expect((await send('POST', '/api/sales', body)).statusCode, JSON.stringify(items)).toBe(400);
      expect((await send('PUT', `/api/sales/${saleIds[0]}`, body)).statusCode, JSON.stringify(items)).toBe(
        400,
      );
    }
  });

  it('reads a path id only as plain digits: 0x10, 1e1, 10.0 and " 10" are 400', async () => {
    const sixteenth = saleIds[15];
    expect(sixteenth).toBe(16);
    for (const id of ['0x10', '1e1', '10.0', '%2010', '+10', '010', '-1', '0', '99999999999']) {
      expect((await send('DELETE', `/api/sales/${id}`)).statusCode, id).toBe(400);
      expect((await send('GET', `/api/sales/${id}`)).statusCode, id).toBe(400);
    }
    expect((await ctx.db.select().from(sales).where(eq(sales.id, 16))).length).toBe(1);
    expect((await send('GET', '/api/sales/10')).statusCode).toBe(200);
  });

  it('reads page and limit only as plain digits', async () => {
    for (const query of ['page=1e1', 'page=0x2', 'limit=true', 'limit=10.5', 'page=%201']) {
      expect((await send('GET', `/api/sales?${query}`)).statusCode, query).toBe(400);
    }
    expect((await send('GET', '/api/sales?page=2&limit=5')).json().pagination.page).toBe(2);
  });
});

describe('money', () => {
  const withPrice = (salePrice: unknown) =>
    saleBody(refs, ctx.users.sales.id, {
      items: [
        {
          classificationId: refs.classification.id,
          supplierId: refs.supplier.id,
          operatorId: refs.operator.id,
          passengers: [refs.passengers[0]?.id],
          salePrice,
          costPrice: 1,
        },
      ],
    });

  it('takes a JSON number or a plain decimal string, and says what is wrong otherwise', async () => {
    expect((await send('POST', '/api/sales', withPrice('12.50'))).json().sale.salePrice).toBe(12.5);
    for (const [price, message] of [
      [300.123, 'El precio de venta admite como máximo 2 decimales'],
      ['300.123', 'El precio de venta admite como máximo 2 decimales'],
      [1e12, 'El precio de venta no puede superar 999,999,999,999.99'],
      [-5, 'El precio de venta debe ser positivo'],
      [true, 'El precio de venta debe ser positivo'],
      ['1e3', 'El precio de venta debe ser positivo'],
    ] as const) {
      const res = await send('POST', '/api/sales', withPrice(price));
      expect(res.statusCode, String(price)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});
