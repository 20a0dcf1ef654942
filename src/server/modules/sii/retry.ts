import { eq, sql } from 'drizzle-orm';
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
  sendNow: 'El documento se enviará al SII en unos segundos',
  resend: 'El documento volverá a enviarse al SII en unos segundos',
} as const;

type Changes = Partial<typeof siiSubmissions.$inferInsert>;

/** Made due now, its tries counted afresh: the worker's next wait starts from its first backoff again. */
const dueNow: Changes = { nextAttemptAt: sql`now()` as unknown as Date, attempts: 0 };

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
    const action = SII_RETRY_ACTION[row.status];
    if (action === null)
      throw conflict(SII_RETRY_MESSAGES[row.status === 'repairs' ? 'repairs' : 'accepted']);

    const [after] = await tx
      .update(siiSubmissions)
      .set(action === 'resend' ? requeued : dueNow)
      .where(eq(siiSubmissions.id, id))
      .returning();
    if (!after) throw notFound(SII_RETRY_MESSAGES.notFound);

    const document = `${DTE_TYPE_LABELS[row.type] ?? `DTE ${row.type}`} N° ${row.folio}`;
    const was = [SII_STATUS_LABELS[row.status], ...(action === 'resend' ? row.siiMessages : [])].join(' · ');
    await tx.insert(siiAttempts).values({
      submissionId: id,
      step: 'retry',
      ok: true,
      detail: `${actor.username ?? 'Alguien'} pidió ${action === 'resend' ? 'reenviarlo' : 'enviarlo ahora'} (estaba: ${was})`,
    });
    await record(tx, actor, {
      action: 'sii_retry',
      entity: 'invoice',
      entityId: row.invoiceId,
      changes: [
        { field: 'siiDocument', from: null, to: document },
        { field: 'siiStatus', from: row.status, to: after.status },
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
    return { message: SII_RETRY_MESSAGES[action === 'resend' ? 'resend' : 'sendNow'], submission };
  });
}
