import { and, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { EmailListQuery, EmailSummary } from '../../../domain/emails';
import { paginationOf } from '../../../domain/pagination';
import type { Database } from '../../db/client';
import { countValue } from '../../db/money';
import { emailAttachments, emailAttempts, emails, sales } from '../../db/schema';
import type { SaleScope } from '../sales';

type EmailRow = typeof emails.$inferSelect;

/**
 * A message is read by whoever may read everything in it (docs/decisions/0079). Admin and finance read
 * every one. A seller reads the messages of their own sales, and a message with no sale (a statement)
 * only when it was made in their own view: a statement lists the sales of whoever made it, so the
 * client's having a sale of theirs says nothing of what the attachment shows.
 */
export function emailScope(scope: SaleScope): SQL | undefined {
  if (scope.sellerId === undefined) return undefined;
  return or(
    sql`${emails.saleId} in (select ${sales.id} from ${sales} where ${sales.sellerId} = ${scope.sellerId})`,
    and(isNull(emails.saleId), eq(emails.scopeSellerId, scope.sellerId)),
  );
}

export const emailSummary = (row: EmailRow): EmailSummary => ({
  id: row.id,
  kind: row.kind,
  to: row.to,
  subject: row.subject,
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  saleId: row.saleId,
  clientId: row.clientId,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

export async function listEmails(db: Database, scope: SaleScope, q: EmailListQuery) {
  const where = and(
    emailScope(scope),
    q.status ? eq(emails.status, q.status) : undefined,
    q.saleId ? eq(emails.saleId, q.saleId) : undefined,
    q.clientId ? eq(emails.clientId, q.clientId) : undefined,
  );
  const rows = await db
    .select()
    .from(emails)
    .where(where)
    .orderBy(desc(emails.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [count] = await db
    .select({ total: countValue(sql`count(*)`) })
    .from(emails)
    .where(where);
  return { emails: rows.map(emailSummary), pagination: paginationOf(q.page, q.limit, count?.total ?? 0) };
}

/** One message in the scope, or undefined (a 404: another seller's message is not revealed). */
export async function findEmail(db: Database, id: number, scope: SaleScope) {
  const [row] = await db
    .select()
    .from(emails)
    .where(and(eq(emails.id, id), emailScope(scope)));
  return row;
}

export async function attachmentsOf(db: Database, emailId: number) {
  return db
    .select()
    .from(emailAttachments)
    .where(eq(emailAttachments.emailId, emailId))
    .orderBy(emailAttachments.id);
}

export async function attemptsOf(db: Database, emailId: number) {
  return db.select().from(emailAttempts).where(eq(emailAttempts.emailId, emailId)).orderBy(emailAttempts.id);
}

/**
 * Moves a message from one of `from` to `status`, or returns undefined when it was in none of them
 * (already sent, cancelled, or taken by another click). A retry is due now, with its tries counted
 * afresh so the backoff starts short again.
 */
export async function moveEmail(
  db: Database,
  id: number,
  from: readonly EmailRow['status'][],
  status: 'pending' | 'cancelled',
) {
  const [row] = await db
    .update(emails)
    .set(
      status === 'pending'
        ? { status, attempts: 0, nextAttemptAt: new Date(), lockedUntil: null }
        : { status, lockedUntil: null },
    )
    .where(
      and(
        eq(emails.id, id),
        inArray(emails.status, [...from]),
        // A message a worker is sending right now is left to it: its result decides.
        or(isNull(emails.lockedUntil), sql`${emails.lockedUntil} < now()`),
      ),
    )
    .returning();
  return row;
}
