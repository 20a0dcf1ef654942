import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyToday } from '../../../src/domain/agency-day';
import { pdfText } from '../../helpers/pdf-text';
import { createSaleRefs, type SaleRefs, saleBody } from '../../helpers/sales';
import { createTestContext, insertUser, type TestContext } from '../../helpers/test-app';

let ctx: TestContext;
let refs: SaleRefs;
let h: Record<'admin' | 'sales' | 'finance', Record<string, string>>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
// The agency's year: on 31 December after 21:00 in Santiago the UTC year is already the next one.
const year = agencyToday().slice(0, 4);

/** A completed (liquidada) sale of 1500.50 sold by `sellerId`. */
async function completedSale(sellerId = ctx.users.sales.id) {
  const sale = (await call('POST', '/api/sales', h.admin, saleBody(refs, sellerId))).json().sale;
  await call('PUT', `/api/sales/${sale.id}`, h.admin, { status: 'completed' });
  return sale as { id: number };
}
const generate = (saleId: number, who: 'admin' | 'sales' = 'admin') =>
  call('POST', `/api/sales/${saleId}/invoice`, h[who]);

beforeAll(async () => {
  ctx = await createTestContext();
  refs = await createSaleRefs(ctx, 'fact');
  h = { admin: await ctx.auth('admin'), sales: await ctx.auth('sales'), finance: await ctx.auth('finance') };
  await call('PUT', '/api/company/settings', h.admin, {
    name: 'Viajes Test SpA',
    taxId: '76.000.000-0',
    address: 'Calle Falsa 123',
    email: 'facturas@test.cl',
    phone: '+56 2 0000 0000',
  });
});
afterAll(() => ctx.close());

describe('generating invoices', () => {
  it('numbers 20 concurrent invoices without gaps or duplicates', async () => {
    const sales = [];
    for (let i = 0; i < 20; i++) sales.push(await completedSale());
    const results = await Promise.all(sales.map((s) => generate(s.id)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const numbers = results.map((r) => r.json().invoice.invoiceNumber as string).sort();
    expect(numbers).toEqual(
      Array.from({ length: 20 }, (_, i) => `F-${year}-${String(i + 1).padStart(6, '0')}`),
    );
  });

  it('gives one invoice per sale even when asked twice at once; later calls open the same one', async () => {
    const sale = await completedSale();
    const [a, b] = await Promise.all([generate(sale.id), generate(sale.id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().invoice.id).toBe(b.json().invoice.id);
    const again = await generate(sale.id, 'sales');
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('La venta ya tiene una factura activa');
  });

  it('copies the sale total, client, company and items', async () => {
    const sale = await completedSale();
    const invoice = (await generate(sale.id)).json().invoice;
    expect(invoice).toEqual(
      expect.objectContaining({
        saleId: sale.id,
        amount: 1500.5,
        currency: 'USD',
        status: 'pending',
        date: agencyToday(),
        client: expect.objectContaining({ name: refs.client.name }),
        company: expect.objectContaining({ name: 'Viajes Test SpA', taxId: '76.000.000-0' }),
      }),
    );
    expect(invoice.items[0]).toEqual(
      expect.objectContaining({ salePrice: 1500.5, supplierName: refs.supplier.name }),
    );
  });

  it('refuses a sale that is not completed, and hides other sellers’ sales', async () => {
    const open = (await call('POST', '/api/sales', h.admin, saleBody(refs, ctx.users.sales.id))).json().sale;
    const res = await generate(open.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Solo se puede facturar una venta liquidada');
    const other = await insertUser(ctx.db, 'sales', 'factajeno');
    const foreign = await completedSale(other.id);
    expect((await generate(foreign.id, 'sales')).statusCode).toBe(404);
    expect((await call('POST', `/api/sales/${foreign.id}/invoice`, h.finance)).statusCode).toBe(403);
  });
});

describe('invoice status and cancellation', () => {
  it('is pending while the sale has a balance and paid once confirmed payments cover it', async () => {
    const sale = await completedSale();
    const { id } = (await generate(sale.id)).json().invoice;
    const status = async () => (await call('GET', `/api/invoices/${id}`, h.admin)).json().invoice.status;
    await call('POST', '/api/payments', h.admin, {
      saleId: sale.id,
      date: '2031-01-01',
      amount: '1500.50',
      status: 'pending',
    });
    expect(await status()).toBe('pending');
    await call('POST', '/api/payments', h.admin, { saleId: sale.id, date: '2031-01-01', amount: '1000.50' });
    expect(await status()).toBe('pending');
    await call('POST', '/api/payments', h.admin, { saleId: sale.id, date: '2031-01-02', amount: '500' });
    expect(await status()).toBe('paid');
    const paid = (await call('GET', '/api/invoices?status=paid&limit=100', h.admin)).json().invoices;
    expect(paid.map((i: { id: number }) => i.id)).toContain(id);
  });

  it('an admin cancels with a reason, after which a new invoice with a new number may be issued', async () => {
    const sale = await completedSale();
    const first = (await generate(sale.id)).json().invoice;
    expect(
      (await call('POST', `/api/invoices/${first.id}/cancel`, h.sales, { reason: 'x' })).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/api/invoices/${first.id}/cancel`, h.admin, { reason: '' })).json().message,
    ).toBe('El motivo es requerido');
    const cancelled = await call('POST', `/api/invoices/${first.id}/cancel`, h.admin, {
      reason: 'Datos del cliente erróneos',
    });
    expect(cancelled.json().invoice).toEqual(
      expect.objectContaining({ status: 'cancelled', cancelReason: 'Datos del cliente erróneos' }),
    );
    expect(
      (await call('POST', `/api/invoices/${first.id}/cancel`, h.admin, { reason: 'otra vez' })).statusCode,
    ).toBe(409);
    const second = await generate(sale.id);
    expect(second.statusCode).toBe(201);
    expect(second.json().invoice.invoiceNumber).not.toBe(first.invoiceNumber);
  });
});

describe('listing and PDF', () => {
  it('lists what each role may see, searchable by number or client', async () => {
    const other = await insertUser(ctx.db, 'sales', 'factlista');
    const foreign = (await generate((await completedSale(other.id)).id)).json().invoice;
    const own = (await generate((await completedSale()).id)).json().invoice;
    const mine = (await call('GET', '/api/invoices?limit=100', h.sales)).json();
    expect(mine.invoices.map((i: { id: number }) => i.id)).toContain(own.id);
    expect(mine.invoices.map((i: { id: number }) => i.id)).not.toContain(foreign.id);
    expect((await call('GET', `/api/invoices/${foreign.id}`, h.sales)).statusCode).toBe(404);
    const all = (await call('GET', '/api/invoices?limit=100', h.finance)).json();
    expect(all.invoices.map((i: { id: number }) => i.id)).toEqual(
      expect.arrayContaining([own.id, foreign.id]),
    );
    const byNumber = (await call('GET', `/api/invoices?q=${own.invoiceNumber}`, h.admin)).json().invoices;
    expect(byNumber.map((i: { id: number }) => i.id)).toEqual([own.id]);
    const byClient = (
      await call('GET', `/api/invoices?q=${encodeURIComponent(refs.client.name.toUpperCase())}`, h.admin)
    ).json();
    expect(byClient.pagination.total).toBeGreaterThan(1);
  });

  it("lists a sale's invoices by saleId (the sale page's 'Ver Factura'), within what the role may see", async () => {
    const sale = await completedSale();
    const invoice = (await generate(sale.id)).json().invoice;
    await generate((await completedSale()).id);
    const bySale = (await call('GET', `/api/invoices?saleId=${sale.id}`, h.sales)).json();
    expect(bySale.invoices.map((i: { id: number }) => i.id)).toEqual([invoice.id]);
    const other = await insertUser(ctx.db, 'sales', 'factventa');
    const foreign = await completedSale(other.id);
    await generate(foreign.id);
    expect((await call('GET', `/api/invoices?saleId=${foreign.id}`, h.sales)).json().invoices).toEqual([]);
    for (const bad of ['abc', '0', '-1', '1.5']) {
      expect((await call('GET', `/api/invoices?saleId=${bad}`, h.admin)).statusCode).toBe(400);
    }
  });

  it('downloads a valid PDF whose text has the number, the client and the total', async () => {
    const invoice = (await generate((await completedSale()).id)).json().invoice;
    const res = await call('GET', `/api/invoices/${invoice.id}/pdf`, h.sales);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`${invoice.invoiceNumber}.pdf`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(invoice.invoiceNumber);
    expect(text).toContain(refs.client.name);
    expect(text).toContain('US$ 1,500.50');
    expect(text).toContain('Fecha de emisión');
  });
});
