import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { EMAIL_KINDS, EMAIL_STATUSES, type EmailKind, type EmailStatus } from '../../../domain/emails';
import { createdAt, inList, instant } from './columns';
import { clients } from './master-data';
import { payments } from './payments';
import { sales } from './sales';
import { users } from './users';

/** Raw bytes. PGlite reads bytea as a Uint8Array, node-postgres as a Buffer: both become a Buffer. */
const bytes = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The outbox (docs/decisions/0053-email-outbox.md): every message the app sends, written in the same
 * transaction as the action that asked for it, and sent by the worker (modules/emails/outbox.ts).
 * `message_id` is fixed when queued, so a message sent again after a crash is recognisably the same.
 * `locked_until` is the lease of the server sending it: another server takes it only after it expires.
 */
export const emails = pgTable(
  'emails',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<EmailKind>().notNull(),
    saleId: integer('sale_id').references(() => sales.id, { onDelete: 'set null' }),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    to: text('to_addresses').array().notNull(),
    cc: text('cc_addresses').array().notNull().default(sql`'{}'`),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    messageId: text('message_id').notNull(),
    status: text('status').$type<EmailStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    lockedUntil: instant('locked_until'),
    /** Whoever queues the same key twice gets the first message back (a reminder's `reminder:<user>:<day>`). */
    idempotencyKey: text('idempotency_key'),
    /** Null for what the server queues by itself (reminders). */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The seller whose own view the attachment was made in (a seller's statement lists only their
     * sales); null when it was the whole record's (admin, finance, the server). A message with no sale
     * is a seller's to read only when this is theirs (docs/decisions/0079).
     */
    scopeSellerId: integer('scope_seller_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
  },
  (t) => [
    check('emails_kind_check', sql`${t.kind} in (${inList(EMAIL_KINDS)})`),
    check('emails_status_check', sql`${t.status} in (${inList(EMAIL_STATUSES)})`),
    uniqueIndex('emails_message_id_key').on(t.messageId),
    uniqueIndex('emails_idempotency_key_key').on(t.idempotencyKey),
    // The worker's claim: the oldest pending message that is due.
    index('emails_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('emails_sale_id_idx').on(t.saleId),
    index('emails_client_id_idx').on(t.clientId),
    index('emails_scope_seller_id_idx').on(t.scopeSellerId),
    index('emails_created_at_idx').on(t.createdAt),
  ],
);

/** The files of a message, kept as sent: the bytes and their SHA-256. */
export const emailAttachments = pgTable(
  'email_attachments',
  {
    id: serial('id').primaryKey(),
    emailId: integer('email_id')
      .notNull()
      .references(() => emails.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    content: bytes('content').notNull(),
    sha256: text('sha256').notNull(),
  },
  (t) => [index('email_attachments_email_id_idx').on(t.emailId)],
);

/** Each try to send a message: when, whether the SMTP server took it, and its reply or the error. */
export const emailAttempts = pgTable(
  'email_attempts',
  {
    id: serial('id').primaryKey(),
    emailId: integer('email_id')
      .notNull()
      .references(() => emails.id, { onDelete: 'cascade' }),
    at: instant('at').notNull().defaultNow(),
    ok: boolean('ok').notNull(),
    detail: text('detail').notNull(),
  },
  (t) => [index('email_attempts_email_id_idx').on(t.emailId)],
);

/**
 * One row per agency day whose morning reminders a server queued: claimed in the transaction that
 * queues them, so of several servers ticking together one queues the day's reminders, and a server
 * that dies half way leaves the day unclaimed for the next tick (docs/decisions/0058).
 */
export const reminderSlots = pgTable('reminder_slots', {
  agencyDay: date('agency_day', { mode: 'string' }).primaryKey(),
  claimedAt: instant('claimed_at').notNull().defaultNow(),
});
