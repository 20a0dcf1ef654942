import { inArray, sql } from 'drizzle-orm';
import type { SiiStatus } from '../../../domain/sii';
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
  await tx.execute(sql`select pg_notify(${SII_OUTBOX_CHANNEL}, '')`);
}

export interface SiiState {
  status: SiiStatus;
  trackId: string | null;
  /** What the SII said, one line each (empty until it answers). */
  messages: string[];
}

/** The SII status of each of `dteDocumentIds` that has a submission (for the invoices' replies). */
export async function siiStatusOf(db: Database, dteDocumentIds: readonly number[]) {
  const states = new Map<number, SiiState>();
  if (dteDocumentIds.length === 0) return states;
  const rows = await db
    .select({
      dteDocumentId: siiSubmissions.dteDocumentId,
      status: siiSubmissions.status,
      trackId: siiSubmissions.trackId,
      messages: siiSubmissions.siiMessages,
    })
    .from(siiSubmissions)
    .where(inArray(siiSubmissions.dteDocumentId, [...dteDocumentIds]));
  for (const { dteDocumentId, ...state } of rows) states.set(dteDocumentId, state);
  return states;
}
