// Decision 0070: an admin acts on a rejected or waiting SII submission. Invoices are issued through
// the API; the SII's worker runs against the stand-in (tests/helpers/sii-standin.ts), with the app's
// own key, so it opens the certificate the admin uploaded.
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, siiAttempts, siiSubmissions } from '../../../src/server/db/schema';
import { companySigner, secretBox } from '../../../src/server/modules/dte';
import { type SiiOutboxOptions, startSiiOutbox } from '../../../src/server/modules/sii';
import { SII_RETRY_MESSAGES } from '../../../src/server/modules/sii/retry';
import { receiverBody, rutClient, setUpDteInvoicing } from '../../helpers/dte-examples';
import { createSaleRefs, type SaleRefs, saleBody } from '../../helpers/sales';
import { type SiiStandin, startSiiStandin } from '../../helpers/sii-standin';
import { createTestContext, type TestContext, until, type Who } from '../../helpers/test-app';

const SECRET_KEY = 'clave-de-prueba-del-reintento-al-sii';
let ctx: TestContext;
let sii: SiiStandin;
let refs: SaleRefs;
let clientId: number;
const workers: { stop(): Promise<void> }[] = [];
const errors: unknown[] = [];

/** A worker as the app starts one, with short waits unless the test asks for the production ones. */
function startWorker(extra: Partial<SiiOutboxOptions> = {}) {
  const box = secretBox(SECRET_KEY);
  const worker = startSiiOutbox(ctx.database, {
    baseUrl: sii.url,
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
const stopWorkers = async () => {
  for (const worker of workers.splice(0)) await worker.stop();
};

async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, who: Who = 'admin') {
  return ctx.app.inject({
    method,
    url,
    headers: {
      ...(await ctx.auth(who)),
      ...(payload !== undefined && { 'content-type': 'application/json' }),
    },
    ...(payload !== undefined && { payload: JSON.stringify(payload) }),
  });
}
async function api(method: 'POST' | 'PUT', url: string, payload: object) {
  const res = await call(method, url, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}
const retry = (id: number, body?: unknown, who: Who = 'admin') =>
  call('POST', `/api/sii/submissions/${id}/retry`, body, who);

/** A factura electrónica of a completed sale, issued through the API. */
async function issueInvoice(): Promise<{ id: number; sii: { id: number } }> {
  const body = saleBody(refs, ctx.users.sales.id, { saleData: { clientId, region: 'national' } });
  const saleId = (await api('POST', '/api/sales', body)).sale.id;
  await api('PUT', `/api/sales/${saleId}`, { status: 'completed' });
  return (await api('POST', `/api/sales/${saleId}/invoice`, receiverBody())).invoice;
}
const invoiceOf = async (id: number) => (await call('GET', `/api/invoices/${id}`)).json().invoice;
const submission = async (id: number) => {
  const [row] = await ctx.db.select().from(siiSubmissions).where(eq(siiSubmissions.id, id));
  if (!row) throw new Error(`no submission ${id}`);
  return row;
};
const settled = (id: number) =>
  until(
    () => submission(id),
    (s) => s.status !== 'pending' && s.status !== 'sent',
  );
const attempts = (id: number) =>
  ctx.db.select().from(siiAttempts).where(eq(siiAttempts.submissionId, id)).orderBy(siiAttempts.id);
const retryEntries = async (invoiceId: number) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'sii_retry'), eq(auditLog.entityId, invoiceId)));

beforeAll(async () => {
  sii = await startSiiStandin();
  ctx = await createTestContext({ secretKey: SECRET_KEY });
  refs = await createSaleRefs(ctx, 'reintento');
  await setUpDteInvoicing(api);
  clientId = await rutClient(api);
});
afterAll(async () => {
  await ctx.close();
  await sii.stop();
});
afterEach(async () => {
  await stopWorkers();
  expect(errors.splice(0)).toEqual([]);
  sii.setVerdict('accept');
  await sii.start();
  // Nothing left for the next test's worker.
  await ctx.db
    .update(siiSubmissions)
    .set({ status: 'rejected', trackId: null })
    .where(inArray(siiSubmissions.status, ['pending', 'sent']));
});

describe('POST /api/sii/submissions/:id/retry', () => {
  it('sends a rejected document again, the same XML, and the SII accepts it', async () => {
    sii.setVerdict('reject-document');
    const invoice = await issueInvoice();
    startWorker();
    const rejected = await settled(invoice.sii.id);
    expect(rejected.status).toBe('rejected');
    await stopWorkers();
    const shown = (await invoiceOf(invoice.id)).sii;
    expect(shown).toMatchObject({ id: rejected.id, status: 'rejected', trackId: rejected.trackId });
    expect(shown.messages).toContain('Tipo 33: 1 informados, 0 aceptados, 1 rechazados, 0 con reparos');

    const uploads = sii.uploads.length;
    sii.setVerdict('accept');
    const res = await retry(invoice.sii.id, {});
    expect(res.statusCode).toBe(200);
    // Back in line as if just issued: nothing of the last upload on the row (its log keeps it).
    expect(res.json()).toEqual({
      message: SII_RETRY_MESSAGES.rejected,
      submission: { id: rejected.id, status: 'pending', messages: [] },
    });
    const queued = await submission(rejected.id);
    expect(queued).toMatchObject({ status: 'pending', trackId: null, siiCode: null, attempts: 0 });
    expect(queued.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);

    startWorker();
    const accepted = await settled(rejected.id);
    expect(accepted.status).toBe('accepted');
    expect(accepted.trackId).not.toBe(rejected.trackId);
    const again = sii.uploads.slice(uploads);
    expect(again).toHaveLength(1);
    // The folio and the signed document never change: the SII gets the bytes it rejected.
    expect(again[0]?.xml).toBe(sii.uploads.find((u) => u.trackId === rejected.trackId)?.xml);
    expect((await invoiceOf(invoice.id)).siiStatus).toBe('accepted');

    const log = await attempts(rejected.id);
    expect(log.map((a) => a.step)).toEqual(['upload', 'status', 'retry', 'upload', 'status']);
    expect(log[2]?.detail).toMatch(/^admin_base pidió reenviarlo \(estaba: Rechazado · EPR/);
    const [entry, ...more] = await retryEntries(invoice.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ entity: 'invoice', username: 'admin_base', userId: ctx.users.admin.id });
    expect(entry?.changes).toEqual([
      { field: 'siiDocument', from: null, to: expect.stringMatching(/^Factura Electrónica N° \d+$/) },
      { field: 'siiStatus', from: 'rejected', to: 'pending' },
    ]);
  });

  it('several retries racing the worker upload the document once', async () => {
    sii.setVerdict('reject-document');
    const invoice = await issueInvoice();
    startWorker();
    expect((await settled(invoice.sii.id)).status).toBe('rejected');
    sii.setVerdict('accept');
    const uploads = sii.uploads.length;
    // The worker keeps running: each retry finds the row rejected, waiting, uploaded or accepted.
    const answers = await Promise.all([1, 2, 3, 4].map(() => retry(invoice.sii.id, {})));
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
    expect(answers.some((a) => a.statusCode === 200)).toBe(true);
    expect((await settled(invoice.sii.id)).status).toBe('accepted');
    expect(sii.uploads.length - uploads).toBe(1);
  });

  it('makes a waiting document due now, its last error shown meanwhile, and wakes the worker', async () => {
    await sii.stop();
    const invoice = await issueInvoice();
    // The production waits: a minute after the first failure, polled every minute.
    startWorker({ pollMs: 60_000, backoff: { baseMs: 60_000, maxMs: 60 * 60_000 } });
    const waiting = await until(
      () => submission(invoice.sii.id),
      (s) => s.attempts === 1 && s.lockedUntil === null,
    );
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect((await invoiceOf(invoice.id)).sii).toEqual({
      id: invoice.sii.id,
      status: 'pending',
      messages: [],
      lastError: 'SII no disponible (ECONNREFUSED)',
    });

    await sii.start();
    // No body at all is the same as {}.
    const res = await retry(invoice.sii.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(SII_RETRY_MESSAGES.pending);
    // The NOTIFY woke the worker long before its next poll (a minute) or its backoff.
    const uploaded = await until(
      () => submission(invoice.sii.id),
      (s) => s.status === 'sent',
      5_000,
    );
    expect(uploaded).toMatchObject({ lastError: null, trackId: expect.stringMatching(/^\d+$/) });
    expect((await attempts(uploaded.id)).map((a) => [a.step, a.ok])).toEqual([
      ['upload', false],
      ['retry', true],
      ['upload', true],
    ]);
  });

  it('asks at once for the state of a document the SII is checking', async () => {
    const invoice = await issueInvoice();
    await ctx.db
      .update(siiSubmissions)
      .set({ status: 'sent', trackId: '123', attempts: 6, nextAttemptAt: new Date(Date.now() + 3_600_000) })
      .where(eq(siiSubmissions.id, invoice.sii.id));
    const res = await retry(invoice.sii.id, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().submission).toEqual({
      id: invoice.sii.id,
      status: 'sent',
      trackId: '123',
      messages: [],
    });
    const row = await submission(invoice.sii.id);
    expect(row).toMatchObject({ status: 'sent', trackId: '123', attempts: 0 });
    expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    const [entry] = await retryEntries(invoice.id);
    expect(entry?.changes[1]).toEqual({ field: 'siiStatus', from: 'sent', to: 'sent' });
  });

  it('refuses an accepted document (409) and changes nothing', async () => {
    const invoice = await issueInvoice();
    startWorker();
    expect((await settled(invoice.sii.id)).status).toBe('accepted');
    await stopWorkers();
    const before = [await submission(invoice.sii.id), await attempts(invoice.sii.id)];
    const res = await retry(invoice.sii.id, {});
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: SII_RETRY_MESSAGES.accepted });
    await ctx.db
      .update(siiSubmissions)
      .set({ status: 'repairs' })
      .where(eq(siiSubmissions.id, invoice.sii.id));
    expect((await retry(invoice.sii.id)).json()).toEqual({ message: SII_RETRY_MESSAGES.repairs });
    await ctx.db
      .update(siiSubmissions)
      .set({ status: 'accepted' })
      .where(eq(siiSubmissions.id, invoice.sii.id));
    expect([await submission(invoice.sii.id), await attempts(invoice.sii.id)]).toEqual(before);
    expect(await retryEntries(invoice.id)).toEqual([]);
  });

  it('retries a credit note’s submission, recorded on its invoice', async () => {
    const invoice = await issueInvoice();
    const { invoice: annulled } = await api('POST', `/api/invoices/${invoice.id}/credit-note`, {
      reason: 'Error de emisión',
    });
    const note = annulled.creditNotes[0];
    expect(note.sii).toEqual({ id: expect.any(Number), status: 'pending', messages: [] });
    expect(annulled.creditNote.sii.id).toBe(note.sii.id);
    expect((await retry(note.sii.id, {})).statusCode).toBe(200);
    const [entry] = await retryEntries(invoice.id);
    expect(entry?.changes[0]?.to).toBe(`Nota de Crédito Electrónica N° ${note.folio}`);
  });

  it('404 for an unknown submission; only an admin may call it; the body is {} or none', async () => {
    const missing = await retry(999_999, {});
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: SII_RETRY_MESSAGES.notFound });

    const invoice = await issueInvoice();
    const before = await submission(invoice.sii.id);
    const count0 = await ctx.db.select({ n: count() }).from(auditLog);
    for (const who of ['sales', 'finance'] as const) {
      const res = await retry(invoice.sii.id, {}, who);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('No tienes permisos para realizar esta acción');
    }
    expect((await retry(invoice.sii.id, {}, 'anonymous')).statusCode).toBe(401);
    for (const body of [{ force: true }, null, [], 'ahora', 1]) {
      const res = await retry(invoice.sii.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect((await retry(invoice.sii.id, { force: true })).json().message).toMatch(/force/);
    expect((await call('POST', '/api/sii/submissions/0x10/retry', {})).statusCode).toBe(400);
    expect(await submission(invoice.sii.id)).toEqual(before);
    expect(await attempts(invoice.sii.id)).toEqual([]);
    expect(await ctx.db.select({ n: count() }).from(auditLog)).toEqual(count0);
  });
});
