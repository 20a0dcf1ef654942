import { eq } from 'drizzle-orm';
import { ISO_CURRENCIES } from '../../src/domain/currencies';
import type { Role } from '../../src/domain/roles';
import { companyTax, emails } from '../../src/server/db/schema';
import { enqueueEmail } from '../../src/server/modules/emails';
import { settledBackup, untilBackupsSettle } from './backups';
import { documentExamples } from './document-examples';
import { dteExamples, receiverBody, rutClient, setUpDteInvoicing } from './dte-examples';
import { createSaleRefs, type SaleRefs, saleBody } from './sales';
import type { TestContext } from './test-app';

/**
 * One valid call per API route: the URL with real ids and, for a write, a body that passes every
 * rule. The route x role matrix proves with it that each route works for a role it allows, and the
 * fuzz test starts from its body and breaks one field at a time. Each call builds what it consumes
 * (a DELETE gets a record of its own), so the examples can run in any order and more than once.
 */
export interface ExampleCall {
  url: string;
  body?: Record<string, unknown>;
  /** The role that makes the call (admin unless the route is for someone else). */
  as?: Role;
}
export type RouteExamples = Record<string, () => Promise<ExampleCall>>;

/** The example call of `route` (every route has one: the route matrix checks it). */
export function exampleCall(examples: RouteExamples, route: string): Promise<ExampleCall> {
  const make = examples[route];
  if (!make) throw new Error(`${route} has no example in tests/helpers/route-examples.ts`);
  return make();
}

let seq = 0;
const next = () => ++seq;

export async function routeExamples(ctx: TestContext): Promise<RouteExamples> {
  const headers = await ctx.auth('admin');
  const api = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await ctx.app.inject({ method, url, headers, payload });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const refs: SaleRefs = await createSaleRefs(ctx, `ejemplo${next()}`);
  await api('PUT', '/api/company/currency-rates', { rates: [{ currency: 'USD', rate: 1 }] });

  const newSale = async () => (await api('POST', '/api/sales', saleBody(refs, ctx.users.sales.id))).sale.id;
  const completedSale = async () => {
    const id = await newSale();
    await api('PUT', `/api/sales/${id}`, { status: 'completed' });
    return id;
  };
  await setUpDteInvoicing(api);
  const invoicedClient = await rutClient(api);
  /** A completed sale of a client with a RUT: a factura electrónica can be issued for it. */
  const invoiceableSale = async () => {
    const body = saleBody(refs, ctx.users.sales.id, {
      saleData: { clientId: invoicedClient, region: 'national' },
    });
    const id = (await api('POST', '/api/sales', body)).sale.id;
    await api('PUT', `/api/sales/${id}`, { status: 'completed' });
    return id;
  };
  const newInvoice = async () =>
    (await api('POST', `/api/sales/${await invoiceableSale()}/invoice`, receiverBody())).invoice.id;
  /**
   * An internal invoice, as issued while the company had no tax data (the cancel route's): the tax
   * data are set aside for the call and put back.
   */
  const internalInvoice = async () => {
    const saved = await ctx.db.select().from(companyTax);
    await ctx.db.delete(companyTax);
    try {
      return (await api('POST', `/api/sales/${await completedSale()}/invoice`, {})).invoice.id;
    } finally {
      if (saved.length) await ctx.db.insert(companyTax).values(saved);
    }
  };
  const annulledInvoice = async () => {
    const id = await newInvoice();
    await api('POST', `/api/invoices/${id}/credit-note`, { reason: 'Ejemplo' });
    return id;
  };
  /** The file of a note that corrects an invoice's text (the invoice stays active). */
  const correctedInvoiceNote = async (format: 'xml' | 'pdf') => {
    const id = await newInvoice();
    const body = { reason: 'Dice: giro Comercio; debe decir: Turismo', kind: 'text' };
    const { invoice } = (await api('POST', `/api/invoices/${id}/credit-note`, body)) as {
      invoice: { creditNotes: { id: number }[] };
    };
    return `/api/invoices/${id}/credit-notes/${invoice.creditNotes[0]?.id}/${format}`;
  };
  const paymentBody = async () => ({ saleId: await newSale(), date: '2031-01-15', amount: '100.00' });
  const newPayment = async () => (await api('POST', '/api/payments', await paymentBody())).payment.id;
  const supplierPaymentBody = () => ({
    supplierId: refs.supplier.id,
    amount: 50,
    currency: 'USD',
    paymentDate: '2031-01-20',
    description: 'Pago de ejemplo',
  });
  const newSupplierPayment = async () =>
    (await api('POST', '/api/supplier-payments', supplierPaymentBody())).payment.id;
  const userBody = () => ({
    username: `ejemplo${next()}`,
    email: `ejemplo${seq}@test.cl`,
    password: 'secreto123',
    role: 'sales',
  });
  const newUser = async () => (await api('POST', '/api/users', userBody())).user.id;
  // Real ISO 4217 codes (the API refuses others), a new one each time: a code is unique among rates.
  const codes = ISO_CURRENCIES.map((c) => c.code).filter((c) => !['USD', 'EUR', 'CLP', 'GBP'].includes(c));
  const currency = () => codes[next() % codes.length] as string;
  const newRate = async () =>
    (await api('POST', '/api/company/currency-rates', { currency: currency(), rate: 0.5, isActive: true }))
      .data.id;

  // A message of a sale of the base seller, queued straight into the outbox.
  const queuedEmail = async () => {
    const saleId = await newSale();
    const { id } = await ctx.db.transaction((tx) =>
      enqueueEmail(tx, {
        kind: 'quote',
        saleId,
        to: ['cliente@ejemplo.cl'],
        subject: 'Cotización',
        body: 'Hola',
      }),
    );
    return { id, saleId };
  };

  const masterBodies: Record<string, () => Record<string, unknown>> = {
    clients: () => ({ name: `Cliente ${next()}`, clientId: `EJ-${seq}`, email: '', address: 'Calle 1' }),
    passengers: () => ({ name: `Pasajero ${next()}`, passengerId: `PE-${seq}`, dateOfBirth: '1990-01-01' }),
    suppliers: () => ({ name: `Proveedor ej ${next()}` }),
    operators: () => ({ name: `Operador ej ${next()}` }),
    classifications: () => ({ name: `Clasificación ej ${next()}` }),
  };
  const masterData: RouteExamples = {};
  for (const [name, body] of Object.entries(masterBodies)) {
    const create = async () =>
      Object.values(await api('POST', `/api/${name}`, body())).find(
        (v): v is { id: number } => typeof v === 'object' && v !== null,
      )?.id;
    Object.assign(masterData, {
      [`GET /api/${name}`]: async () => ({ url: `/api/${name}?page=1&limit=10&q=a` }),
      [`GET /api/${name}/search`]: async () => ({ url: `/api/${name}/search?q=a` }),
      [`GET /api/${name}/export`]: async () => ({ url: `/api/${name}/export?format=xlsx&q=a` }),
      [`GET /api/${name}/:id`]: async () => ({ url: `/api/${name}/${await create()}` }),
      [`POST /api/${name}`]: async () => ({ url: `/api/${name}`, body: body() }),
      [`PUT /api/${name}/:id`]: async () => ({ url: `/api/${name}/${await create()}`, body: body() }),
      [`DELETE /api/${name}/:id`]: async () => ({ url: `/api/${name}/${await create()}` }),
    });
  }

  return {
    'GET /api/health': async () => ({ url: '/api/health' }),
    'GET /api/health/ready': async () => ({ url: '/api/health/ready' }),
    'GET /metrics': async () => ({ url: '/metrics' }),
    'POST /api/auth/login': async () => ({
      url: '/api/auth/login',
      body: { email: ctx.users.finance.email, password: ctx.users.finance.password },
    }),
    'POST /api/auth/logout': async () => ({ url: '/api/auth/logout' }),
    'POST /api/auth/register': async () => ({ url: '/api/auth/register', body: userBody() }),
    'GET /api/auth/demo': async () => ({ url: '/api/auth/demo' }),
    'GET /api/users/me': async () => ({ url: '/api/users/me' }),
    'PUT /api/users/me': async () => ({
      url: '/api/users/me',
      body: { username: `yo${next()}` },
      as: 'sales',
    }),
    'GET /api/users': async () => ({ url: '/api/users?page=1&limit=10&role=sales' }),
    'POST /api/users': async () => ({ url: '/api/users', body: userBody() }),
    'GET /api/users/:id': async () => ({ url: `/api/users/${await newUser()}` }),
    'PUT /api/users/:id': async () => ({
      url: `/api/users/${await newUser()}`,
      body: { username: `otro${next()}` },
    }),
    'DELETE /api/users/:id': async () => ({ url: `/api/users/${await newUser()}` }),
    'GET /api/sales': async () => ({ url: '/api/sales?status=confirmed&page=1&limit=5' }),
    'GET /api/sales/my-sales': async () => ({ url: '/api/sales/my-sales', as: 'sales' }),
    'GET /api/sales/export': async () => ({
      url: '/api/sales/export?format=xlsx&q=a&status=confirmed,draft&travelFrom=2031-01-01&travelTo=2031-12-31&sort=-salePrice',
    }),
    'GET /api/sales/sellers': async () => ({ url: '/api/sales/sellers', as: 'finance' }),
    'GET /api/sales/:id': async () => ({ url: `/api/sales/${await newSale()}` }),
    'POST /api/sales': async () => ({ url: '/api/sales', body: saleBody(refs, ctx.users.sales.id) }),
    'PUT /api/sales/:id': async () => ({
      url: `/api/sales/${await newSale()}`,
      body: { ...saleBody(refs, ctx.users.sales.id), version: 1 },
    }),
    'DELETE /api/sales/:id': async () => ({ url: `/api/sales/${await newSale()}` }),
    'GET /api/sales/total': async () => ({ url: '/api/sales/total' }),
    'GET /api/sales/stats': async () => ({ url: '/api/sales/stats' }),
    'GET /api/sales/stats-by-type': async () => ({ url: '/api/sales/stats-by-type' }),
    'GET /api/sales/upcoming-departures': async () => ({ url: '/api/sales/upcoming-departures?limit=5' }),
    'GET /api/sales/sales-overview': async () => ({ url: '/api/sales/sales-overview' }),
    'GET /api/payments': async () => ({ url: '/api/payments?status=confirmed&method=cash&page=1' }),
    'GET /api/payments/stats': async () => ({ url: '/api/payments/stats' }),
    'GET /api/payments/currencies': async () => ({ url: '/api/payments/currencies' }),
    'GET /api/payments/export': async () => ({
      url: `/api/payments/export?format=csv&status=confirmed&method=cash&saleId=${await newSale()}&q=a`,
      as: 'sales',
    }),
    'GET /api/payments/sale/:saleId': async () => ({ url: `/api/payments/sale/${await newSale()}` }),
    'GET /api/payments/:id': async () => ({ url: `/api/payments/${await newPayment()}` }),
    'POST /api/payments': async () => ({ url: '/api/payments', body: await paymentBody() }),
    'PUT /api/payments/:id': async () => ({
      url: `/api/payments/${await newPayment()}`,
      body: { date: '2031-01-16', amount: 120.5, method: 'transfer', reference: 'T-1' },
    }),
    'POST /api/payments/:id/confirm': async () => ({
      url: `/api/payments/${(await api('POST', '/api/payments', { ...(await paymentBody()), status: 'pending' })).payment.id}/confirm`,
      as: 'finance',
    }),
    'DELETE /api/payments/:id': async () => ({ url: `/api/payments/${await newPayment()}` }),
    'GET /api/supplier-payments': async () => ({ url: '/api/supplier-payments' }),
    'GET /api/supplier-payments/stats': async () => ({ url: '/api/supplier-payments/stats' }),
    'GET /api/supplier-payments/suppliers/sales': async () => ({
      url: '/api/supplier-payments/suppliers/sales?q=a',
    }),
    'GET /api/supplier-payments/suppliers/sales/export': async () => ({
      url: '/api/supplier-payments/suppliers/sales/export?format=xlsx&q=a',
    }),
    'GET /api/supplier-payments/supplier/:id/history/export': async () => ({
      url: `/api/supplier-payments/supplier/${refs.supplier.id}/history/export?format=csv`,
    }),
    'GET /api/supplier-payments/supplier/:id/sales': async () => ({
      url: `/api/supplier-payments/supplier/${refs.supplier.id}/sales`,
    }),
    'GET /api/supplier-payments/supplier/:id/history': async () => ({
      url: `/api/supplier-payments/supplier/${refs.supplier.id}/history`,
    }),
    'GET /api/supplier-payments/:id': async () => ({
      url: `/api/supplier-payments/${await newSupplierPayment()}`,
    }),
    'POST /api/supplier-payments': async () => ({
      url: '/api/supplier-payments',
      body: supplierPaymentBody(),
    }),
    'PUT /api/supplier-payments/:id': async () => ({
      url: `/api/supplier-payments/${await newSupplierPayment()}`,
      body: { ...supplierPaymentBody(), amount: '75.25', reference: 'R-2' },
    }),
    'DELETE /api/supplier-payments/:id': async () => ({
      url: `/api/supplier-payments/${await newSupplierPayment()}`,
    }),
    'GET /api/invoices': async () => ({ url: '/api/invoices?page=1&limit=10' }),
    'GET /api/invoices/:id': async () => ({ url: `/api/invoices/${await newInvoice()}` }),
    'GET /api/invoices/:id/pdf': async () => ({ url: `/api/invoices/${await newInvoice()}/pdf` }),
    'GET /api/invoices/:id/xml': async () => ({ url: `/api/invoices/${await newInvoice()}/xml` }),
    'GET /api/invoices/:id/credit-note/xml': async () => ({
      url: `/api/invoices/${await annulledInvoice()}/credit-note/xml`,
    }),
    'GET /api/invoices/:id/credit-note/pdf': async () => ({
      url: `/api/invoices/${await annulledInvoice()}/credit-note/pdf`,
    }),
    'GET /api/invoices/:id/credit-notes/:noteId/xml': async () => ({
      url: await correctedInvoiceNote('xml'),
    }),
    'GET /api/invoices/:id/credit-notes/:noteId/pdf': async () => ({
      url: await correctedInvoiceNote('pdf'),
    }),
    // An admin's choice: the sale's one item issued exempt instead of taxable.
    'GET /api/sales/:id/invoice/preview': async () => {
      const id = await invoiceableSale();
      const sale = await ctx.app.inject({ method: 'GET', url: `/api/sales/${id}`, headers });
      const [item] = sale.json().items as { id: number }[];
      return { url: `/api/sales/${id}/invoice/preview?exempt=${item?.id}` };
    },
    'POST /api/sales/:id/invoice': async () => ({
      url: `/api/sales/${await invoiceableSale()}/invoice`,
      body: receiverBody(),
    }),
    // Decision 0070: "Enviar ahora" of an invoice waiting for the SII (no worker runs here).
    'POST /api/sii/submissions/:id/retry': async () => {
      const issued = `/api/sales/${await invoiceableSale()}/invoice`;
      const { invoice } = (await api('POST', issued, receiverBody())) as { invoice: { sii: { id: number } } };
      return { url: `/api/sii/submissions/${invoice.sii.id}/retry`, body: {} };
    },
    'POST /api/invoices/:id/credit-note': async () => ({
      url: `/api/invoices/${await newInvoice()}/credit-note`,
      body: { reason: 'Error de emisión' },
    }),
    ...documentExamples({ refs, sellerId: ctx.users.sales.id, api, newSale }),
    'POST /api/invoices/:id/cancel': async () => ({
      url: `/api/invoices/${await internalInvoice()}/cancel`,
      body: { reason: 'Error de emisión' },
    }),
    'GET /api/company/settings': async () => ({ url: '/api/company/settings' }),
    'PUT /api/company/settings': async () => ({
      url: '/api/company/settings',
      body: { name: 'Agencia Ejemplo', taxId: '76.000.000-0', address: '', email: '', phone: '' },
    }),
    'GET /api/company/preferences': async () => ({ url: '/api/company/preferences' }),
    'GET /api/company/currency-rates': async () => ({ url: '/api/company/currency-rates' }),
    'GET /api/company/currency-rates/export': async () => ({
      url: '/api/company/currency-rates/export?format=xlsx',
    }),
    'PUT /api/company/currency-rates': async () => ({
      url: '/api/company/currency-rates',
      body: { rates: [{ currency: 'GBP', rate: 1.27, isActive: true }] },
    }),
    'POST /api/company/currency-rates': async () => ({
      url: '/api/company/currency-rates',
      body: { currency: currency(), rate: '0.00105263', isActive: true },
    }),
    'PUT /api/company/currency-rates/:id': async () => ({
      url: `/api/company/currency-rates/${await newRate()}`,
      body: { rate: 0.75, isActive: true },
    }),
    'PATCH /api/company/currency-rates/:id/toggle': async () => ({
      url: `/api/company/currency-rates/${await newRate()}/toggle`,
    }),
    'DELETE /api/company/currency-rates/:id': async () => ({
      url: `/api/company/currency-rates/${await newRate()}`,
    }),
    // Issue 17: the finance reports and alerts, with every parameter they take.
    'GET /api/reports/receivables': async () => ({
      url: '/api/reports/receivables?asOf=2031-03-01&q=a&sort=overdue&page=1&limit=10',
    }),
    'GET /api/reports/receivables/:id': async () => ({
      url: `/api/reports/receivables/${refs.client.id}?asOf=2031-03-01`,
    }),
    'GET /api/reports/payables': async () => ({ url: '/api/reports/payables?asOf=2031-01-01&days=60' }),
    'GET /api/reports/sales': async () => ({
      url: '/api/reports/sales?groupBy=supplier&from=2031-01-01&to=2031-12-31&dateField=travel',
      as: 'sales',
    }),
    'GET /api/reports/receivables/export': async () => ({
      url: '/api/reports/receivables/export?format=csv&asOf=2031-03-01&q=a&sort=name',
      as: 'finance',
    }),
    'GET /api/reports/payables/export': async () => ({
      url: '/api/reports/payables/export?format=xlsx&asOf=2031-01-01&days=60',
    }),
    'GET /api/reports/sales/export': async () => ({
      url: '/api/reports/sales/export?format=xlsx&groupBy=month&from=2031-01-01&to=2031-12-31&dateField=creation',
      as: 'sales',
    }),
    'GET /api/alerts': async () => ({
      url: `/api/alerts?days=30&limit=5&saleId=${await newSale()}`,
      as: 'sales',
    }),
    'GET /api/audit': async () => ({
      url: `/api/audit?entity=sale&entityId=${await newSale()}&action=create&page=1&limit=10`,
    }),
    'GET /api/audit/verify': async () => ({ url: '/api/audit/verify' }),
    'GET /api/backups': async () => ({ url: '/api/backups' }),
    // One backup at a time: the call waits for any other to end, or it would be a 409.
    'POST /api/backups': async () => {
      await untilBackupsSettle(ctx);
      return { url: '/api/backups' };
    },
    'GET /api/backups/:id/download': async () => ({
      url: `/api/backups/${(await settledBackup(ctx)).id}/download`,
    }),
    'GET /api/clients/id-problems': async () => ({ url: '/api/clients/id-problems' }),
    'GET /api/audit/export': async () => ({
      url: `/api/audit/export?format=csv&entity=sale&entityId=${await newSale()}&action=create&from=2020-01-01&to=2099-12-31`,
      as: 'sales',
    }),
    // Issue 28: the outbox, read by a seller on their own sale's message; retried and cancelled by an admin.
    'GET /api/emails': async () => ({
      url: `/api/emails?status=pending&saleId=${(await queuedEmail()).saleId}&page=1&limit=10`,
      as: 'sales',
    }),
    'GET /api/emails/:id': async () => ({ url: `/api/emails/${(await queuedEmail()).id}`, as: 'sales' }),
    'GET /api/emails/:id/eml': async () => ({ url: `/api/emails/${(await queuedEmail()).id}/eml` }),
    'POST /api/emails/:id/retry': async () => {
      const { id } = await queuedEmail();
      await ctx.db.update(emails).set({ status: 'failed' }).where(eq(emails.id, id));
      return { url: `/api/emails/${id}/retry` };
    },
    'POST /api/emails/:id/cancel': async () => ({ url: `/api/emails/${(await queuedEmail()).id}/cancel` }),
    // "Enviar" of a document: an itinerary, which every role may send of the base seller's sale.
    'POST /api/emails': async () => ({
      url: '/api/emails',
      body: {
        kind: 'itinerary',
        saleId: await newSale(),
        to: ['cliente@ejemplo.cl'],
        cc: ['copia@ejemplo.cl'],
        message: 'Hola {cliente}',
      },
    }),
    'GET /api/emails/draft': async () => ({
      url: `/api/emails/draft?kind=itinerary&saleId=${await newSale()}`,
      as: 'sales',
    }),
    // Issue 16: the global search, as a seller (who finds only their own sales).
    'GET /api/search': async () => ({ url: '/api/search?q=ejemplo', as: 'sales' }),
    ...dteExamples(api),
    ...masterData,
  };
}
