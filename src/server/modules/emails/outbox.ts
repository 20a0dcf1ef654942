import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { DatabaseHandle } from '../../db/client';
import { emailAttempts, emails } from '../../db/schema';
import { type Backoff, backoffMs, claimDue, startWorkerLoop } from '../../lib/outbox-worker';
import { composeMessage, envelopeOf, type OutgoingMessage } from './compose';
import { OUTBOX_CHANNEL } from './enqueue';
import { attachmentsOf } from './queries';
import { senderOf } from './sender';

export interface OutboxOptions {
  /** SMTP_URL: smtp://user:pass@host:587 or smtps://... */
  smtpUrl: string;
  /** How often to look for due messages besides the wake-ups (ms). */
  pollMs?: number;
  /** How long a claimed message is this server's (ms): longer than a send can take. */
  leaseMs?: number;
  /** The wait after the first temporary failure, doubled each time up to `maxMs`. */
  backoff?: Backoff;
  /** Temporary failures in a row after which the message is failed (an admin may retry it). */
  maxAttempts?: number;
  /** SMTP connection, greeting and socket timeouts (ms). */
  timeoutMs?: number;
  onError(error: unknown): void;
}

const DEFAULTS = {
  pollMs: 30_000,
  leaseMs: 5 * 60_000,
  backoff: { baseMs: 60_000, maxMs: 60 * 60_000 },
  maxAttempts: 10,
  timeoutMs: 60_000,
};

export interface Claimed extends OutgoingMessage {
  id: number;
  attempts: number;
}

/**
 * Takes the oldest due message for `leaseMs` and counts the try (claimDue: one server per message).
 * A server that dies mid-send leaves its lease to expire; the next claimer sends the same message
 * again with the same Message-ID (at most once more).
 */
export async function claimNext(database: DatabaseHandle, leaseMs: number): Promise<Claimed | undefined> {
  const due = sql`status = 'pending' and next_attempt_at <= now()`;
  const claimed = await claimDue(database.db, emails, due, leaseMs);
  if (!claimed) return undefined;
  const [row] = await database.db.select().from(emails).where(eq(emails.id, claimed.id));
  if (!row) return undefined;
  const files = await attachmentsOf(database.db, row.id);
  return {
    id: row.id,
    to: row.to,
    cc: row.cc,
    subject: row.subject,
    body: row.body,
    messageId: row.messageId,
    createdAt: row.createdAt,
    attempts: row.attempts,
    attachments: files.map(({ filename, contentType, content }) => ({ filename, contentType, content })),
  };
}

/** SMTP 5xx is the server's final word (no such mailbox, refused): trying again changes nothing. */
const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

const describe = (error: unknown) => {
  const e = error as { response?: unknown; code?: unknown; message?: unknown };
  if (typeof e.response === 'string') return e.response;
  const text = typeof e.message === 'string' ? e.message : String(error);
  return typeof e.code === 'string' && !text.includes(e.code) ? `${e.code}: ${text}` : text;
};

/** Records a try and its outcome in one transaction: the message's row and its attempt log agree. */
async function settle(
  database: DatabaseHandle,
  message: Claimed,
  outcome: { ok: boolean; detail: string; retryInMs?: number },
) {
  await database.db.transaction(async (tx) => {
    await tx.insert(emailAttempts).values({ emailId: message.id, ok: outcome.ok, detail: outcome.detail });
    const set = outcome.ok
      ? { status: 'sent' as const, sentAt: new Date(), lastError: null }
      : outcome.retryInMs === undefined
        ? { status: 'failed' as const, lastError: outcome.detail }
        : { lastError: outcome.detail, nextAttemptAt: new Date(Date.now() + outcome.retryInMs) };
    await tx
      .update(emails)
      .set({ ...set, lockedUntil: null })
      .where(eq(emails.id, message.id));
  });
}

/**
 * The outbox's worker (docs/decisions/0053): sends one message at a time until none is due, when
 * woken (a message committed, on this server or another: NOTIFY) and every `pollMs` (retries that
 * came due, a missed notification). `stop` waits for a send under way.
 */
export function startOutbox(database: DatabaseHandle, options: OutboxOptions) {
  const o = { ...DEFAULTS, ...options };
  const t = o.timeoutMs;
  const transport = nodemailer.createTransport({
    url: o.smtpUrl,
    connectionTimeout: t,
    greetingTimeout: t,
    socketTimeout: t,
  });

  async function sendOne(message: Claimed) {
    const raw = await composeMessage(database.db, message);
    const from = (await senderOf(database.db)).address;
    try {
      const info = await transport.sendMail({ envelope: envelopeOf(message, from), raw });
      await settle(database, message, { ok: true, detail: String(info.response ?? 'enviado') });
    } catch (error) {
      const detail = describe(error);
      const last = isPermanent(error) || message.attempts >= o.maxAttempts;
      const wait = backoffMs(message.attempts, o.backoff);
      await settle(database, message, { ok: false, detail, retryInMs: last ? undefined : wait });
    }
  }

  const loop = startWorkerLoop({
    database,
    channel: OUTBOX_CHANNEL,
    pollMs: o.pollMs,
    onError: o.onError,
    async next() {
      const message = await claimNext(database, o.leaseMs);
      if (message) await sendOne(message);
      return message !== undefined;
    },
  });
  return {
    ...loop,
    async stop() {
      await loop.stop();
      transport.close();
    },
  };
}
export type Outbox = ReturnType<typeof startOutbox>;
