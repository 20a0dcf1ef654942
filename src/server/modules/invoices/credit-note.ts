import { and, asc, eq, isNull } from 'drizzle-orm';
import { agencyToday } from '../../../domain/agency-day';
import { CREDIT_NOTE_CODES, type CreditNoteBody } from '../../../domain/invoices';
import type { Database } from '../../db/client';
import { dteDocuments, invoiceCreditNotes, invoices } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-errors';
import { type AuditActor, record } from '../audit';
import type { AuthUser } from '../auth';
import { agencyTimeZone } from '../company';
import { issueDte, type SecretBox } from '../dte';
import { creditLines, noteSummary, pesosLeft } from './credit-lines';
import { INVOICE_NOT_FOUND, loadInvoice } from './queries';
import { ALREADY_CANCELLED } from './service';

export const CREDIT_NOTE_MESSAGES = {
  internal: 'Esta factura es interna, no un documento tributario: se anula con "Anular factura"',
  issued: {
    annul: 'Nota de crédito emitida: la factura quedó anulada',
    amounts: 'Nota de crédito emitida: corrige los montos de la factura, que sigue vigente',
    text: 'Nota de crédito emitida: corrige el texto de la factura, que sigue vigente',
  },
} as const;

/**
 * Issues a Nota de Crédito (61) on a DTE invoice or boleta (decisions 0067, 0097): one that annuls it (CodRef 1,
 * crediting what is left of each item, and the invoice is annulled as a cancellation does), one that
 * corrects its text (2, no amounts) or one that credits part of its items' amounts (3). The invoice
 * row is locked first, so two clicks issue one note and what is left is read once; every refusal
 * comes before the folio is taken.
 */
export async function issueCreditNote(
  db: Database,
  box: SecretBox,
  actor: AuthUser,
  id: number,
  body: CreditNoteBody,
  audit: AuditActor,
) {
  const { kind, reason } = body;
  await db.transaction(async (tx) => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
    if (!invoice) throw notFound(INVOICE_NOT_FOUND);
    if (invoice.cancelledAt) throw conflict(ALREADY_CANCELLED);
    if (invoice.dteDocumentId === null) throw conflict(CREDIT_NOTE_MESSAGES.internal);
    const earlier = await tx
      .select({ lines: invoiceCreditNotes.lines })
      .from(invoiceCreditNotes)
      .where(eq(invoiceCreditNotes.invoiceId, id))
      .orderBy(asc(invoiceCreditNotes.id));
    const { lines, credited } = creditLines(invoice.items, pesosLeft(invoice.items, earlier), body);
    // The receiver exactly as the invoice's DTE stated it: its RUT is the DTE's, which for a boleta to
    // a person is the SII's generic one, not the client's record.
    const [stated] = await tx
      .select({ rut: dteDocuments.receiverRut })
      .from(dteDocuments)
      .where(eq(dteDocuments.id, invoice.dteDocumentId));
    const issued = await issueDte(tx, box, {
      type: 61,
      issueDate: agencyToday(await agencyTimeZone(tx)),
      receiver: {
        rut: stated?.rut ?? invoice.clientTaxId ?? '',
        businessName: invoice.clientName,
        businessActivity: invoice.clientActivity ?? '',
        address: invoice.clientAddress ?? '',
        commune: invoice.clientCommune ?? '',
      },
      lines,
      reference: { documentId: invoice.dteDocumentId, code: CREDIT_NOTE_CODES[kind], reason },
    });
    await tx.insert(invoiceCreditNotes).values({
      invoiceId: id,
      dteDocumentId: issued.id,
      code: CREDIT_NOTE_CODES[kind],
      reason,
      lines: credited,
      createdBy: actor.id,
    });
    const note = noteSummary(issued.folio, kind, issued.totals.total);
    if (kind === 'annul') {
      await tx
        .update(invoices)
        .set({ cancelledAt: new Date(), cancelReason: reason, cancelledBy: actor.id })
        .where(and(eq(invoices.id, id), isNull(invoices.cancelledAt)));
      const changes = [
        { field: 'status', from: 'active', to: 'cancelled' },
        { field: 'cancelReason', from: null, to: reason },
        { field: 'creditNote', from: null, to: note },
      ];
      await record(tx, audit, { action: 'status', entity: 'invoice', entityId: id, changes });
    } else {
      const changes = [
        { field: 'creditNote', from: null, to: note },
        { field: 'creditNoteReason', from: null, to: reason },
      ];
      await record(tx, audit, { action: 'update', entity: 'invoice', entityId: id, changes });
    }
  });
  return loadInvoice(db, id, {});
}
