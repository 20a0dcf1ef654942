import { and, eq, isNull } from 'drizzle-orm';
import { agencyToday } from '../../../domain/agency-day';
import type { Database } from '../../db/client';
import { invoices } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-errors';
import { type AuditActor, record } from '../audit';
import type { AuthUser } from '../auth';
import { agencyTimeZone } from '../company';
import { issueDte, type SecretBox } from '../dte';
import { INVOICE_NOT_FOUND, loadInvoice } from './queries';
import { ALREADY_CANCELLED } from './service';

export const CREDIT_NOTE_MESSAGES = {
  internal: 'Esta factura es interna, no un documento tributario: se anula con "Anular factura"',
  issued: 'Nota de crédito emitida: la factura quedó anulada',
} as const;

/**
 * Annuls a DTE invoice with a Nota de Crédito (61, CodRef 1) of the same lines, so its totals are the
 * invoice's (decision 0056), and marks the invoice annulled as a cancellation does. The invoice row is
 * locked first: two clicks issue one note; a refusal takes no folio.
 */
export async function issueCreditNote(
  db: Database,
  box: SecretBox,
  actor: AuthUser,
  id: number,
  reason: string,
  audit: AuditActor,
) {
  await db.transaction(async (tx) => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
    if (!invoice) throw notFound(INVOICE_NOT_FOUND);
    if (invoice.cancelledAt) throw conflict(ALREADY_CANCELLED);
    if (invoice.dteDocumentId === null) throw conflict(CREDIT_NOTE_MESSAGES.internal);
    // The receiver and the lines exactly as the invoice's DTE stated them.
    const issued = await issueDte(tx, box, {
      type: 61,
      issueDate: agencyToday(await agencyTimeZone(tx)),
      receiver: {
        rut: invoice.clientTaxId ?? '',
        businessName: invoice.clientName,
        businessActivity: invoice.clientActivity ?? '',
        address: invoice.clientAddress ?? '',
        commune: invoice.clientCommune ?? '',
      },
      lines: invoice.items.map((item) => ({
        name: item.description,
        pesos: BigInt(item.pesos ?? '0'),
        exempt: item.exempt ?? false,
      })),
      reference: { documentId: invoice.dteDocumentId, code: 1, reason },
    });
    await tx
      .update(invoices)
      .set({ cancelledAt: new Date(), cancelReason: reason, cancelledBy: actor.id, creditNoteId: issued.id })
      .where(and(eq(invoices.id, id), isNull(invoices.cancelledAt)));
    const changes = [
      { field: 'status', from: 'active', to: 'cancelled' },
      { field: 'cancelReason', from: null, to: reason },
      { field: 'creditNote', from: null, to: `61 N° ${issued.folio}` },
    ];
    await record(tx, audit, { action: 'status', entity: 'invoice', entityId: id, changes });
  });
  return loadInvoice(db, id, {});
}
