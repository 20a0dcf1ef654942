import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/* GET /api/sales and /api/sales/my-sales refuse bad filters with a Spanish message (docs/product.md#sales-api). */

let ctx: TestContext;
let h: { admin: Record<string, string> };
beforeAll(async () => {
  ctx = await createTestContext();
  h = { admin: await ctx.auth('admin') };
});
afterAll(() => ctx.close());

const call = (method: 'GET', url: string, headers: Record<string, string>) =>
  ctx.app.inject({ method, url, headers });

describe('bad values', () => {
  it.each([
    [
      'status=confirmed,otro',
      'status debe ser una lista separada por comas de: draft, confirmed, completed, cancelled',
    ],
    ['status=', 'status debe ser una lista separada por comas de: draft, confirmed, completed, cancelled'],
    [
      'sort=precio',
      'sort debe ser uno de: id, creationDate, travelDate, client, salePrice (con - delante para orden descendente)',
    ],
    [
      'sort=--id',
      'sort debe ser uno de: id, creationDate, travelDate, client, salePrice (con - delante para orden descendente)',
    ],
    [
      'travelFrom=2031-02-01&travelTo=2031-01-31',
      'La fecha de viaje "desde" no puede ser posterior a la fecha "hasta"',
    ],
    [
      'createdFrom=2026-03-02&createdTo=2026-03-01',
      'La fecha de creación "desde" no puede ser posterior a la fecha "hasta"',
    ],
    ['createdFrom=2026-02-30', 'createdFrom debe ser una fecha con formato aaaa-mm-dd'],
    ['travelTo=01/02/2031', 'travelTo debe ser una fecha con formato aaaa-mm-dd'],
    ['sellerId=1e1', 'sellerId debe ser un id válido'],
    ['supplierId=0', 'supplierId debe ser un id válido'],
    ['saleType=vip', 'saleType debe ser uno de: individual, corporate, sports, group'],
    ['page=0', 'page debe ser al menos 1'],
    ['limit=101', 'limit no puede superar 100'],
  ])('%s is a 400 saying so', async (query, message) => {
    const res = await call('GET', `/api/sales?${query}`, h.admin);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect([body.message, ...(body.errors ?? []).map((e: { message: string }) => e.message)]).toContain(
      message,
    );
  });

  it('refuses unknown and repeated parameters, on my-sales too', async () => {
    for (const query of ['foo=1', 'status=draft&status=confirmed', 'q=a&q=b']) {
      for (const path of ['/api/sales', '/api/sales/my-sales']) {
        const res = await call('GET', `${path}?${query}`, h.admin);
        expect(res.statusCode, `${path}?${query}`).toBe(400);
        expect(res.json().message).toMatch(/[a-záéíóúñ]/i);
      }
    }
  });
});
