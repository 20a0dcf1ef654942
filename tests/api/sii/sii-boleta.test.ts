// Boletas go to the SII's boleta service (docs/decisions/0102): the outbox sends a document of type 39 or
// 41 to a stand-in of that REST service (tests/helpers/sii-boleta-standin.ts) and every other one to the
// factura service's stand-in, with the same steps, retries and states. The boleta here is an
// EnvioBOLETA-shaped document signed by the company's certificate, stored as issuing would store it.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SII_STATUS_LABELS } from '../../../src/domain/sii';
import { loadConfig } from '../../../src/server/config';
import { siiAttempts, siiSubmissions } from '../../../src/server/db/schema';
import { companySigner, type IssueInput, issueDte, secretBox } from '../../../src/server/modules/dte';
import {
  SII_BOLETA_HOSTS,
  type SiiOutboxOptions,
  siiBoletaEndpoints,
  startSiiOutbox,
} from '../../../src/server/modules/sii';
import { queueBoletaDocument } from '../../helpers/boleta-outbox';
import { COMPANY_RUT, HOLDER_RUT } from '../../helpers/dte-fixtures';
import { setUpIssuing } from '../../helpers/dte-setup';
import { type SiiBoletaStandin, startSiiBoletaStandin } from '../../helpers/sii-boleta-standin';
import { type SiiStandin, startSiiStandin } from '../../helpers/sii-standin';
import { createTestContext, type TestContext, until } from '../../helpers/test-app';

const box = secretBox('clave-de-prueba-del-envio-de-boletas');
let ctx: TestContext;
let facturas: SiiStandin;
let boletas: SiiBoletaStandin;
const workers: { stop(): Promise<void> }[] = [];
const errors: unknown[] = [];

function startWorker(extra: Partial<SiiOutboxOptions> = {}) {
  const worker = startSiiOutbox(ctx.database, {
    baseUrl: facturas.url,
    boletaBaseUrl: boletas.url,
    pollMs: 40,
    leaseMs: 10_000,
    backoff: { baseMs: 30, maxMs: 120 },
    statusBackoff: { baseMs: 20, maxMs: 60 },
    timeoutMs: 5_000,
    loadSigner: (db, now) => companySigner(db, box, now),
    onError: (error) => errors.push(error),
    ...extra,
  });
  workers.push(worker);
  return worker;
}

// The transport's own boletas take folios far above the CAF's, which the issued ones use.
let nextFolio = 1000;
const queueBoleta = (type: 39 | 41 = 39, edit?: (xml: string) => string) =>
  queueBoletaDocument(ctx.db, box, { type, folio: nextFolio++, edit });

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
  lines: [{ name: 'Traslado', pesos: 119_000n, exempt: false }],
};

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
const callsOf = <T extends object>(standin: { calls: T }) => ({ ...standin.calls });

beforeAll(async () => {
  facturas = await startSiiStandin();
  boletas = await startSiiBoletaStandin();
  ctx = await createTestContext();
  await setUpIssuing(ctx, box, [
    { type: 33, from: 1, to: 20 },
    { type: 39, from: 1, to: 5 },
  ]);
});
afterAll(async () => {
  await ctx.close();
  await facturas.stop();
  await boletas.stop();
});
afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.stop();
  expect(errors.splice(0)).toEqual([]);
  boletas.setVerdict('accept');
  boletas.setUnavailable(false);
  await boletas.start();
  await ctx.db
    .update(siiSubmissions)
    .set({ status: 'rejected' })
    .where(inArray(siiSubmissions.status, ['pending', 'sent']));
});

describe('sending a boleta to the SII', () => {
  it('goes to the boleta service with its own token, and ends accepted', async () => {
    const boleta = await queueBoleta();
    const before = { facturas: callsOf(facturas), boletas: callsOf(boletas) };
    boletas.processFor(1);
    startWorker();
    const done = await final(boleta.id);
    expect(done).toMatchObject({ status: 'accepted', siiCode: 'EPR', lastError: null, lockedUntil: null });
    expect(SII_STATUS_LABELS[done.status]).toBe('Aceptado');
    expect(done.trackId).toMatch(/^\d{15}$/);
    expect(done.siiMessages).toEqual([
      'EPR: Envío procesado',
      'Tipo 39: 1 informados, 1 aceptados, 0 rechazados, 0 con reparos',
    ]);
    // The seed signed by the certificate bought the token the upload and the queries carried.
    expect(callsOf(boletas)).toEqual({
      seed: before.boletas.seed + 1,
      token: before.boletas.token + 1,
      upload: before.boletas.upload + 1,
      status: before.boletas.status + 2,
    });
    expect(callsOf(facturas)).toEqual(before.facturas);
    const upload = boletas.uploads.find((u) => u.trackId === done.trackId);
    expect(upload).toMatchObject({
      rutCompany: COMPANY_RUT,
      rutSender: HOLDER_RUT,
      fileName: `EnvioBOLETA_39_${boleta.folio}.xml`,
      state: 'EPR',
    });
    // The bytes the service got are the stored EnvioBOLETA, in the ISO-8859-1 its declaration names.
    expect(upload?.xml).toBe(boleta.xml);
    expect(upload?.xml).toContain('Ñuñoa');
    const log = await attemptsOf(done.id);
    expect(log.map((a) => [a.step, a.ok, a.detail])).toEqual([
      ['upload', true, `TRACKID ${done.trackId} · REC: Envío recibido`],
      ['status', true, 'REC: Envío recibido'],
      ['status', true, done.siiMessages.join(' · ')],
    ]);
  });

  it('a boleta issued as a sale issues it (its CAF, TED and signed EnvioBOLETA) travels to Aceptado', async () => {
    const uploads = boletas.uploads.length;
    boletas.processFor(1);
    startWorker();
    const issued = await issueDte(ctx.db, box, {
      type: 39,
      issueDate: '2031-02-01',
      receiver: {
        rut: '66666666-6',
        businessName: 'Ana Pérez',
        businessActivity: '',
        address: '',
        commune: '',
      },
      lines: [{ name: 'Paquete Puerto Varas', pesos: 119_000n, exempt: false }],
    });
    const done = await final(issued.id);
    expect(done).toMatchObject({ status: 'accepted', siiCode: 'EPR' });
    // The stand-in checked every signature of the envelope it got: the one issuing stored.
    expect(boletas.uploads.slice(uploads).map((u) => [u.fileName, u.xml === issued.xml])).toEqual([
      [`EnvioBOLETA_39_${issued.folio}.xml`, true],
    ]);
  });

  it('ends rejected when the service rejects it, with its reasons; reparos are recorded too', async () => {
    boletas.setVerdict('reject-document');
    startWorker();
    const rejected = await queueBoleta();
    expect(await final(rejected.id)).toMatchObject({
      status: 'rejected',
      siiCode: 'EPR',
      siiMessages: [
        'EPR: Envío procesado',
        'Tipo 39: 1 informados, 0 aceptados, 1 rechazados, 0 con reparos',
        `Tipo 39 N° ${rejected.folio}: RCH DTE Rechazado · Monto total no cuadra`,
      ],
    });
    expect(SII_STATUS_LABELS.rejected).toBe('Rechazado');

    boletas.setVerdict('repairs');
    const exenta = await queueBoleta(41);
    expect(await final(exenta.id)).toMatchObject({
      status: 'repairs',
      siiMessages: [
        'EPR: Envío procesado',
        'Tipo 41: 1 informados, 0 aceptados, 0 rechazados, 1 con reparos',
        `Tipo 41 N° ${exenta.folio}: RPR DTE Aceptado con Reparos`,
      ],
    });
    expect(boletas.uploads.at(-1)?.fileName).toBe(`EnvioBOLETA_41_${exenta.folio}.xml`);

    // A signature that no longer verifies: the whole upload is rejected (RFR), and left alone.
    const tampered = await queueBoleta(39, (xml) => xml.replace('11900', '11901'));
    expect(tampered.xml).toContain('<MntTotal>11901</MntTotal>');
    const done = await final(tampered.id);
    expect(done).toMatchObject({
      status: 'rejected',
      siiCode: 'RFR',
      siiMessages: ['RFR: Rechazado por error en firma'],
    });
    expect((await attemptsOf(done.id)).length).toBe(2);
  });

  it('keeps trying while the boleta service is down or busy, as with facturas, and the factura service goes on', async () => {
    await boletas.stop();
    const boleta = await queueBoleta();
    startWorker();
    const refused = await until(
      () => submissionOf(boleta.id),
      (s) => s.attempts >= 2 && s.lastError === 'SII no disponible (ECONNREFUSED)',
    );
    expect(refused).toMatchObject({ status: 'pending', trackId: null });
    // The factura service is another one: an invoice issued meanwhile is sent and accepted.
    const issued = await issueDte(ctx.db, box, invoice);
    expect((await final(issued.id)).status).toBe('accepted');

    await boletas.start();
    boletas.setUnavailable(true);
    const busy = await until(
      () => submissionOf(boleta.id),
      (s) => s.lastError === 'SII no disponible (HTTP 503)',
    );
    expect(busy.status).toBe('pending');
    const uploadsBefore = boletas.uploads.length;
    boletas.setUnavailable(false);
    expect((await final(boleta.id)).status).toBe('accepted');
    expect(boletas.uploads.length - uploadsBefore).toBe(1);
    const uploads = (await attemptsOf(boleta.id)).filter((a) => a.step === 'upload');
    expect(uploads.at(-1)?.ok).toBe(true);
    expect(uploads.filter((a) => !a.ok).length).toBeGreaterThanOrEqual(3);
  });

  it('a factura still goes to the factura service: the boleta service sees nothing', async () => {
    const before = callsOf(boletas);
    const uploads = facturas.uploads.length;
    startWorker();
    const issued = await issueDte(ctx.db, box, invoice);
    expect((await final(issued.id)).status).toBe('accepted');
    expect(facturas.uploads.slice(uploads).map((u) => u.fileName)).toEqual([
      `EnvioDTE_33_${issued.folio}.xml`,
    ]);
    expect(callsOf(boletas)).toEqual(before);
  });

  it('keeps a token per service, and gets a new boleta one when the service answers 401', async () => {
    startWorker({ tokenTtlMs: 60 * 60_000 });
    const first = await queueBoleta();
    await final(first.id);
    const issued = await issueDte(ctx.db, box, invoice);
    await final(issued.id);
    const tokens = { facturas: facturas.calls.token, boletas: boletas.calls.token };
    const second = await queueBoleta();
    expect((await final(second.id)).status).toBe('accepted');
    expect([facturas.calls.token, boletas.calls.token]).toEqual([tokens.facturas, tokens.boletas]);
    const tokenOf = async (id: number) => {
      const { trackId } = await submissionOf(id);
      return boletas.uploads.find((u) => u.trackId === trackId)?.token;
    };
    expect(await tokenOf(second.id)).toBe(await tokenOf(first.id));

    boletas.expireTokens();
    const uploads = boletas.calls.upload;
    const third = await queueBoleta();
    expect((await final(third.id)).status).toBe('accepted');
    expect(boletas.calls.token).toBe(tokens.boletas + 1);
    expect(facturas.calls.token).toBe(tokens.facturas);
    expect(boletas.calls.upload - uploads).toBe(2);
    expect(await tokenOf(third.id)).not.toBe(await tokenOf(first.id));
  });
});

describe('configuration', () => {
  it('names the SII boleta hosts; SII_BOLETA_BASE_URL, else SII_BASE_URL, replaces them', () => {
    expect(siiBoletaEndpoints('certification')).toEqual({
      base: 'https://apicert.sii.cl',
      seed: 'https://apicert.sii.cl/recursos/v1/boleta.electronica.semilla',
      token: 'https://apicert.sii.cl/recursos/v1/boleta.electronica.token',
      upload: 'https://pangal.sii.cl/recursos/v1/boleta.electronica.envio',
      uploadStatus: 'https://apicert.sii.cl/recursos/v1/boleta.electronica.envio',
    });
    expect(siiBoletaEndpoints('production').upload).toBe(
      'https://rahue.sii.cl/recursos/v1/boleta.electronica.envio',
    );
    expect(siiBoletaEndpoints('production').seed).toBe(
      'https://api.sii.cl/recursos/v1/boleta.electronica.semilla',
    );
    expect(siiBoletaEndpoints('production', 'http://127.0.0.1:8090/').upload).toBe(
      'http://127.0.0.1:8090/recursos/v1/boleta.electronica.envio',
    );
    expect(Object.keys(SII_BOLETA_HOSTS)).toEqual(['certification', 'production']);
    expect(loadConfig({}).siiBoletaBaseUrl).toBeUndefined();
    expect(loadConfig({ SII_BOLETA_BASE_URL: 'http://127.0.0.1:8090' }).siiBoletaBaseUrl).toBe(
      'http://127.0.0.1:8090',
    );
    expect(() => loadConfig({ SII_BOLETA_BASE_URL: 'http://127.0.0.1:8090/recursos' })).toThrow(
      /SII_BOLETA_BASE_URL/,
    );
  });
});
