import { eq, sql } from 'drizzle-orm';
import { allEndpoints } from '../../src/domain/api';
import { alertsApi } from '../../src/domain/api/alerts';
import { auditApi } from '../../src/domain/api/audit';
import { authApi } from '../../src/domain/api/auth';
import { backupsApi } from '../../src/domain/api/backups';
import { companyApi } from '../../src/domain/api/company';
import { dashboardApi } from '../../src/domain/api/dashboard';
import { emailsApi } from '../../src/domain/api/emails';
import type { EndpointShape } from '../../src/domain/api/endpoint';
import { healthApi } from '../../src/domain/api/health';
import { importsApi } from '../../src/domain/api/imports';
import { invoicesApi } from '../../src/domain/api/invoices';
import {
  type CrudApi,
  classificationsApi,
  clientsApi,
  operatorsApi,
  passengersApi,
  suppliersApi,
} from '../../src/domain/api/master-data';
import { metricsApi } from '../../src/domain/api/metrics';
import { paymentsApi } from '../../src/domain/api/payments';
import { reportsApi } from '../../src/domain/api/reports';
import { salesApi } from '../../src/domain/api/sales';
import { searchApi } from '../../src/domain/api/search';
import { siiApi } from '../../src/domain/api/sii';
import { supplierPaymentsApi } from '../../src/domain/api/supplier-payments';
import { taxMonthApi } from '../../src/domain/api/tax-month';
import { usersApi } from '../../src/domain/api/users';
import { ISO_CURRENCIES } from '../../src/domain/currencies';
import type { Role } from '../../src/domain/roles';
import { companySettings, companyTax, currencyRates, emails } from '../../src/server/db/schema';
import { enqueueEmail } from '../../src/server/modules/emails';
import { settledBackup, untilBackupsSettle } from './backups';
import { commissionExamples } from './commission-examples';
import { documentExamples } from './document-examples';
import { dteExamples, receiverBody, rutClient, setUpDteInvoicing } from './dte-examples';
import { createSaleRefs, type SaleRefs, saleBody } from './sales';
import type { TestContext } from './test-app';

/**
 * One valid call per declared endpoint (`API`, src/domain/api), keyed by the endpoint itself: the URL
 * with real ids and, for a write, a body that passes every rule. The route x role matrix proves with
 * it that each endpoint works for a role it allows, and the fuzz test starts from its body and breaks
 * one field at a time. Each call builds what it consumes (a DELETE gets a record of its own), so the
 * examples can run in any order and more than once.
 */
export interface ExampleCall {
  url: string;
  body?: Record<string, unknown>;
  /** The role that makes the call (admin unless the route is for someone else). */
  as?: Role;
  /** A body that is a file, not JSON (an import's CSV): its content type and its text. */
  file?: { contentType: string; payload: string };
}
export type MakeExample = () => Promise<ExampleCall>;
export type ExampleEntry = readonly [EndpointShape, MakeExample];
export type RouteExamples = ReadonlyMap<EndpointShape, MakeExample>;

/** `GET /api/sales`: how an endpoint is named in a test's messages. */
export const routeName = (endpoint: EndpointShape) => `${endpoint.method} ${endpoint.path}`;

/** The declared endpoint a registered route serves (every route has one: tests/api/platform/api-contract.test.ts). */
export function endpointOf(route: { method: string; url: string }): EndpointShape {
  const found = allEndpoints().find((e) => e.method === route.method && e.path === route.url);
  if (!found) throw new Error(`${route.method} ${route.url} is not a declared endpoint`);
  return found;
}

/** The example call of `endpoint` (every endpoint has one: the route matrix checks it). */
export function exampleCall(examples: RouteExamples, endpoint: EndpointShape): Promise<ExampleCall> {
  const make = examples.get(endpoint);
  if (!make) throw new Error(`${routeName(endpoint)} has no example in tests/helpers/route-examples.ts`);
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
  // Real ISO 4217 codes (the API refuses others), one without a rate yet: a code is unique among
  // rates, and other calls of the same test (the route matrix's) create rates too.
  const codes = ISO_CURRENCIES.map((c) => c.code).filter((c) => !['USD', 'EUR', 'CLP', 'GBP'].includes(c));
  const currency = async () => {
    const rates = await ctx.db.select({ code: currencyRates.currency }).from(currencyRates);
    const taken = new Set(rates.map((r) => r.code));
    const free = codes.find((code) => !taken.has(code));
    if (!free) throw new Error('every ISO currency has a rate already');
    return free;
  };
  const newRate = async () =>
    (
      await api('POST', '/api/company/currency-rates', {
        currency: await currency(),
        rate: 0.5,
        isActive: true,
      })
    ).data.id;

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

  const masterBodies: [CrudApi, () => Record<string, unknown>][] = [
    [clientsApi, () => ({ name: `Cliente ${next()}`, clientId: `EJ-${seq}`, email: '', address: 'Calle 1' })],
    [
      passengersApi,
      () => ({ name: `Pasajero ${next()}`, passengerId: `PE-${seq}`, dateOfBirth: '1990-01-01' }),
    ],
    [suppliersApi, () => ({ name: `Proveedor ej ${next()}` })],
    [operatorsApi, () => ({ name: `Operador ej ${next()}` })],
    [classificationsApi, () => ({ name: `Clasificación ej ${next()}` })],
  ];
  const masterData = masterBodies.flatMap(([resource, body]): ExampleEntry[] => {
    const path = resource.list.path;
    const create = async () =>
      Object.values(await api('POST', path, body())).find(
        (v): v is { id: number } => typeof v === 'object' && v !== null,
      )?.id;
    return [
      [resource.list, async () => ({ url: `${path}?page=1&limit=10&q=a` })],
      [resource.search, async () => ({ url: `${path}/search?q=a` })],
      [resource.export, async () => ({ url: `${path}/export?format=xlsx&q=a` })],
      [resource.read, async () => ({ url: `${path}/${await create()}` })],
      [resource.create, async () => ({ url: path, body: body() })],
      [resource.update, async () => ({ url: `${path}/${await create()}`, body: body() })],
      [resource.remove, async () => ({ url: `${path}/${await create()}` })],
    ];
  });

  const entries: ExampleEntry[] = [
    [healthApi.check, async () => ({ url: '/api/health' })],
    [healthApi.ready, async () => ({ url: '/api/health/ready' })],
    [metricsApi.scrape, async () => ({ url: '/metrics' })],
    [
      authApi.login,
      async () => ({
        url: '/api/auth/login',
        body: { email: ctx.users.finance.email, password: ctx.users.finance.password },
      }),
    ],
    [authApi.logout, async () => ({ url: '/api/auth/logout' })],
    [authApi.register, async () => ({ url: '/api/auth/register', body: userBody() })],
    [authApi.demo, async () => ({ url: '/api/auth/demo' })],
    [usersApi.me, async () => ({ url: '/api/users/me' })],
    [
      usersApi.updateMe,
      async () => ({
        url: '/api/users/me',
        body: { username: `yo${next()}` },
        as: 'sales',
      }),
    ],
    [usersApi.list, async () => ({ url: '/api/users?page=1&limit=10&role=sales' })],
    [usersApi.create, async () => ({ url: '/api/users', body: userBody() })],
    [usersApi.one, async () => ({ url: `/api/users/${await newUser()}` })],
    [
      usersApi.update,
      async () => ({
        url: `/api/users/${await newUser()}`,
        body: { username: `otro${next()}` },
      }),
    ],
    [usersApi.deactivate, async () => ({ url: `/api/users/${await newUser()}` })],
    [salesApi.list, async () => ({ url: '/api/sales?status=confirmed&page=1&limit=5' })],
    [salesApi.mine, async () => ({ url: '/api/sales/my-sales', as: 'sales' })],
    [
      salesApi.export,
      async () => ({
        url: '/api/sales/export?format=xlsx&q=a&status=confirmed,draft&travelFrom=2031-01-01&travelTo=2031-12-31&sort=-salePrice',
      }),
    ],
    [salesApi.sellers, async () => ({ url: '/api/sales/sellers', as: 'finance' })],
    [salesApi.one, async () => ({ url: `/api/sales/${await newSale()}` })],
    [salesApi.create, async () => ({ url: '/api/sales', body: saleBody(refs, ctx.users.sales.id) })],
    [
      salesApi.update,
      async () => ({
        url: `/api/sales/${await newSale()}`,
        body: { ...saleBody(refs, ctx.users.sales.id), version: 1 },
      }),
    ],
    [
      salesApi.plan,
      async () => ({
        url: `/api/sales/${await newSale()}/plan`,
        body: {
          instalments: [
            { dueDate: '2030-12-10', amount: '500.50' },
            { dueDate: '2031-01-30', amount: 1000 },
          ],
        },
      }),
    ],
    [salesApi.remove, async () => ({ url: `/api/sales/${await newSale()}` })],
    [dashboardApi.total, async () => ({ url: '/api/sales/total' })],
    [dashboardApi.stats, async () => ({ url: '/api/sales/stats' })],
    [dashboardApi.statsByType, async () => ({ url: '/api/sales/stats-by-type' })],
    [dashboardApi.upcomingDepartures, async () => ({ url: '/api/sales/upcoming-departures?limit=5' })],
    [dashboardApi.overview, async () => ({ url: '/api/sales/sales-overview' })],
    [paymentsApi.list, async () => ({ url: '/api/payments?status=confirmed&method=cash&page=1' })],
    [paymentsApi.stats, async () => ({ url: '/api/payments/stats' })],
    [paymentsApi.currencies, async () => ({ url: '/api/payments/currencies' })],
    [
      paymentsApi.export,
      async () => ({
        url: `/api/payments/export?format=csv&status=confirmed&method=cash&saleId=${await newSale()}&q=a`,
        as: 'sales',
      }),
    ],
    [paymentsApi.ofSale, async () => ({ url: `/api/payments/sale/${await newSale()}` })],
    [paymentsApi.one, async () => ({ url: `/api/payments/${await newPayment()}` })],
    [paymentsApi.create, async () => ({ url: '/api/payments', body: await paymentBody() })],
    [
      paymentsApi.update,
      async () => ({
        url: `/api/payments/${await newPayment()}`,
        body: { date: '2031-01-16', amount: 120.5, method: 'transfer', reference: 'T-1' },
      }),
    ],
    [
      paymentsApi.confirm,
      async () => ({
        url: `/api/payments/${(await api('POST', '/api/payments', { ...(await paymentBody()), status: 'pending' })).payment.id}/confirm`,
        as: 'finance',
      }),
    ],
    [paymentsApi.remove, async () => ({ url: `/api/payments/${await newPayment()}` })],
    [supplierPaymentsApi.list, async () => ({ url: '/api/supplier-payments' })],
    [supplierPaymentsApi.stats, async () => ({ url: '/api/supplier-payments/stats' })],
    [
      supplierPaymentsApi.balances,
      async () => ({
        url: '/api/supplier-payments/suppliers/sales?q=a',
      }),
    ],
    [
      supplierPaymentsApi.balancesExport,
      async () => ({
        url: '/api/supplier-payments/suppliers/sales/export?format=xlsx&q=a',
      }),
    ],
    [
      supplierPaymentsApi.historyExport,
      async () => ({
        url: `/api/supplier-payments/supplier/${refs.supplier.id}/history/export?format=csv`,
      }),
    ],
    [
      supplierPaymentsApi.supplier,
      async () => ({
        url: `/api/supplier-payments/supplier/${refs.supplier.id}/sales`,
      }),
    ],
    [
      supplierPaymentsApi.history,
      async () => ({
        url: `/api/supplier-payments/supplier/${refs.supplier.id}/history`,
      }),
    ],
    [
      supplierPaymentsApi.one,
      async () => ({
        url: `/api/supplier-payments/${await newSupplierPayment()}`,
      }),
    ],
    [
      supplierPaymentsApi.create,
      async () => ({
        url: '/api/supplier-payments',
        body: supplierPaymentBody(),
      }),
    ],
    [
      supplierPaymentsApi.update,
      async () => ({
        url: `/api/supplier-payments/${await newSupplierPayment()}`,
        body: { ...supplierPaymentBody(), amount: '75.25', reference: 'R-2' },
      }),
    ],
    [
      supplierPaymentsApi.remove,
      async () => ({
        url: `/api/supplier-payments/${await newSupplierPayment()}`,
      }),
    ],
    [invoicesApi.list, async () => ({ url: '/api/invoices?page=1&limit=10' })],
    [invoicesApi.one, async () => ({ url: `/api/invoices/${await newInvoice()}` })],
    [invoicesApi.pdf, async () => ({ url: `/api/invoices/${await newInvoice()}/pdf` })],
    [invoicesApi.xml, async () => ({ url: `/api/invoices/${await newInvoice()}/xml` })],
    [
      invoicesApi.creditNoteXml,
      async () => ({
        url: `/api/invoices/${await annulledInvoice()}/credit-note/xml`,
      }),
    ],
    [
      invoicesApi.creditNotePdf,
      async () => ({
        url: `/api/invoices/${await annulledInvoice()}/credit-note/pdf`,
      }),
    ],
    [
      invoicesApi.noteXml,
      async () => ({
        url: await correctedInvoiceNote('xml'),
      }),
    ],
    [
      invoicesApi.notePdf,
      async () => ({
        url: await correctedInvoiceNote('pdf'),
      }),
    ],
    // An admin's choice: the sale's one item issued exempt instead of taxable.
    [
      invoicesApi.preview,
      async () => {
        const id = await invoiceableSale();
        const sale = await ctx.app.inject({ method: 'GET', url: `/api/sales/${id}`, headers });
        const [item] = sale.json().items as { id: number }[];
        return { url: `/api/sales/${id}/invoice/preview?exempt=${item?.id}` };
      },
    ],
    [
      invoicesApi.issue,
      async () => ({
        url: `/api/sales/${await invoiceableSale()}/invoice`,
        body: receiverBody(),
      }),
    ],
    // Decision 0070: "Enviar ahora" of an invoice waiting for the SII (no worker runs here).
    [
      siiApi.retry,
      async () => {
        const issued = `/api/sales/${await invoiceableSale()}/invoice`;
        const { invoice } = (await api('POST', issued, receiverBody())) as {
          invoice: { sii: { id: number } };
        };
        return { url: `/api/sii/submissions/${invoice.sii.id}/retry`, body: {} };
      },
    ],
    [
      invoicesApi.creditNote,
      async () => ({
        url: `/api/invoices/${await newInvoice()}/credit-note`,
        body: { reason: 'Error de emisión' },
      }),
    ],
    ...documentExamples({ refs, sellerId: ctx.users.sales.id, api, newSale }),
    [
      invoicesApi.cancel,
      async () => ({
        url: `/api/invoices/${await internalInvoice()}/cancel`,
        body: { reason: 'Error de emisión' },
      }),
    ],
    [companyApi.settings, async () => ({ url: '/api/company/settings' })],
    [
      companyApi.saveSettings,
      async () => ({
        url: '/api/company/settings',
        body: { name: 'Agencia Ejemplo', taxId: '76.000.000-0', address: '', email: '', phone: '' },
      }),
    ],
    [companyApi.preferences, async () => ({ url: '/api/company/preferences' })],
    [companyApi.rates, async () => ({ url: '/api/company/currency-rates' })],
    [
      companyApi.exportRates,
      async () => ({
        url: '/api/company/currency-rates/export?format=xlsx',
      }),
    ],
    [
      companyApi.saveRates,
      async () => ({
        url: '/api/company/currency-rates',
        body: { rates: [{ currency: 'GBP', rate: 1.27, isActive: true }] },
      }),
    ],
    [
      companyApi.createRate,
      async () => ({
        url: '/api/company/currency-rates',
        body: { currency: await currency(), rate: '0.00105263', isActive: true },
      }),
    ],
    [
      companyApi.updateRate,
      async () => ({
        url: `/api/company/currency-rates/${await newRate()}`,
        body: { rate: 0.75, isActive: true },
      }),
    ],
    [
      companyApi.toggleRate,
      async () => ({
        url: `/api/company/currency-rates/${await newRate()}/toggle`,
      }),
    ],
    [
      companyApi.removeRate,
      async () => ({
        url: `/api/company/currency-rates/${await newRate()}`,
      }),
    ],
    [companyApi.setup, async () => ({ url: '/api/company/setup' })],
    [
      // It empties the agency: the route matrix calls it last (tests/api/platform/route-matrix.test.ts).
      companyApi.removeDemoData,
      async () => {
        await ctx.db
          .insert(companySettings)
          .values({ id: 1, demoData: true })
          .onConflictDoUpdate({ target: companySettings.id, set: { demoData: true } });
        // The examples issued DTEs, which the removal refuses to empty (their folios are the SII's).
        await ctx.db.execute(sql`truncate dte_documents cascade`);
        // Its backup of before cannot start while another is being made.
        await untilBackupsSettle(ctx);
        return { url: '/api/company/remove-demo-data', body: {} };
      },
    ],
    // The finance reports and alerts, with every parameter they take.
    [
      reportsApi.receivables,
      async () => ({
        url: '/api/reports/receivables?asOf=2031-03-01&q=a&sort=overdue&page=1&limit=10',
      }),
    ],
    [
      reportsApi.receivableClient,
      async () => ({
        url: `/api/reports/receivables/${refs.client.id}?asOf=2031-03-01`,
      }),
    ],
    [reportsApi.payables, async () => ({ url: '/api/reports/payables?asOf=2031-01-01&days=60' })],
    [taxMonthApi.month, async () => ({ url: '/api/reports/tax-month?month=2031-03', as: 'finance' })],
    [
      reportsApi.sales,
      async () => ({
        url: '/api/reports/sales?groupBy=supplier&from=2031-01-01&to=2031-12-31&dateField=travel',
        as: 'sales',
      }),
    ],
    [
      reportsApi.receivablesExport,
      async () => ({
        url: '/api/reports/receivables/export?format=csv&asOf=2031-03-01&q=a&sort=name',
        as: 'finance',
      }),
    ],
    [
      reportsApi.payablesExport,
      async () => ({
        url: '/api/reports/payables/export?format=xlsx&asOf=2031-01-01&days=60',
      }),
    ],
    [
      reportsApi.salesExport,
      async () => ({
        url: '/api/reports/sales/export?format=xlsx&groupBy=month&from=2031-01-01&to=2031-12-31&dateField=creation',
        as: 'sales',
      }),
    ],
    [
      alertsApi.list,
      async () => ({
        url: `/api/alerts?days=30&limit=5&saleId=${await newSale()}`,
        as: 'sales',
      }),
    ],
    [
      auditApi.list,
      async () => ({
        url: `/api/audit?entity=sale&entityId=${await newSale()}&action=create&page=1&limit=10`,
      }),
    ],
    [auditApi.verify, async () => ({ url: '/api/audit/verify' })],
    [backupsApi.list, async () => ({ url: '/api/backups' })],
    // One backup at a time: the call waits for any other to end, or it would be a 409.
    [
      backupsApi.create,
      async () => {
        await untilBackupsSettle(ctx);
        return { url: '/api/backups' };
      },
    ],
    [
      backupsApi.download,
      async () => ({
        url: `/api/backups/${(await settledBackup(ctx)).id}/download`,
      }),
    ],
    [clientsApi.idProblems, async () => ({ url: '/api/clients/id-problems' })],
    // Importar: a kind's template, and a CSV of one supplier checked without writing.
    [importsApi.template, async () => ({ url: '/api/imports/clients/template?format=csv' })],
    [
      importsApi.run,
      async () => ({
        url: '/api/imports/suppliers?dryRun=true',
        file: { contentType: 'text/csv', payload: `Nombre\r\nProveedor Importado ${next()}\r\n` },
      }),
    ],
    [
      auditApi.export,
      async () => ({
        url: `/api/audit/export?format=csv&entity=sale&entityId=${await newSale()}&action=create&from=2020-01-01&to=2099-12-31`,
        as: 'sales',
      }),
    ],
    // The outbox, read by a seller on their own sale's message; retried and cancelled by an admin.
    [
      emailsApi.list,
      async () => ({
        url: `/api/emails?status=pending&saleId=${(await queuedEmail()).saleId}&page=1&limit=10`,
        as: 'sales',
      }),
    ],
    [emailsApi.get, async () => ({ url: `/api/emails/${(await queuedEmail()).id}`, as: 'sales' })],
    [emailsApi.eml, async () => ({ url: `/api/emails/${(await queuedEmail()).id}/eml` })],
    [
      emailsApi.retry,
      async () => {
        const { id } = await queuedEmail();
        await ctx.db.update(emails).set({ status: 'failed' }).where(eq(emails.id, id));
        return { url: `/api/emails/${id}/retry` };
      },
    ],
    [emailsApi.cancel, async () => ({ url: `/api/emails/${(await queuedEmail()).id}/cancel` })],
    // "Enviar" of a document: an itinerary, which every role may send of the base seller's sale.
    [
      emailsApi.send,
      async () => ({
        url: '/api/emails',
        body: {
          kind: 'itinerary',
          saleId: await newSale(),
          to: ['cliente@ejemplo.cl'],
          cc: ['copia@ejemplo.cl'],
          message: 'Hola {cliente}',
        },
      }),
    ],
    [
      emailsApi.draft,
      async () => ({
        url: `/api/emails/draft?kind=itinerary&saleId=${await newSale()}`,
        as: 'sales',
      }),
    ],
    // The global search, as a seller (who finds only their own sales).
    [searchApi.search, async () => ({ url: '/api/search?q=ejemplo', as: 'sales' })],
    ...dteExamples(api),
    ...commissionExamples({ classificationId: refs.classification.id, sellerId: ctx.users.sales.id }),
    ...masterData,
  ];
  const examples = new Map(entries);
  if (examples.size !== entries.length) throw new Error('an endpoint has two examples');
  return examples;
}
