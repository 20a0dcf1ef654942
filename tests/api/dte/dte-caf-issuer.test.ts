// Only CAFs of the company's current RUT stamp its documents; a new RUT while CAFs of the previous
// one have folios left asks for confirmation (docs/decisions/0081-certificate-limits-and-caf-issuer.md).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dteCafs, dteDocuments } from '../../../src/server/db/schema';
import {
  CAF_MESSAGES,
  ISSUE_MESSAGES,
  type IssueInput,
  issueDte,
  secretBox,
} from '../../../src/server/modules/dte';
import { rutChangeMessage } from '../../../src/server/modules/dte/setup';
import { taxBody } from '../../helpers/dte-examples';
import { COMPANY_RUT, COMPANY_RUT_STORED, makeCaf } from '../../helpers/dte-fixtures';
import { setUpIssuing } from '../../helpers/dte-setup';
import { createTestContext, type TestContext } from '../../helpers/test-app';

let ctx: TestContext;
let admin: Record<string, string>;
const box = secretBox('clave-de-prueba-del-rut-de-los-caf');
/** The company's new RUT, written as a person might: dots and a lower-case K. */
const NEW_RUT = '96.555.453-k';
/** As the tax data store it, and as the SII writes it in the XML. */
const NEW_STORED_RUT = '96.555.453-K';
const NEW_SII_RUT = '96555453-K';

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth('admin');
  await setUpIssuing(ctx, box, [{ type: 33, from: 1, to: 10 }]);
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });
const invoice: IssueInput = {
  type: 33,
  issueDate: '2031-02-01',
  receiver: {
    rut: '77.777.777-7',
    businessName: 'Cliente Empresa Ltda.',
    businessActivity: 'Comercio',
    address: 'Calle 1',
    commune: 'Santiago',
  },
  lines: [{ name: 'Traslado', pesos: 119_000n, exempt: false }],
};
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'issued',
    (error: { statusCode?: number; message: string }) => [error.statusCode, error.message],
  );
const foliosLeft = async () =>
  (await ctx.db.select().from(dteCafs).orderBy(dteCafs.id)).map((c) => [
    c.issuerRut,
    c.folioTo - c.nextFolio + 1,
  ]);

describe('changing the company RUT while CAFs of the previous one have folios left', () => {
  it('is a 409 that says so and asks for confirmation; a confirmation that is not a boolean is a 400', async () => {
    const unconfirmed = await call('PUT', '/api/company/tax', { ...taxBody(), rut: NEW_RUT });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().message).toBe(rutChangeMessage(COMPANY_RUT_STORED, NEW_STORED_RUT, 10));
    expect(unconfirmed.json().message).toContain('confirma el cambio');
    const loose = await call('PUT', '/api/company/tax', {
      ...taxBody(),
      rut: NEW_RUT,
      confirmRutChange: 'true',
    });
    expect(loose.statusCode).toBe(400);
    expect((await call('GET', '/api/company/tax')).json().data.rut).toBe(COMPANY_RUT_STORED);
    // The same RUT written otherwise is no change.
    expect((await call('PUT', '/api/company/tax', { ...taxBody(), rut: '761234560' })).statusCode).toBe(200);
  });

  it('once confirmed, never stamps a document from a CAF of the previous RUT', async () => {
    const confirmed = await call('PUT', '/api/company/tax', {
      ...taxBody(),
      rut: NEW_RUT,
      confirmRutChange: true,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toEqual({ ...taxBody(), rut: NEW_STORED_RUT });
    expect(await refusal(issueDte(ctx.db, box, invoice))).toEqual([
      409,
      ISSUE_MESSAGES.noFolios(33, NEW_STORED_RUT),
    ]);
    expect(await ctx.db.select().from(dteDocuments)).toEqual([]);
    expect(await foliosLeft()).toEqual([[COMPANY_RUT, 10]]);
  });

  it('refuses loading a CAF of the previous RUT, and stamps from one of the current RUT', async () => {
    const old = await call('POST', '/api/company/cafs', { xml: makeCaf({ type: 33, from: 11, to: 20 }).xml });
    expect([old.statusCode, old.json().message]).toEqual([400, CAF_MESSAGES.rut]);
    const current = await call('POST', '/api/company/cafs', {
      xml: makeCaf({ rut: NEW_SII_RUT, type: 33, from: 21, to: 30 }).xml,
    });
    expect(current.statusCode).toBe(201);
    // A row whose RUT was written otherwise (dots, a lower-case K) is still the company's.
    await ctx.db
      .update(dteCafs)
      .set({ issuerRut: '96.555.453-k' })
      .where(eq(dteCafs.id, current.json().data.id));
    const issued = await issueDte(ctx.db, box, invoice);
    expect(issued.folio).toBe(21);
    // The TED's CAF (RE) and the document (RUTEmisor) name the same issuer, as the SII requires.
    expect([...issued.xml.matchAll(/<RE>([^<]*)<\/RE>/g)].map((m) => m[1])).toEqual([
      NEW_SII_RUT,
      NEW_SII_RUT,
    ]);
    expect(issued.xml).toContain(`<RUTEmisor>${NEW_SII_RUT}</RUTEmisor>`);
    expect(await foliosLeft()).toEqual([
      [COMPANY_RUT, 10],
      ['96.555.453-k', 9],
    ]);
  });

  it('needs no confirmation when the previous RUT has no folios left', async () => {
    await ctx.db.update(dteCafs).set({ nextFolio: 31 }).where(eq(dteCafs.folioFrom, 21));
    const back = await call('PUT', '/api/company/tax', { ...taxBody(), rut: COMPANY_RUT });
    expect(back.statusCode).toBe(200);
  });
});
