import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { siiSubmissions } from '../../db/schema';

/** The NOTIFY channel that wakes every server's SII worker once a queued document commits. */
export const SII_OUTBOX_CHANNEL = 'sii_outbox';

/**
 * Queues a DTE for the SII in the CALLER's transaction (issueDte's): the document and its submission
 * commit together, so no issued document is left unsent. The NOTIFY is delivered on commit only.
 */
export async function queueSiiSubmission(tx: Database, dteDocumentId: number): Promise<void> {
  await tx.insert(siiSubmissions).values({ dteDocumentId });
  await notifySiiOutbox(tx);
}

/** Wakes every server's SII worker when the caller's transaction commits (a queued or retried row). */
export async function notifySiiOutbox(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_notify(${SII_OUTBOX_CHANNEL}, '')`);
}
