import { eq, sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../db/client';
import { companyTax, dteDocuments, siiSubmissions } from '../../db/schema';
import { type Backoff, claimDue, startWorkerLoop } from '../../lib/outbox-worker';
import type { SiiEnvironment } from './endpoints';
import type { Outcome, Settled } from './outcome';
import type { SiiSigner } from './protocol';
import { SII_OUTBOX_CHANNEL } from './queue';
import { settle } from './settle';
import { tokenCache } from './tokens';
import { type SiiTransport, transportFor } from './transports';
import { SiiTemporaryError } from './xml';

export interface SiiOutboxOptions {
  /** The company's certificate (dte's companySigner with this server's SECRET_KEY). */
  loadSigner(db: Database, now: Date): Promise<SiiSigner>;
  /** SII_BASE_URL: replaces the environment's host (tests, a stand-in). */
  baseUrl?: string;
  /** SII_BOLETA_BASE_URL: replaces the boleta service's hosts; `baseUrl` does when not given. */
  boletaBaseUrl?: string;
  /** How often to look for due submissions besides the wake-ups (ms). */
  pollMs?: number;
  /** How long a claimed submission is this server's (ms): longer than a try can take. */
  leaseMs?: number;
  /** Waits after failures in a row (the SII unreachable, no certificate yet): doubled up to max. */
  backoff?: Backoff;
  /** Waits between status queries while the SII checks an upload: doubled up to max. */
  statusBackoff?: Backoff;
  /** How long a token is used (ms). */
  tokenTtlMs?: number;
  /** Each HTTP call's timeout (ms). */
  timeoutMs?: number;
  /** The clock of token expiry (tests). */
  now?: () => number;
  onError(error: unknown): void;
}

const DEFAULTS = {
  pollMs: 30_000,
  // A try may make six calls of up to a minute each (seed, token, upload; again with a new token).
  leaseMs: 10 * 60_000,
  backoff: { baseMs: 60_000, maxMs: 60 * 60_000 },
  statusBackoff: { baseMs: 30_000, maxMs: 30 * 60_000 },
  tokenTtlMs: 30 * 60_000,
  timeoutMs: 60_000,
  now: () => Date.now(),
};

/** A submission this server holds the lease of, with its document. */
interface Claimed {
  id: number;
  /** Tries of the current step, this one included. */
  attempts: number;
  status: 'pending' | 'sent';
  trackId: string | null;
  xml: string;
  type: number;
  folio: number;
}

async function claimNext(db: Database, leaseMs: number): Promise<Claimed | undefined> {
  const due = sql`status in ('pending', 'sent') and next_attempt_at <= now()`;
  const claimed = await claimDue(db, siiSubmissions, due, leaseMs);
  if (!claimed) return undefined;
  const [row] = await db
    .select({
      status: siiSubmissions.status,
      trackId: siiSubmissions.trackId,
      xml: dteDocuments.xml,
      type: dteDocuments.type,
      folio: dteDocuments.folio,
    })
    .from(siiSubmissions)
    .innerJoin(dteDocuments, eq(dteDocuments.id, siiSubmissions.dteDocumentId))
    .where(eq(siiSubmissions.id, claimed.id));
  if (!row || (row.status !== 'pending' && row.status !== 'sent')) return undefined;
  return { ...claimed, ...row, status: row.status };
}

/**
 * The SII's outbox worker (docs/decisions/0066): uploads each queued DTE, then asks for its state
 * until the SII's final word, one submission at a time, woken by NOTIFY and every `pollMs`. Boletas
 * travel the SII's boleta service, the rest its factura one, with the same steps (decision 0102).
 */
export function startSiiOutbox(database: DatabaseHandle, options: SiiOutboxOptions) {
  const o = { ...DEFAULTS, ...options };
  const { db } = database;
  const tokens = tokenCache(o.tokenTtlMs, o.now);

  /** Runs `call` with the cached token; once more with a new one when the SII does not know it. */
  async function withToken(
    transport: SiiTransport,
    signer: SiiSigner,
    call: (t: string) => Promise<Outcome>,
  ): Promise<Settled> {
    const key = `${transport.service} ${signer.holderRut}`;
    const fetchToken = () => transport.token(signer);
    const outcome = await call(await tokens.get(key, fetchToken));
    if (outcome.kind !== 'token') return outcome;
    tokens.drop(key);
    const again = await call(await tokens.get(key, fetchToken));
    return again.kind === 'token' ? { kind: 'retry', error: 'El SII no reconoce el token' } : again;
  }

  /** One step of the submission, through the service of its document's type (docs/decisions/0102). */
  async function attempt(submission: Claimed): Promise<Settled> {
    const [tax] = await db.select().from(companyTax).where(eq(companyTax.id, 1));
    if (!tax) throw new SiiTemporaryError('Faltan los datos tributarios de la empresa');
    const signer = await o.loadSigner(db, new Date(o.now()));
    const transport = transportFor(submission.type, tax.environment as SiiEnvironment, o);
    if (submission.status === 'pending') {
      const fileName = transport.fileName(submission.type, submission.folio);
      return withToken(transport, signer, (token) =>
        transport.upload({
          token,
          senderRut: signer.holderRut,
          companyRut: tax.rut,
          fileName,
          xml: submission.xml,
        }),
      );
    }
    const trackId = submission.trackId ?? '';
    return withToken(transport, signer, (token) => transport.status({ token, companyRut: tax.rut, trackId }));
  }

  const loop = startWorkerLoop({
    database,
    channel: SII_OUTBOX_CHANNEL,
    pollMs: o.pollMs,
    onError: o.onError,
    async next() {
      const submission = await claimNext(db, o.leaseMs);
      if (!submission) return false;
      let outcome: Settled;
      try {
        outcome = await attempt(submission);
      } catch (error) {
        // Not the SII's word on the document: the SII unreachable, no certificate, an HTTP error.
        if (!(error instanceof SiiTemporaryError || isRefusal(error))) o.onError(error);
        outcome = { kind: 'retry', error: error instanceof Error ? error.message : String(error) };
      }
      await settle(db, submission, outcome, o);
      return true;
    },
  });
  return loop;
}
export type SiiOutbox = ReturnType<typeof startSiiOutbox>;

/** The 409s of loading the certificate (missing, expired, another SECRET_KEY): an admin's to fix. */
const isRefusal = (error: unknown) => typeof (error as { statusCode?: unknown }).statusCode === 'number';
