import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntryDto } from '../../../src/domain/audit';
import { readCsv } from '../../helpers/exports';
import { createSaleRefs, type SaleRefs, saleBody } from '../../helpers/sales';
import { createTestContext, type TestContext } from '../../helpers/test-app';

let ctx: TestContext;
let refs: SaleRefs;
let h: Record<'admin' | 'sales', Record<string, string>>;
beforeAll(async () => {
  ctx = await createTestContext();
  refs = await createSaleRefs(ctx, 'registro');
  h = { admin: await ctx.auth('admin'), sales: await ctx.auth('sales') };
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const history = async (saleId: number, who: 'admin' | 'sales' = 'admin') => {
  const res = await call('GET', `/api/audit?entity=sale&entityId=${saleId}`, h[who]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().entries as AuditEntryDto[];
};
const kinds = (entries: AuditEntryDto[]) => entries.map((e) => `${e.entity} ${e.action} ${e.entityId}`);

async function newSale() {
  const res = await call('POST', '/api/sales', h.sales, saleBody(refs, ctx.users.sales.id));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().sale.id as number;
}
async function newPayment(saleId: number, amount: string) {
  const body = { saleId, date: '2031-01-05', amount, method: 'cash' };
  const res = await call('POST', '/api/payments', h.sales, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payment.id as number;
}

describe("a sale's history", () => {
  it('includes its payments (deleted ones too) and its invoice, not those of another sale', async () => {
    const saleId = await newSale();
    const otherSale = await newSale();
    const kept = await newPayment(saleId, '100.00');
    const removed = await newPayment(saleId, '50.00');
    await newPayment(otherSale, '70.00');
    expect((await call('DELETE', `/api/payments/${removed}`, h.sales)).statusCode).toBe(200);
    expect((await call('PUT', `/api/sales/${saleId}`, h.sales, { status: 'completed' })).statusCode).toBe(
      200,
    );
    const invoice = await call('POST', `/api/sales/${saleId}/invoice`, h.sales, {});
    expect(invoice.statusCode, invoice.body).toBe(201);
    const invoiceId = invoice.json().invoice.id as number;

    const expected = [
      `invoice create ${invoiceId}`,
      `sale status ${saleId}`,
      `payment delete ${removed}`,
      `payment create ${removed}`,
      `payment create ${kept}`,
      `sale create ${saleId}`,
    ];
    expect(kinds(await history(saleId))).toEqual(expected);
    // The seller who owns the sale reads the same history; the other sale's stays its own.
    expect(kinds(await history(saleId, 'sales'))).toEqual(expected);
    expect(kinds(await history(otherSale))).toEqual([
      expect.stringMatching(/^payment create /),
      `sale create ${otherSale}`,
    ]);
    // The export of the history has the same entries.
    const csv = await call('GET', `/api/audit/export?format=csv&entity=sale&entityId=${saleId}`, h.admin);
    expect(readCsv(Buffer.from(csv.rawPayload)).rows.map((r) => r[0])).toEqual(
      (await history(saleId)).map((e) => String(e.id)),
    );
  });
});

describe('each entry names its record', () => {
  it('by kind, number and name, and says whether it still exists', async () => {
    const saleId = await newSale();
    const paymentId = await newPayment(saleId, '25.00');
    const [payment, sale] = await history(saleId);
    const client = refs.client.name;
    expect(sale?.subject).toEqual({ exists: true, name: client, saleId });
    expect(payment?.subject).toEqual({ exists: true, name: client, saleId });
    expect(payment?.entityId).toBe(paymentId);

    const created = await call('POST', '/api/clients', h.admin, { name: 'Cliente Efímero' });
    const clientId = created.json().client.id as number;
    const entries = async () =>
      (await call('GET', `/api/audit?entity=client&entityId=${clientId}`, h.admin)).json().entries;
    expect((await entries()).map((e: AuditEntryDto) => e.subject)).toEqual([
      { exists: true, name: 'Cliente Efímero' },
    ]);
    expect((await call('DELETE', `/api/clients/${clientId}`, h.admin)).statusCode).toBe(200);
    // Deleted: no link, and the name its own entries recorded.
    expect((await entries()).map((e: AuditEntryDto) => e.subject)).toEqual([
      { exists: false, name: 'Cliente Efímero' },
      { exists: false, name: 'Cliente Efímero' },
    ]);

    const csv = await call('GET', `/api/audit/export?format=csv&entity=sale&entityId=${saleId}`, h.admin);
    const { header, rows } = readCsv(Buffer.from(csv.rawPayload));
    const column = header.indexOf('Registro');
    expect(rows.map((r) => r[column])).toEqual([
      `Pago #${paymentId}, ${client}`,
      `Venta #${saleId}, ${client}`,
    ]);
  });
});
