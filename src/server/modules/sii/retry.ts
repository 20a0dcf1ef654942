import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { DTE_TYPE_LABELS } from '../../../domain/dte';
import { SII_RETRY_ACTION, SII_STATUS_LABELS, type SiiState } from '../../../domain/sii';
import type { Database } from '../../db/client';
import { dteDocuments, invoiceCreditNotes, invoices, siiAttempts, siiSubmissions } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-errors';
import { type AuditActor, record } from '../audit';
import { notifySiiOutbox } from './queue';

export const SII_RETRY_MESSAGES = {
  notFound: 'Envío al SII no encontrado',
  accepted: 'El SII ya aceptó este documento: no se vuelve a enviar',
  repairs: 'El SII ya aceptó este documento (con reparos): no se vuelve a enviar',
  pending: 'El documento se enviará al SII en unos segundos',
  sent: 'Se consultará al SII por el documento en unos segundos',
  rejected: 'El documento volverá a enviarse al SII en unos segundos',
} as const;

/** What the log of tries says the admin asked for, by the state the submission was in. */
const ASKED = { pending: 'enviarlo ahora', sent: 'consultarlo ahora', rejected: 'reenviarlo' } as const;

type Changes = PgUpdateSetSource<typeof siiSubmissions>;

/**
 * Made due now (by the database's clock, the one the worker's claim reads), its tries counted afresh:
 * the worker's next wait starts from its first backoff again.
 */
const dueNow: Changes = { nextAttemptAt: sql`now()`, attempts: 0 };

/**
 * A rejected document goes back to the queue as it was issued (its folio and signed XML never
 * change): what the SII said of the last upload stays in sii_attempts, not on the row that waits.
 */
const requeued: Changes = {
  ...dueNow,
  status: 'pending',
  trackId: null,
  siiCode: null,
  siiMessages: [],
  lastError: null,
  sentAt: null,
  settledAt: null,
};

/**
 * An admin's "Enviar ahora" / "Reintentar envío" (docs/decisions/0070). The row is locked so the
 * change and its log agree with a worker settling a try at the same moment; a lease under way is
 * kept (clearing it would let a second server upload the same file), and that try's outcome then
 * writes over "due now" as any try does. The NOTIFY wakes the workers on commit.
 */
export async function retrySiiSubmission(
  db: Database,
  id: number,
  actor: AuditActor,
): Promise<{ message: string; submission: SiiState }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        status: siiSubmissions.status,
        siiMessages: siiSubmissions.siiMessages,
        type: dteDocuments.type,
        folio: dteDocuments.folio,
        invoiceId: sql<number | null>`coalesce(${invoices.id}, ${invoiceCreditNotes.invoiceId})`,
      })
      .from(siiSubmissions)
      .innerJoin(dteDocuments, eq(dteDocuments.id, siiSubmissions.dteDocumentId))
      .leftJoin(invoices, eq(invoices.dteDocumentId, siiSubmissions.dteDocumentId))
      .leftJoin(invoiceCreditNotes, eq(invoiceCreditNotes.dteDocumentId, siiSubmissions.dteDocumentId))
      .where(eq(siiSubmissions.id, id))
      .for('update', { of: siiSubmissions });
    if (!row) throw notFound(SII_RETRY_MESSAGES.notFound);
    const was = row.status;
    // The SII's acceptance, with or without reparos, is final.
    if (was === 'accepted' || was === 'repairs') throw conflict(SII_RETRY_MESSAGES[was]);
    const resend = SII_RETRY_ACTION[was] === 'resend';

    const [after] = await tx
      .update(siiSubmissions)
      .set(resend ? requeued : dueNow)
      .where(eq(siiSubmissions.id, id))
      .returning();
    if (!after) throw notFound(SII_RETRY_MESSAGES.notFound);

    const document = `${DTE_TYPE_LABELS[row.type] ?? `DTE ${row.type}`} N° ${row.folio}`;
    const before = [SII_STATUS_LABELS[was], ...(resend ? row.siiMessages : [])].join(' · ');
    await tx.insert(siiAttempts).values({
      submissionId: id,
      step: 'retry',
      ok: true,
      detail: `${actor.username ?? 'Alguien'} pidió ${ASKED[was]} (estaba: ${before})`,
    });
    await record(tx, actor, {
      action: 'sii_retry',
      entity: 'invoice',
      entityId: row.invoiceId,
      changes: [
        { field: 'siiDocument', from: null, to: document },
        { field: 'siiStatus', from: was, to: after.status },
      ],
    });
    await notifySiiOutbox(tx);
    const submission: SiiState = {
      id: after.id,
      status: after.status,
      trackId: after.trackId,
      messages: after.siiMessages,
      lastError: after.lastError,
    };
    return { message: SII_RETRY_MESSAGES[was], submission };
  });
}
