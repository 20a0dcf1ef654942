import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { SII_STATUSES, type SiiStatus } from '../../../domain/sii';
import { createdAt, inList, instant } from './columns';
import { dteDocuments } from './dte';

export const SII_ATTEMPT_STEPS = ['upload', 'status', 'retry'] as const;
export type SiiAttemptStep = (typeof SII_ATTEMPT_STEPS)[number];

/**
 * The SII's outbox (docs/decisions/0066-sii-transport.md): one row per DTE, queued in the transaction that
 * issues it, uploaded and then followed by the worker (modules/sii) until the SII's final word.
 * `attempts` counts the tries of the current step (upload while pending, status queries once sent);
 * `locked_until` is the lease of the server working on it.
 */
export const siiSubmissions = pgTable(
  'sii_submissions',
  {
    id: serial('id').primaryKey(),
    dteDocumentId: integer('dte_document_id')
      .notNull()
      .references(() => dteDocuments.id),
    status: text('status').$type<SiiStatus>().notNull().default('pending'),
    /** The SII's number for the upload (TRACKID), from which its status is asked. */
    trackId: text('track_id'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    lockedUntil: instant('locked_until'),
    lastError: text('last_error'),
    /** The SII's last code: the upload's STATUS or the query's ESTADO (EPR, RFR, ...). */
    siiCode: text('sii_code'),
    /** What the SII said of the document, one line each (its GLOSA, errors, counts). */
    siiMessages: text('sii_messages').array().notNull().default(sql`'{}'`),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
    /** When the SII's final word (accepted, rejected, repairs) arrived. */
    settledAt: instant('settled_at'),
  },
  (t) => [
    check('sii_submissions_status_check', sql`${t.status} in (${inList(SII_STATUSES)})`),
    // Only an upload the SII refused outright has no track id besides one not uploaded yet.
    check(
      'sii_submissions_track_id_check',
      sql`${t.status} in ('pending', 'rejected') or ${t.trackId} is not null`,
    ),
    uniqueIndex('sii_submissions_dte_document_id_key').on(t.dteDocumentId),
    // The worker's claim: the oldest submission waiting for an upload or a status query.
    index('sii_submissions_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'sent')`),
  ],
);

/**
 * Each try: the step (upload, status), whether it went through, and the SII's reply or the error; and
 * each admin's retry (step `retry`, decision 0070), with who asked and the state it left.
 */
export const siiAttempts = pgTable(
  'sii_attempts',
  {
    id: serial('id').primaryKey(),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => siiSubmissions.id, { onDelete: 'cascade' }),
    at: instant('at').notNull().defaultNow(),
    step: text('step').$type<SiiAttemptStep>().notNull(),
    ok: boolean('ok').notNull(),
    detail: text('detail').notNull(),
  },
  (t) => [
    check('sii_attempts_step_check', sql`${t.step} in (${inList(SII_ATTEMPT_STEPS)})`),
    index('sii_attempts_submission_id_idx').on(t.submissionId),
  ],
);
