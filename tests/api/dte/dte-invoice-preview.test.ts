// GET /api/sales/:id/invoice/preview (docs/decisions/0071-invoice-preview-and-item-exemptions.md): what
// "Generar Factura" would issue, computed as issuing computes it, taking no folio and writing nothing; an
// admin's per-item choices.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoicePreview } from '../../../src/domain/invoice-preview';
import { companyCertificate, companyTax, dteCafs } from '../../../src/server/db/schema';
import { createSession } from '../../../src/server/modules/auth';
import { ISSUE_MESSAGES } from '../../../src/server/modules/dte';
import { DTE_INVOICE_MESSAGES } from '../../../src/server/modules/invoices/dte-invoice';
import { ALREADY_INVOICED, NOT_COMPLETED } from '../../../src/server/modules/invoices/service';
import { receiverBody, rutClient, setUpDteInvoicing } from '../../helpers/dte-examples';
import { COMPANY_RUT_STORED } from '../../helpers/dte-fixtures';
import { databaseFingerprint } from '../../helpers/fingerprint';
import { createTestContext, insertUser, type TestContext } from '../../helpers/test-app';

let ctx: TestContext;
type Who = 'admin' | 'sales' | 'finance' | 'otherSeller';
const headers = new Map<Who, Record<string, string>>();
const refs: Record<string, number> = {};
/** Whether every role is told invoices are DTEs, before the tax data are saved. */
let electronicBefore: boolean | undefined;
const electronicNow = async () =>
  (await call('sales', 'GET', '/api/company/preferences')).json().data.electronicInvoicing as boolean;

const call = (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: headers.get(who), ...(payload ? { payload } : {}) });

async function api(method: 'POST' | 'PUT', url: string, payload: object) {
  const res = await call('admin', method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}
const idOf = (reply: object) =>
  (Object.values(reply).find((v) => typeof v === 'object' && v !== null) as { id: number }).id;

/** A sale of the base seller with items `[classification key, USD price]`, completed unless said otherwise. */
async function sale(
  items: [string, string][],
  options: { region?: string; client?: number; complete?: boolean } = {},
) {
  const { sale } = await api('POST', '/api/sales', {
    saleData: {
      passengerName: 'Pasajero Vista Previa',
      clientId: options.client ?? refs.client,
      travelDate: '2031-03-10',
      saleType: 'individual',
      serviceType: 'package',
      region: options.region ?? 'national',
      passengerCount: 1,
      sellerId: ctx.users.sales.id,
    },
    items: items.map(([classification, salePrice], index) => ({
      classificationId: String(refs[classification]),
      supplierId: String(refs.supplier),
      operatorId: String(refs.operator),
      passengers: [refs.passenger],
      description: `Ítem ${index + 1} (${classification})`,
      salePrice,
      costPrice: '1.00',
    })),
  });
  if (options.complete !== false) await api('PUT', `/api/sales/${sale.id}`, { status: 'completed' });
  return { id: sale.id as number, items: (sale.items as { id: number }[]).map((item) => item.id) };
}

const previewUrl = (saleId: number, query = '') => `/api/sales/${saleId}/invoice/preview${query}`;
async function preview(saleId: number, query = '', who: Who = 'admin'): Promise<InvoicePreview> {
  const res = await call(who, 'GET', previewUrl(saleId, query));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().preview;
}

/** Issues the invoice and checks it is what the preview said: type, each line, totals to the peso. */
async function issuedAsPreviewed(saleId: number, shown: InvoicePreview, items?: object[]) {
  const res = await call('admin', 'POST', `/api/sales/${saleId}/invoice`, {
    ...receiverBody(),
    ...(items && { items }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const invoice = res.json().invoice;
  expect({
    dteType: invoice.dteType,
    netAmount: invoice.netAmount,
    exemptAmount: invoice.exemptAmount,
    vatAmount: invoice.vatAmount,
    totalAmount: invoice.totalAmount,
    exchangeRate: invoice.exchangeRate,
    lines: invoice.items.map((item: { exempt: boolean; pesos: number }) => [item.exempt, item.pesos]),
  }).toEqual({
    dteType: shown.dteType,
    netAmount: shown.netAmount,
    exemptAmount: shown.exemptAmount,
    vatAmount: shown.vatAmount,
    totalAmount: shown.totalAmount,
    exchangeRate: shown.exchangeRate,
    lines: shown.lines.map((line) => [line.exempt, line.pesos]),
  });
}

/** The next folio of every CAF, summed: unchanged when no folio was taken. */
const foliosTaken = async () =>
  (await ctx.db.select({ n: sql<string>`coalesce(sum(${dteCafs.nextFolio}), 0)::text` }).from(dteCafs))[0]?.n;

beforeAll(async () => {
  ctx = await createTestContext();
  for (const who of ['admin', 'sales', 'finance'] as const) headers.set(who, await ctx.auth(who));
  const other = await insertUser(ctx.db, 'sales', 'vista');
  headers.set('otherSeller', { authorization: `Bearer ${await createSession(ctx.db, other.id)}` });
  refs.byRegion = idOf(await api('POST', '/api/classifications', { name: 'Aéreo VP' }));
  refs.taxable = idOf(
    await api('POST', '/api/classifications', { name: 'Hotel VP', taxTreatment: 'taxable' }),
  );
  refs.exempt = idOf(
    await api('POST', '/api/classifications', { name: 'Seguro VP', taxTreatment: 'exempt' }),
  );
  refs.supplier = idOf(await api('POST', '/api/suppliers', { name: 'Proveedor VP' }));
  refs.operator = idOf(await api('POST', '/api/operators', { name: 'Operador VP' }));
  refs.passenger = idOf(
    await api('POST', '/api/passengers', {
      name: 'Pasajero VP',
      passengerId: 'VP-1',
      dateOfBirth: '1980-01-01',
    }),
  );
  refs.client = await rutClient(api);
  refs.noRut = idOf(await api('POST', '/api/clients', { name: 'Cliente sin RUT VP' }));
  electronicBefore = await electronicNow();
  // Tax data, certificate, CAFs of 33, 34 and 61, and the peso at 952.38 per dollar.
  await setUpDteInvoicing(api);
});
afterAll(() => ctx.close());

describe('the preview is what issuing then produces', () => {
  it('every screen is told invoices are DTEs as soon as the tax data are saved', async () => {
    expect([electronicBefore, await electronicNow()]).toEqual([false, true]);
  });

  it('by default: lines, reasons, type and totals to the peso, and the receiver data still missing', async () => {
    const { id } = await sale([
      ['byRegion', '1000.50'], // national: taxable by region
      ['exempt', '250.25'],
    ]);
    const shown = await preview(id, '', 'sales');
    // 1000.50 x 952.38 = 952 856; 250.25 x 952.38 = 238 333; net round(952 856 / 1.19) = 800 719.
    expect(shown).toMatchObject({
      dteType: 33,
      currency: 'USD',
      exchangeRate: 952.38,
      vatPercent: 19,
      exemptAmount: 238_333,
      netAmount: 800_719,
      vatAmount: 152_137,
      totalAmount: 1_191_189,
      receiver: { businessName: expect.stringContaining('Cliente con RUT'), address: 'Calle Ejemplo 1' },
      missing: ['receiverActivity', 'receiverCommune'],
    });
    expect(shown.lines.map((l) => [l.description, l.pesos, l.exempt, l.defaultExempt, l.reason])).toEqual([
      ['Ítem 1 (byRegion)', 952_856, false, false, 'region'],
      ['Ítem 2 (exempt)', 238_333, true, true, 'classification'],
    ]);
    await issuedAsPreviewed(id, shown);
    // The client's giro and comuna are remembered from that invoice: nothing is missing any more.
    expect((await preview((await sale([['taxable', '3.00']])).id)).missing).toEqual([]);
  });

  it("prefills the receiver's giro and comuna from the client's record", async () => {
    const client = idOf(
      await api('POST', '/api/clients', {
        name: 'Cliente con giro VP',
        clientId: '76.086.428-5',
        address: 'Calle Ejemplo 1',
        commune: 'Providencia',
        businessActivity: 'Servicios de ingeniería',
      }),
    );
    const shown = await preview((await sale([['taxable', '5.00']], { client })).id);
    expect(shown.missing).toEqual([]);
    expect(shown.receiver).toMatchObject({
      activity: 'Servicios de ingeniería',
      commune: 'Providencia',
      address: 'Calle Ejemplo 1',
    });
  });

  it("with an admin's choices: a taxable line exempt, a 34 made a 33, and a choice that changes nothing", async () => {
    const mixed = await sale([
      ['taxable', '100.00'],
      ['byRegion', '40.00'],
    ]);
    const [hotel, flight] = mixed.items;
    const chosen = await preview(mixed.id, `?exempt=${hotel}&taxable=${flight}`);
    expect(chosen.lines.map((l) => [l.exempt, l.defaultExempt, l.reason])).toEqual([
      [true, false, 'admin'],
      // Taxable already: the admin's choice changes nothing, so its reason stays the region.
      [false, false, 'region'],
    ]);
    // 100 x 952.38 = 95 238 exempt; 40 x 952.38 = 38 095 taxable: net 32 013, IVA 6 082.
    expect(chosen).toMatchObject({
      dteType: 33,
      exemptAmount: 95_238,
      netAmount: 32_013,
      vatAmount: 6_082,
      totalAmount: 133_333,
    });
    await issuedAsPreviewed(mixed.id, chosen, [
      { id: hotel, exempt: true },
      { id: flight, exempt: false },
    ]);

    const allExempt = await sale([['taxable', '10.00']]);
    const exempt34 = await preview(allExempt.id, `?exempt=${allExempt.items[0]}`);
    expect(exempt34).toMatchObject({ dteType: 34, netAmount: 0, vatAmount: 0, exemptAmount: 9_524 });
    await issuedAsPreviewed(allExempt.id, exempt34, [{ id: allExempt.items[0], exempt: true }]);

    const abroad = await sale([['byRegion', '10.00']], { region: 'international' });
    expect((await preview(abroad.id)).dteType).toBe(34);
    const taxed = await preview(abroad.id, `?taxable=${abroad.items[0]}&exempt=`);
    expect(taxed).toMatchObject({ dteType: 33, netAmount: 8_003, vatAmount: 1_521, totalAmount: 9_524 });
    await issuedAsPreviewed(abroad.id, taxed, [{ id: abroad.items[0], exempt: false }]);
  });
});

describe('the preview only reads', () => {
  it('takes no folio and writes nothing, answered or refused', async () => {
    const open = await sale([
      ['taxable', '12.00'],
      ['exempt', '3.00'],
    ]);
    const notDone = await sale([['taxable', '5.00']], { complete: false });
    const before = await databaseFingerprint(ctx.db);
    const folios = await foliosTaken();
    await preview(open.id);
    await preview(open.id, `?exempt=${open.items.join(',')}`);
    await preview(open.id, '', 'sales');
    expect((await call('sales', 'GET', previewUrl(open.id, `?exempt=${open.items[0]}`))).statusCode).toBe(
      403,
    );
    expect((await call('admin', 'GET', previewUrl(notDone.id))).statusCode).toBe(409);
    expect((await call('admin', 'GET', previewUrl(open.id, '?exempt=x'))).statusCode).toBe(400);
    expect(await foliosTaken()).toBe(folios);
    expect(await databaseFingerprint(ctx.db)).toBe(before);
  });
});

describe('who may preview, and choose', () => {
  it('a seller previews their own sale but cannot choose (403, as issuing); finance cannot; another seller gets 404', async () => {
    const { id, items } = await sale([['taxable', '8.00']]);
    expect((await preview(id, '', 'sales')).lines).toHaveLength(1);
    // An empty list is no choice.
    expect((await preview(id, '?exempt=&taxable=', 'sales')).dteType).toBe(33);
    for (const query of [`?exempt=${items[0]}`, `?taxable=${items[0]}`]) {
      const res = await call('sales', 'GET', previewUrl(id, query));
      expect([res.statusCode, res.json().message]).toEqual([403, DTE_INVOICE_MESSAGES.overrideAdmin]);
    }
    const issued = await call('sales', 'POST', `/api/sales/${id}/invoice`, {
      ...receiverBody(),
      items: [{ id: items[0], exempt: true }],
    });
    expect([issued.statusCode, issued.json().message]).toEqual([403, DTE_INVOICE_MESSAGES.overrideAdmin]);
    expect((await call('finance', 'GET', previewUrl(id))).statusCode).toBe(403);
    expect((await call('otherSeller', 'GET', previewUrl(id))).statusCode).toBe(404);
  });
});

describe('a strict query', () => {
  it('refuses ids that are not ids, unknown items, an item in both lists and unknown parameters', async () => {
    const { id, items } = await sale([['taxable', '6.00']]);
    const item = items[0];
    for (const query of [
      '?exempt=abc',
      '?exempt=1.5',
      '?exempt=-1',
      '?exempt=0',
      '?exempt=0x10',
      '?exempt=1e1',
      `?exempt=${item},`,
      `?exempt=,${item}`,
      `?exempt=%20${item}`,
      `?exempt=${item}&exempt=${item}`,
      '?exempt=99999999999',
      `?exempt=${item}%00`,
      `?taxable=${item}&other=1`,
    ]) {
      const res = await call('admin', 'GET', previewUrl(id, query));
      expect([query, res.statusCode]).toEqual([query, 400]);
      expect(res.json().message, query).toMatch(/^[A-ZÁÉÍÓÚÑa-záéíóúñ]/);
    }
    const unknown = await call('admin', 'GET', previewUrl(id, '?exempt=999999'));
    expect([unknown.statusCode, unknown.json().message]).toEqual([
      400,
      DTE_INVOICE_MESSAGES.unknownItem(999999),
    ]);
    const both = await call('admin', 'GET', previewUrl(id, `?exempt=${item}&taxable=${item}`));
    expect(both.statusCode).toBe(400);
    expect(both.body).toContain(`El ítem ${item} no puede ser exento y afecto a la vez`);
  });
});

describe("issuing's refusals, with issuing's messages", () => {
  /** The preview's status and message, and issuing's, for the same sale. */
  async function bothRefuse(saleId: number, query = '') {
    const shown = await call('admin', 'GET', previewUrl(saleId, query));
    const folios = await foliosTaken();
    const issued = await call('admin', 'POST', `/api/sales/${saleId}/invoice`, receiverBody());
    expect(await foliosTaken()).toBe(folios);
    return {
      preview: [shown.statusCode, shown.json().message],
      issue: [issued.statusCode, issued.json().message],
    };
  }

  it('a sale not liquidated, a client without RUT, no folios, no usable certificate', async () => {
    const notDone = await sale([['taxable', '5.00']], { complete: false });
    expect(await bothRefuse(notDone.id)).toEqual({
      preview: [409, NOT_COMPLETED],
      issue: [409, NOT_COMPLETED],
    });
    const noRut = await sale([['taxable', '5.00']], { client: refs.noRut });
    // A client without RUT gets a boleta (decision 0097): without a CAF of 39, both say so.
    const noBoletaFolios = [409, ISSUE_MESSAGES.noFolios(39, COMPANY_RUT_STORED)];
    expect(await bothRefuse(noRut.id)).toEqual({ preview: noBoletaFolios, issue: noBoletaFolios });

    // No folios of 34 left: only an all-exempt sale is refused.
    const insurance = await sale([['exempt', '5.00']]);
    await ctx.db
      .update(dteCafs)
      .set({ nextFolio: sql`${dteCafs.folioTo} + 1` })
      .where(eq(dteCafs.type, 34));
    const noFolios = [409, ISSUE_MESSAGES.noFolios(34, COMPANY_RUT_STORED)];
    expect(await bothRefuse(insurance.id)).toEqual({ preview: noFolios, issue: noFolios });
    expect((await preview(insurance.id, `?taxable=${insurance.items[0]}`)).dteType).toBe(33);
    await ctx.db.update(dteCafs).set({ nextFolio: dteCafs.folioFrom }).where(eq(dteCafs.type, 34));

    const [stored] = await ctx.db.select().from(companyCertificate);
    await ctx.db.update(companyCertificate).set({ validTo: new Date(Date.now() - 86_400_000) });
    const expired = [409, ISSUE_MESSAGES.expiredCertificate];
    expect(await bothRefuse(insurance.id)).toEqual({ preview: expired, issue: expired });
    await ctx.db.delete(companyCertificate);
    const none = [409, ISSUE_MESSAGES.noCertificate];
    expect(await bothRefuse(insurance.id)).toEqual({ preview: none, issue: none });
    if (stored) await ctx.db.insert(companyCertificate).values(stored);
    expect((await preview(insurance.id)).dteType).toBe(34);
  });

  it('a sale already invoiced, and a company without tax data (which issues the internal invoice)', async () => {
    const { id } = await sale([['taxable', '4.00']]);
    expect((await call('admin', 'POST', `/api/sales/${id}/invoice`, receiverBody())).statusCode).toBe(201);
    const again = await call('admin', 'GET', previewUrl(id));
    expect([again.statusCode, again.json().message]).toEqual([409, ALREADY_INVOICED]);

    const internal = await sale([['taxable', '4.00']]);
    const saved = await ctx.db.select().from(companyTax);
    await ctx.db.delete(companyTax);
    try {
      const res = await call('admin', 'GET', previewUrl(internal.id));
      expect([res.statusCode, res.json().message]).toEqual([409, ISSUE_MESSAGES.noTax]);
    } finally {
      await ctx.db.insert(companyTax).values(saved);
    }
  });
});
