import { inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyToday } from '../../../src/domain/agency-day';
import { formatDate } from '../../../src/domain/format';
import { payments } from '../../../src/server/db/schema';
import { pdfText } from '../../helpers/pdf-text';
import { createSaleRefs, type SaleRefs, saleBody } from '../../helpers/sales';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/**
 * The documents (docs/product.md#documents): the receipt of a confirmed payment and the client's statement.
 */
let ctx: TestContext;
let refs: SaleRefs;
type Who = 'admin' | 'sales' | 'finance';
const call = async (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: Who = 'admin',
  payload?: object,
) => ctx.app.inject({ method, url, headers: await ctx.auth(who), ...(payload ? { payload } : {}) });
const textOf = async (pdf: Buffer) => (await pdfText(pdf)).replace(/[ \t]+/g, ' ');

/** A confirmed sale of US$ 1,500.50 sold by `sellerId`. */
async function sale(sellerId = ctx.users.sales.id, client = refs.client) {
  const body = saleBody(refs, sellerId);
  const res = await call('POST', '/api/sales', 'admin', {
    ...body,
    saleData: { ...body.saleData, clientId: client.id },
  });
  return res.json().sale.id as number;
}
async function pay(saleId: number, amount: string, extra: object = {}) {
  const res = await call('POST', '/api/payments', 'admin', { saleId, date: '2031-01-15', amount, ...extra });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().payment.id as number;
}
const receiptNumbers = async (ids: number[]) =>
  (
    await ctx.db
      .select({ id: payments.id, n: payments.receiptNumber })
      .from(payments)
      .where(inArray(payments.id, ids))
  ).map((r) => r.n);

beforeAll(async () => {
  ctx = await createTestContext();
  // No company details saved: the documents still print, headed "Agencia de viajes".
  refs = await createSaleRefs(ctx, 'recibo');
});
afterAll(() => ctx.close());

describe('the receipt of a payment', () => {
  it('prints its number, the amount in figures and Spanish words, method, reference, sale and balance after it', async () => {
    const saleId = await sale();
    const first = await pay(saleId, '200.00');
    const id = await pay(saleId, '1000.50', { method: 'transfer', reference: 'TRX-778' });
    const [n1, n2] = await receiptNumbers([first, id]);
    expect(n2).toBe((n1 ?? 0) + 1);
    const res = await call('GET', `/api/payments/${id}/receipt.pdf`, 'sales');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`Comprobante-${String(n2).padStart(6, '0')}.pdf`);
    const text = await textOf(res.rawPayload);
    expect(text).toContain('Agencia de viajes');
    expect(text).toContain(`Comprobante de pago N° ${String(n2).padStart(6, '0')}`);
    expect(text).toContain('US$ 1,000.50');
    expect(text).toContain('mil dólares con cincuenta centavos');
    expect(text).toContain('Transferencia');
    expect(text).toContain('TRX-778');
    expect(text).toContain(`#${saleId}`);
    expect(text).toContain(refs.client.name);
    // 1,500.50 - 200.00 - 1,000.50: what the sale owed once this payment was received.
    expect(text).toContain('Saldo después de este pago: US$ 300.00');
    // The earlier receipt keeps its own balance, whatever came after it.
    expect(await textOf((await call('GET', `/api/payments/${first}/receipt.pdf`)).rawPayload)).toContain(
      'Saldo después de este pago: US$ 1,300.50',
    );
  });

  it('is refused for a pending payment (409); once confirmed it gets the next number, kept if set back to pending', async () => {
    const saleId = await sale();
    const id = await pay(saleId, '50', { status: 'pending' });
    const res = await call('GET', `/api/payments/${id}/receipt.pdf`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('El comprobante es de un pago confirmado; este pago está pendiente');
    expect(await receiptNumbers([id])).toEqual([null]);
    expect((await call('POST', `/api/payments/${id}/confirm`, 'finance')).statusCode).toBe(200);
    const [n] = await receiptNumbers([id]);
    expect(n).toBeGreaterThan(0);
    await call('PUT', `/api/payments/${id}`, 'admin', { status: 'pending' });
    await call('PUT', `/api/payments/${id}`, 'admin', { status: 'confirmed' });
    expect(await receiptNumbers([id])).toEqual([n]);
    expect((await call('GET', `/api/payments/${id}/receipt.pdf`)).statusCode).toBe(200);
  });

  it('numbers parallel confirmations consecutively, without gaps or repeats; a deleted number is never reused', async () => {
    const saleId = await sale();
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await pay(saleId, '10', { status: 'pending' }));
    const results = await Promise.all(ids.map((id) => call('POST', `/api/payments/${id}/confirm`, 'admin')));
    expect(results.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
    const numbers = ((await receiptNumbers(ids)) as number[]).sort((a, b) => a - b);
    const lowest = numbers[0] ?? 0;
    expect(numbers).toEqual(ids.map((_, i) => lowest + i));
    // The payment holding the highest number is deleted: the next payment does not get that number again.
    expect((await call('DELETE', `/api/payments/${ids.at(-1)}`, 'admin')).statusCode).toBe(200);
    const next = await pay(saleId, '10');
    expect(await receiptNumbers([next])).toEqual([(numbers.at(-1) ?? 0) + 1]);
  });

  it("is a 404 for another seller's payment", async () => {
    const id = await pay(await sale(ctx.users.admin.id), '10');
    expect((await call('GET', `/api/payments/${id}/receipt.pdf`, 'sales')).statusCode).toBe(404);
    expect((await call('GET', `/api/payments/${id}/receipt.pdf`, 'finance')).statusCode).toBe(200);
  });
});

describe("the client's statement", () => {
  let client: { id: number; name: string };
  let own: number;
  let foreign: number;
  beforeAll(async () => {
    const res = await call('POST', '/api/clients', 'admin', {
      name: 'Cliente Estado',
      clientId: '12.345.678-5',
    });
    client = Object.values(res.json()).find((v) => typeof v === 'object') as typeof client;
    own = await sale(ctx.users.sales.id, client);
    foreign = await sale(ctx.users.admin.id, client);
    const cancelled = await sale(ctx.users.sales.id, client);
    await call('PUT', `/api/sales/${cancelled}`, 'admin', { status: 'cancelled' });
    await pay(own, '500.25', { date: '2031-01-10', reference: 'DENTRO' });
    await pay(own, '100', { date: '2020-01-10', reference: 'FUERA' });
    await pay(foreign, '0.50', { date: '2031-01-11' });
  });

  it('lists the non-cancelled sales and the payments in the range, and the balance with its aging as Cobranza has it', async () => {
    const res = await call(
      'GET',
      `/api/clients/${client.id}/statement?format=pdf&from=2021-01-01`,
      'finance',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await textOf(res.rawPayload);
    expect(text).toContain('Estado de cuenta - Cliente Estado');
    expect(text).toContain(`${own} ${formatDate(agencyToday())}`);
    expect(text).toContain('US$ 500.25');
    expect(text).toContain('US$ 0.50');
    expect(text).not.toContain('FUERA');
    expect(text).toContain('DENTRO');
    const cobranza = (
      await call('GET', `/api/reports/receivables/${client.id}?asOf=${agencyToday()}`, 'finance')
    ).json();
    // 3 x 1,500.50 - cancelled - 500.25 - 100 - 0.50 = 2,400.25 owed, not yet due (travel in 2031).
    expect(cobranza.client.pendingAmount).toBe(2400.25);
    expect(text).toContain('Saldo pendiente: US$ 2,400.25');
    expect(text).toMatch(/Por vencer US\$ 2,400\.25/);
  });

  it('as a workbook: Ventas, Pagos and Saldo with the same figures, as numbers', async () => {
    const res = await call('GET', `/api/clients/${client.id}/statement?format=xlsx`, 'admin');
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Ventas', 'Pagos', 'Saldo']);
    const column = (sheet: string, n: number) =>
      (book.getWorksheet(sheet)?.getColumn(n).values ?? []).slice(2).filter((v) => v !== undefined);
    expect(column('Ventas', 1)).toEqual([own, foreign]);
    expect(column('Ventas', 6)).toEqual([1500.5, 1500.5]);
    expect(column('Pagos', 6).sort()).toEqual([0.5, 100, 500.25].sort());
    expect(column('Saldo', 2).at(-1)).toBe(2400.25);
  });

  it("holds only a seller's own sales for a seller; refuses a bad range", async () => {
    const text = await textOf(
      (await call('GET', `/api/clients/${client.id}/statement?format=pdf`, 'sales')).rawPayload,
    );
    expect(text).not.toContain('US$ 0.50');
    // The seller's sale only: 1,500.50 - 500.25 - 100.
    expect(text).toContain('Saldo pendiente: US$ 900.25');
    const bad = await call(
      'GET',
      `/api/clients/${client.id}/statement?format=pdf&from=2031-02-01&to=2031-01-01`,
    );
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', `/api/clients/${client.id}/statement?format=doc`)).statusCode).toBe(400);
    expect((await call('GET', '/api/clients/999999/statement?format=pdf')).statusCode).toBe(404);
  });
});
