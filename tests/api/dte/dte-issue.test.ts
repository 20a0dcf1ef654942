// Issuing DTEs: one folio each, taken once, across servers, with nothing taken when issuing fails.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../../../src/server/db/client';
import { dteCafs, dteDocuments } from '../../../src/server/db/schema';
import { ISSUE_MESSAGES, type IssueInput, issueDte, secretBox } from '../../../src/server/modules/dte';
import { saveCertificate } from '../../../src/server/modules/dte/setup';
import { COMPANY_RUT_STORED, makeCaf, type makeP12 } from '../../helpers/dte-fixtures';
import { setUpIssuing } from '../../helpers/dte-setup';
import { createTestContext, type TestContext } from '../../helpers/test-app';
import { verifySignatures, xmlTree } from '../../helpers/xml-check.mjs';

let ctx: TestContext;
const box = secretBox('clave-de-prueba-de-emision');
let p12: ReturnType<typeof makeP12>;
const actor = { userId: null, username: 'prueba', ip: '127.0.0.1' };

const receiver = {
  rut: '77.777.777-7',
  businessName: 'Cliente Empresa Ltda.',
  businessActivity: 'Comercio',
  address: 'Calle 1',
  commune: 'Santiago',
};
const invoice = (overrides: Partial<IssueInput> = {}): IssueInput => ({
  type: 33,
  issueDate: '2031-02-01',
  receiver,
  lines: [
    { name: 'Pasaje internacional', pesos: 500_000n, exempt: true },
    { name: 'Traslado', pesos: 119_000n, exempt: false },
  ],
  ...overrides,
});
const refusal = async (promise: Promise<unknown>) =>
  promise.then(
    () => 'issued',
    (error: { statusCode?: number; message: string }) => [error.statusCode, error.message],
  );
const cafLeft = async (type: number) =>
  (await ctx.db.select().from(dteCafs).where(eq(dteCafs.type, type))).map((c) => c.folioTo - c.nextFolio + 1);

beforeAll(async () => {
  ctx = await createTestContext();
  p12 = await setUpIssuing(
    ctx,
    box,
    [
      { type: 33, from: 1, to: 30 },
      { type: 34, from: 1, to: 2 },
      { type: 39, from: 1, to: 12 },
    ],
    { certificate: false },
  );
});
afterAll(() => ctx.close());

describe('issuing a DTE', () => {
  it('refuses without the certificate, taking no folio', async () => {
    expect(await refusal(issueDte(ctx.db, box, invoice()))).toEqual([409, ISSUE_MESSAGES.noCertificate]);
    await saveCertificate(ctx.db, box, { file: p12.base64, password: p12.password }, actor);
    const otherServer = secretBox('la-clave-de-otro-servidor');
    expect(await refusal(issueDte(ctx.db, otherServer, invoice()))).toEqual([
      409,
      ISSUE_MESSAGES.unusableCertificate,
    ]);
    expect(await cafLeft(33)).toEqual([30]);
  });

  it('takes the first folio, stores the totals in pesos and a signed EnvioDTE', async () => {
    const issued = await issueDte(ctx.db, box, invoice());
    expect([issued.type, issued.folio]).toEqual([33, 1]);
    expect(verifySignatures(issued.xml, p12.certificatePem)).toEqual([true, true]);
    const [row] = await ctx.db.select().from(dteDocuments).where(eq(dteDocuments.id, issued.id));
    expect(row).toMatchObject({
      type: 33,
      folio: 1,
      receiverRut: '77777777-7',
      netAmount: '100000',
      vatAmount: '19000',
      exemptAmount: '500000',
      totalAmount: '619000',
      xml: issued.xml,
    });
    expect(await cafLeft(33)).toEqual([29]);
  });

  it('gives 20 invoices and 10 boletas issued at once from two servers distinct folios without gaps', async () => {
    // On PostgreSQL a second connection pool is a second server; PGlite has one connection.
    const url = ctx.database.url;
    const second = url ? await openPostgres(url, 5) : undefined;
    // A boleta to a person: the SII's generic receiver, no giro (decision 0097).
    const boleta = invoice({
      type: 39,
      receiver: {
        rut: '66666666-6',
        businessName: 'Ana Pérez',
        businessActivity: '',
        address: '',
        commune: '',
      },
    });
    try {
      const dbs: Database[] = [ctx.db, second?.db ?? ctx.db];
      const issued = await Promise.all([
        ...Array.from({ length: 20 }, (_, i) => issueDte(dbs[i % 2] as Database, box, invoice())),
        ...Array.from({ length: 10 }, (_, i) => issueDte(dbs[i % 2] as Database, box, boleta)),
      ]);
      const folios = (type: number) =>
        issued
          .filter((d) => d.type === type)
          .map((d) => d.folio)
          .sort((a, b) => a - b);
      expect(folios(33)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
      expect(folios(39)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    } finally {
      await second?.close();
    }
    expect(await cafLeft(33)).toEqual([9]);
    expect(await cafLeft(39)).toEqual([2]);
  });

  it('takes no folio when the document is refused, and says when the folios run out', async () => {
    const taxable = invoice({ type: 34 });
    expect((await refusal(issueDte(ctx.db, box, taxable)))[0]).toBe(400);
    expect(await cafLeft(34)).toEqual([2]);
    const exenta = invoice({ type: 34, lines: [{ name: 'Paquete', pesos: 10_000n, exempt: true }] });
    expect((await issueDte(ctx.db, box, exenta)).folio).toBe(1);
    expect((await issueDte(ctx.db, box, exenta)).folio).toBe(2);
    expect(await refusal(issueDte(ctx.db, box, exenta))).toEqual([
      409,
      ISSUE_MESSAGES.noFolios(34, COMPANY_RUT_STORED),
    ]);
    expect(
      await refusal(
        issueDte(ctx.db, box, invoice({ type: 61, reference: { documentId: 1, code: 1, reason: 'x' } })),
      ),
    ).toEqual([409, ISSUE_MESSAGES.noFolios(61, COMPANY_RUT_STORED)]);
  });

  it('issues a credit note that references the invoice it annuls', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/company/cafs',
      headers: await ctx.auth('admin'),
      payload: { xml: makeCaf({ type: 61, from: 1, to: 5 }).xml },
    });
    const [first] = await ctx.db.select().from(dteDocuments).where(eq(dteDocuments.folio, 1));
    const note = await issueDte(
      ctx.db,
      box,
      invoice({ type: 61, reference: { documentId: first?.id ?? 0, code: 1, reason: 'Anula la factura' } }),
    );
    expect(note.folio).toBe(1);
    const referencia = xmlTree(note.xml).children[0]?.children[1]?.children[0]?.children.find(
      (child) => child.name === 'Referencia',
    );
    expect(referencia?.children.map((c) => [c.name, c.text])).toEqual([
      ['NroLinRef', '1'],
      ['TpoDocRef', '33'],
      ['FolioRef', '1'],
      ['FchRef', '2031-02-01'],
      ['CodRef', '1'],
      ['RazonRef', 'Anula la factura'],
    ]);
    const [row] = await ctx.db.select().from(dteDocuments).where(eq(dteDocuments.id, note.id));
    expect(row?.referenceId).toBe(first?.id);
    expect(
      await refusal(
        issueDte(ctx.db, box, invoice({ type: 61, reference: { documentId: 9999, code: 1, reason: 'x' } })),
      ),
    ).toEqual([404, ISSUE_MESSAGES.noReference]);
    expect(await cafLeft(61)).toEqual([4]);
  });
});
