import { createHash, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  type EmailKind,
  type EmailStatus,
  hasHeaderBreak,
  recipientsSchema,
  subjectSchema,
} from '../../../domain/emails';
import { hasControlCharacter } from '../../../domain/input';
import type { Database } from '../../db/client';
import { emailAttachments, emails, payments, sales } from '../../db/schema';
import { badRequest } from '../../lib/http-errors';
import { domainOf, senderOf } from './sender';

/** The NOTIFY channel that wakes every server's worker once a queued message commits. */
export const OUTBOX_CHANNEL = 'emails_outbox';

/** Wakes the workers: delivered on commit only, to every server listening, which then send at once. */
export async function notifyOutbox(db: Database) {
  await db.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
}

export interface EmailInput {
  kind: EmailKind;
  saleId?: number;
  paymentId?: number;
  clientId?: number;
  to: string[];
  cc?: string[];
  subject: string;
  body: string;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
  /** A second enqueue of the same key queues nothing and returns the first message. */
  idempotencyKey?: string;
  /** Null for what the server queues by itself (reminders). */
  createdBy?: number | null;
  /**
   * The seller whose own view the attachment was made in; absent when it was the whole record's. A
   * message with no sale is read by that seller only (docs/decisions/0079).
   */
  scopeSellerId?: number;
}

export interface Enqueued {
  id: number;
  status: EmailStatus;
  /** False when the idempotency key had queued the message already. */
  created: boolean;
}

/** The first problem of a zod parse as a Spanish 400 naming its field. */
function parsed<T>(
  result:
    | { success: true; data: T }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } },
) {
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  throw badRequest(issues[0]?.message ?? 'Datos inválidos', issues);
}

/**
 * Queues a message in the CALLER's transaction: the action that asks for an e-mail and the e-mail
 * commit together, or neither does. Recipients and subject are checked here as well as by the route
 * (header injection, at most 20 recipients), so no caller can queue what the worker must not send.
 * A message of a payment records its sale, and one of a sale its client, so "Comunicaciones" of a
 * sale or a client and a seller's scope read one column each.
 */
export async function enqueueEmail(tx: Database, input: EmailInput): Promise<Enqueued> {
  const { to, cc } = parsed(recipientsSchema.safeParse({ to: input.to, cc: input.cc }));
  const subject = parsed(subjectSchema.safeParse(input.subject));
  if (hasControlCharacter(input.body))
    throw badRequest('El mensaje contiene caracteres de control no permitidos');
  for (const file of input.attachments ?? []) {
    if (hasHeaderBreak(file.filename) || /[/\\]/.test(file.filename))
      throw badRequest('Nombre de archivo adjunto inválido');
  }

  let { saleId, clientId } = input;
  if (input.paymentId !== undefined && saleId === undefined) {
    const [payment] = await tx
      .select({ saleId: payments.saleId })
      .from(payments)
      .where(eq(payments.id, input.paymentId));
    saleId = payment?.saleId;
  }
  if (saleId !== undefined && clientId === undefined) {
    const [sale] = await tx.select({ clientId: sales.clientId }).from(sales).where(eq(sales.id, saleId));
    clientId = sale?.clientId ?? undefined;
  }

  const sender = await senderOf(tx);
  const [row] = await tx
    .insert(emails)
    .values({
      kind: input.kind,
      saleId,
      paymentId: input.paymentId,
      clientId,
      to,
      cc,
      subject,
      body: input.body,
      messageId: `<${randomUUID()}@${domainOf(sender.address)}>`,
      idempotencyKey: input.idempotencyKey,
      createdBy: input.createdBy ?? null,
      scopeSellerId: input.scopeSellerId ?? null,
    })
    .onConflictDoNothing({ target: emails.idempotencyKey })
    .returning({ id: emails.id, status: emails.status });
  if (!row) {
    // The key queued it before (another server's tick, a retried request): that message stands.
    const [first] = await tx
      .select({ id: emails.id, status: emails.status })
      .from(emails)
      .where(eq(emails.idempotencyKey, input.idempotencyKey ?? ''));
    if (!first) throw new Error('idempotency conflict without a row');
    return { ...first, created: false };
  }
  for (const file of input.attachments ?? []) {
    await tx.insert(emailAttachments).values({
      emailId: row.id,
      filename: file.filename,
      contentType: file.contentType,
      content: file.content,
      sha256: createHash('sha256').update(file.content).digest('hex'),
    });
  }
  await notifyOutbox(tx);
  return { ...row, created: true };
}
