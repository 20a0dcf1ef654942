// Sending to the SII (docs/decisions/0066-sii-transport.md): issued DTEs go through the SII's outbox to a
// stand-in that speaks the SII's protocol and checks the signatures (tests/helpers/sii-standin.ts). Timings
// are short here (SiiOutboxOptions); the rules are the production ones.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SII_STATUS_LABELS } from '../../../src/domain/sii';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { type DatabaseHandle, openPostgres } from '../../../src/server/db/client';
import { dteDocuments, siiAttempts, siiSubmissions } from '../../../src/server/db/schema';
import {
  companySigner,
  ISSUE_MESSAGES,
  type IssueInput,
  issueDte,
  secretBox,
} from '../../../src/server/modules/dte';
import {
  SII_HOSTS,
  type SiiOutboxOptions,
  siiEndpoints,
  startSiiOutbox,
} from '../../../src/server/modules/sii';
import { COMPANY_RUT, HOLDER_RUT } from '../../helpers/dte-fixtures';
import { setUpIssuing } from '../../helpers/dte-setup';
import { type SiiStandin, startSiiStandin } from '../../helpers/sii-standin';
import { createTestContext, type TestContext, until } from '../../helpers/test-app';

const SECRET_KEY = 'clave-de-prueba-del-envio-al-sii';
const box = secretBox(SECRET_KEY);
let ctx: TestContext;
let sii: SiiStandin;
const workers: { stop(): Promise<void> }[] = [];

const fast = (): Omit<SiiOutboxOptions, 'onError' | 'loadSigner'> => ({
  baseUrl: sii.url,
  pollMs: 40,
  leaseMs: 10_000,
  backoff: { baseMs: 30, maxMs: 120 },
  statusBackoff: { baseMs: 20, maxMs: 60 },
  timeoutMs: 5_000,
});
/** A worker of this test, stopped after it; `errors` are the ones it logged (none expected). */
const errors: unknown[] = [];
function startWorker(extra: Partial<SiiOutboxOptions> = {}, database: DatabaseHandle = ctx.database) {
  const worker = startSiiOutbox(database, {
    ...fast(),
    loadSigner: (db, now) => companySigner(db, box, now),
    onError: (error) => errors.push(error),
    ...extra,
  });
  workers.push(worker);
  return worker;
}

const invoice: IssueInput = {
  type: 33,
  issueDate: '2031-02-01',
  receiver: {
    rut: '77.777.777-7',
    businessName: 'Cliente Empresa Ltda.',
    businessActivity: 'Comercio',
    address: 'Calle 1',
    commune: 'Ñuñoa',
  },
  lines: [
    { name: 'Pasaje internacional', pesos: 500_000n, exempt: true },
    { name: 'Traslado', pesos: 119_000n, exempt: false },
  ],
};
const issue = () => issueDte(ctx.db, box, invoice);
const submissionOf = async (dteDocumentId: number) => {
  const [row] = await ctx.db
    .select()
    .from(siiSubmissions)
    .where(eq(siiSubmissions.dteDocumentId, dteDocumentId));
  if (!row) throw new Error(`no submission for ${dteDocumentId}`);
  return row;
};
const attemptsOf = (submissionId: number) =>
  ctx.db.select().from(siiAttempts).where(eq(siiAttempts.submissionId, submissionId)).orderBy(siiAttempts.id);
const final = (id: number) =>
  until(
    () => submissionOf(id),
    (s) => s.status !== 'pending' && s.status !== 'sent',
  );

beforeAll(async () => {
  sii = await startSiiStandin();
  ctx = await createTestContext();
  await setUpIssuing(ctx, box, [{ type: 33, from: 1, to: 80 }]);
});
afterAll(async () => {
  await ctx.close();
  await sii.stop();
});
afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.stop();
  expect(errors.splice(0)).toEqual([]);
  sii.setVerdict('accept');
  sii.setUnavailable(false);
  await sii.start();
  // Nothing left for the next test's worker.
  await ctx.db
    .update(siiSubmissions)
    .set({ status: 'rejected' })
    .where(inArray(siiSubmissions.status, ['pending', 'sent']));
});

describe('sending an issued DTE to the SII', () => {
  it('is queued with the document, uploaded with a token of the signed seed, and ends accepted', async () => {
    const issued = await issue();
    const queued = await submissionOf(issued.id);
    expect(queued).toMatchObject({ status: 'pending', trackId: null, attempts: 0 });

    const calls = { ...sii.calls };
    sii.processFor(1);
    startWorker();
    const done = await final(issued.id);

    expect(done).toMatchObject({ status: 'accepted', siiCode: 'EPR', lastError: null, lockedUntil: null });
    const upload = sii.uploads.find((u) => u.trackId === done.trackId);
    // The stand-in verified the seed's signature to give the token the upload carried.
    expect([sii.calls.seed - calls.seed, sii.calls.token - calls.token]).toEqual([1, 1]);
    expect(upload).toMatchObject({ rutCompany: COMPANY_RUT, rutSender: HOLDER_RUT, state: 'EPR' });
    expect(upload?.fileName).toBe(`EnvioDTE_33_${issued.folio}.xml`);
    // The bytes the SII got are the stored EnvioDTE, in the ISO-8859-1 its declaration names.
    expect(upload?.xml).toBe(issued.xml);
    expect(upload?.xml).toContain('Ñuñoa');
    expect(done.siiMessages).toEqual([
      'EPR: Envio Procesado',
      'Tipo 33: 1 informados, 1 aceptados, 0 rechazados, 0 con reparos',
    ]);
    expect(done.sentAt).toBeInstanceOf(Date);
    expect(done.settledAt).toBeInstanceOf(Date);
    // Each try recorded: the upload, the query the SII answered "in process", the final one.
    const log = await attemptsOf(done.id);
    expect(log.map((a) => [a.step, a.ok])).toEqual([
      ['upload', true],
      ['status', true],
      ['status', true],
    ]);
    expect(log[0]?.detail).toContain(`TRACKID ${done.trackId}`);
    expect(log[1]?.detail).toBe('PDR: Envio en Proceso');
    // What the invoice shows of it (its reply reads this row: tests/api/dte/dte-invoices.test.ts).
    expect(done.trackId).toMatch(/^\d+$/);
    expect(SII_STATUS_LABELS[done.status]).toBe('Aceptado');
  });

  it('keeps trying while the SII is down or busy, and sends once it is back', async () => {
    await sii.stop();
    const issued = await issue();
    startWorker();
    const refused = await until(
      () => submissionOf(issued.id),
      (s) => s.attempts >= 2 && s.lastError === 'SII no disponible (ECONNREFUSED)',
    );
    expect(refused).toMatchObject({ status: 'pending', trackId: null });
    await sii.start();
    sii.setUnavailable(true);
    const busy = await until(
      () => submissionOf(issued.id),
      (s) => s.lastError === 'SII no disponible (HTTP 503)',
    );
    expect(busy.status).toBe('pending');
    const uploadsBefore = sii.uploads.length;
    sii.setUnavailable(false);
    const done = await final(issued.id);
    expect(done.status).toBe('accepted');
    expect(sii.uploads.length - uploadsBefore).toBe(1);
    const log = await attemptsOf(done.id);
    const uploads = log.filter((a) => a.step === 'upload');
    expect(uploads.at(-1)?.ok).toBe(true);
    expect(uploads.filter((a) => !a.ok).length).toBeGreaterThanOrEqual(2);
  });

  it('waits, with the reason, while this server cannot open the certificate', async () => {
    const issued = await issue();
    const otherServer = secretBox('la-clave-de-otro-servidor');
    startWorker({ loadSigner: (db, now) => companySigner(db, otherServer, now) });
    const waiting = await until(
      () => submissionOf(issued.id),
      (s) => s.attempts >= 2,
    );
    expect(waiting).toMatchObject({ status: 'pending', lastError: ISSUE_MESSAGES.unusableCertificate });
    expect((await attemptsOf(waiting.id)).every((a) => a.step === 'upload' && !a.ok)).toBe(true);
    for (const worker of workers.splice(0)) await worker.stop();
    startWorker();
    expect((await final(issued.id)).status).toBe('accepted');
  });

  it('a document whose signature no longer verifies is rejected by the SII, with its message, and left alone', async () => {
    const issued = await issue();
    const tampered = issued.xml.replace('Cliente Empresa Ltda.', 'Cliente Empresa Ltda. (cambiado)');
    expect(tampered).not.toBe(issued.xml);
    await ctx.db.update(dteDocuments).set({ xml: tampered }).where(eq(dteDocuments.id, issued.id));
    startWorker();
    const done = await final(issued.id);
    expect(done).toMatchObject({ status: 'rejected', siiCode: 'RFR', lastError: null });
    expect(done.trackId).toMatch(/^\d{10}$/);
    expect(done.siiMessages).toEqual(['RFR: Rechazado por Error en Firma']);
    const queries = sii.calls.status;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sii.calls.status).toBe(queries);
    expect((await attemptsOf(done.id)).length).toBe(2);
  });

  it('a file the upload refuses (STATUS 7) is rejected at once, without a track id', async () => {
    const issued = await issue();
    await ctx.db
      .update(dteDocuments)
      .set({ xml: '<?xml version="1.0" encoding="ISO-8859-1"?><Otro></Otro>' })
      .where(eq(dteDocuments.id, issued.id));
    startWorker();
    const done = await final(issued.id);
    expect(done).toMatchObject({
      status: 'rejected',
      trackId: null,
      siiCode: '7',
      siiMessages: ['7: Esquema inválido', 'El archivo no es un EnvioDTE'],
    });
    expect((await attemptsOf(done.id)).map((a) => [a.step, a.ok])).toEqual([['upload', true]]);
  });

  it('records reparos, and a document the SII rejects inside a processed upload', async () => {
    sii.setVerdict('repairs');
    const withRepairs = await issue();
    startWorker();
    expect(await final(withRepairs.id)).toMatchObject({
      status: 'repairs',
      siiCode: 'EPR',
      siiMessages: [
        'EPR: Envio Procesado',
        'Tipo 33: 1 informados, 0 aceptados, 0 rechazados, 1 con reparos',
      ],
    });
    sii.setVerdict('reject-document');
    const rejected = await issue();
    expect(await final(rejected.id)).toMatchObject({
      status: 'rejected',
      siiMessages: [
        'EPR: Envio Procesado',
        'Tipo 33: 1 informados, 0 aceptados, 1 rechazados, 0 con reparos',
      ],
    });
    expect(SII_STATUS_LABELS.repairs).toBe('Reparos');
  });

  it('uses one token until it expires, and a new one when the SII no longer knows it', async () => {
    let clock = Date.now();
    startWorker({ tokenTtlMs: 60 * 60_000, now: () => clock });
    const first = await issue();
    await final(first.id);
    const tokensBefore = sii.calls.token;
    const second = await issue();
    const third = await issue();
    await final(second.id);
    await final(third.id);
    // Two uploads and their queries on the first document's token.
    expect(sii.calls.token).toBe(tokensBefore);
    const tokenOf = (id: number) =>
      submissionOf(id).then((s) => sii.uploads.find((u) => u.trackId === s.trackId)?.token);
    expect(await tokenOf(second.id)).toBe(await tokenOf(first.id));
    expect(await tokenOf(third.id)).toBe(await tokenOf(first.id));

    // The SII forgot it: the upload answers STATUS 5, and the same try gets a new token and uploads.
    sii.expireTokens();
    const uploads = sii.calls.upload;
    const fourth = await issue();
    expect((await final(fourth.id)).status).toBe('accepted');
    expect(sii.calls.token).toBe(tokensBefore + 1);
    expect(sii.calls.upload - uploads).toBe(2);
    expect((await attemptsOf((await submissionOf(fourth.id)).id))[0]).toMatchObject({
      step: 'upload',
      ok: true,
    });

    // An hour later the worker asks for a new one before the SII has to refuse it.
    clock += 60 * 60_000 + 1;
    const fifth = await issue();
    const uploadsNow = sii.calls.upload;
    expect((await final(fifth.id)).status).toBe('accepted');
    expect(sii.calls.token).toBe(tokensBefore + 2);
    expect(sii.calls.upload - uploadsNow).toBe(1);
    expect(await tokenOf(fifth.id)).not.toBe(await tokenOf(fourth.id));
  });

  it('two app instances on one database upload each of 20 documents once', async () => {
    const issued = [];
    for (let i = 0; i < 20; i++) issued.push(await issue());
    const uploadsBefore = sii.uploads.length;
    const second: DatabaseHandle = ctx.database.url ? await openPostgres(ctx.database.url, 5) : ctx.database;
    const options = { demo: false, secretKey: SECRET_KEY, sii: fast() };
    const apps = [
      await buildApp({ database: ctx.database, ...options }),
      await buildApp({ database: second, ...options }),
    ];
    try {
      for (const document of issued) expect((await final(document.id)).status).toBe('accepted');
      const uploaded = sii.uploads.slice(uploadsBefore).map((u) => u.fileName);
      expect(uploaded).toHaveLength(20);
      expect(new Set(uploaded).size).toBe(20);
      expect(apps.every((app) => app.siiOutbox)).toBe(true);
    } finally {
      for (const app of apps) await app.close();
      if (second !== ctx.database) await second.close();
    }
  });
});

describe('configuration', () => {
  it('sends by default, SII_SEND=false turns it off, SII_BASE_URL replaces the host only', () => {
    expect(loadConfig({}).siiSend).toBe(true);
    expect(loadConfig({ SII_SEND: 'false' }).siiSend).toBe(false);
    expect(loadConfig({ SII_BASE_URL: 'http://127.0.0.1:8089' }).siiBaseUrl).toBe('http://127.0.0.1:8089');
    expect(() => loadConfig({ SII_BASE_URL: 'http://127.0.0.1:8089/DTEWS' })).toThrow(/SII_BASE_URL/);
    expect(siiEndpoints('certification').upload).toBe('https://maullin.sii.cl/cgi_dte/UPL/DTEUpload');
    expect(siiEndpoints('production').seed).toBe('https://palena.sii.cl/DTEWS/CrSeed.jws');
    expect(siiEndpoints('production', 'http://127.0.0.1:8089/').uploadStatus).toBe(
      'http://127.0.0.1:8089/DTEWS/QueryEstUp.jws',
    );
    expect(Object.keys(SII_HOSTS)).toEqual(['certification', 'production']);
  });
});
