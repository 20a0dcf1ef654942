import { and, eq, isNull, sql } from 'drizzle-orm';
import { agencyToday } from '../../../domain/agency-day';
import { invoiceNumber } from '../../../domain/invoices';
import type { Database } from '../../db/client';
import { clients, invoiceSequences, invoices } from '../../db/schema';
import { conflict } from '../../lib/http-errors';
import { type AuditActor, diff, record } from '../audit';
import type { AuthUser } from '../auth';
import { getCompanySettings } from '../company';
import { getCompanyTax, type SecretBox } from '../dte';
import { loadSale, lockSale, scopeFor } from '../sales';
import { type InvoiceIssueBody, issueInvoiceDte, withLine } from './dte-invoice';
import { loadInvoice } from './queries';

export const ALREADY_CANCELLED = 'La factura ya está anulada';
export const NOT_COMPLETED = 'Solo se puede facturar una venta liquidada';
export const ALREADY_INVOICED = 'La venta ya tiene una factura activa';

/** The sale's invoice that is not cancelled (at most one: the sale's row lock keeps it so), if any. */
export async function activeInvoiceId(tx: Database, saleId: number): Promise<number | undefined> {
  const [existing] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.saleId, saleId), isNull(invoices.cancelledAt)));
  return existing?.id;
}
/** A DTE the SII received cannot be withdrawn: only a Nota de Crédito annuls it. */
export const DTE_NEEDS_CREDIT_NOTE =
  'Una factura electrónica no se anula: emite una nota de crédito ("Emitir nota de crédito")';

/**
 * Issues the sale's invoice, or returns the active one it already has. The sale row is locked first,
 * so two clicks at once produce one invoice; the year's counter row is locked by its increment until
 * commit, so numbers never repeat and a rolled-back attempt leaves no gap.
 */
export async function generateInvoice(
  db: Database,
  box: SecretBox,
  actor: AuthUser,
  saleId: number,
  body: InvoiceIssueBody,
  audit: AuditActor,
) {
  const scope = scopeFor(actor);
  return db.transaction(async (tx) => {
    const locked = await lockSale(tx, saleId, scope);
    if (locked.status !== 'completed') throw conflict(NOT_COMPLETED);
    const existing = await activeInvoiceId(tx, saleId);
    if (existing) return { created: false, invoice: await loadInvoice(tx, existing, {}) };

    const sale = await loadSale(tx, saleId, {});
    const [client] = await tx.select().from(clients).where(eq(clients.id, sale.clientId));
    const company = await getCompanySettings(tx);
    // Dated and numbered by the agency's day: at 23:30 on 31 December in Santiago it is still that year.
    const issueDate = agencyToday(company.timeZone);
    // With the company's tax data saved the invoice is a DTE; without, the internal one (decision 0065).
    const tax = await getCompanyTax(tx);
    const dte =
      client && tax ? await issueInvoiceDte(tx, box, { actor, sale, client, body, issueDate }) : null;
    // A DTE's issuer is the company as the SII knows it: the copy shows what the document states.
    const issuer =
      tax && dte
        ? { name: tax.businessName, taxId: tax.rut, address: `${tax.address}, ${tax.commune}` }
        : null;
    const year = Number(issueDate.slice(0, 4));
    const [counter] = await tx
      .insert(invoiceSequences)
      .values({ year, lastNumber: 1 })
      .onConflictDoUpdate({
        target: invoiceSequences.year,
        set: { lastNumber: sql`${invoiceSequences.lastNumber} + 1` },
      })
      .returning({ lastNumber: invoiceSequences.lastNumber });
    const sequence = counter?.lastNumber ?? 1;
    const [row] = await tx
      .insert(invoices)
      .values({
        number: invoiceNumber(year, sequence),
        year,
        sequence,
        saleId,
        issueDate,
        amount: String(sale.salePrice),
        currency: sale.currency,
        clientName: client?.name ?? sale.client.name,
        clientTaxId: client?.clientId ?? null,
        clientEmail: client?.email ?? null,
        clientAddress: dte?.receiver.address || client?.address || null,
        // A boleta's receiver has no giro.
        clientActivity: dte?.receiver.businessActivity || null,
        clientCommune: dte?.receiver.commune || null,
        dteDocumentId: dte?.issued.id ?? null,
        exchangeRate: dte?.exchangeRate ?? null,
        companyName: issuer?.name ?? company.name,
        companyTaxId: issuer?.taxId ?? company.taxId,
        companyAddress: issuer?.address ?? company.address,
        companyEmail: company.email,
        companyPhone: company.phone,
        items: sale.items.map((item) =>
          withLine(
            {
              description: item.description ?? `${item.classificationName} - ${item.supplierName}`,
              classificationName: item.classificationName,
              supplierName: item.supplierName,
              passengers: item.passengers.map((p) => p.name),
              // The item is typed by its reply schema, where a date may be absent; the snapshot keeps null.
              dateIn: item.dateIn ?? null,
              dateOut: item.dateOut ?? null,
              salePrice: item.salePrice.toFixed(2),
            },
            dte?.itemLine(item.id),
          ),
        ),
        createdBy: actor.id,
      })
      .returning();
    if (!row) throw new Error('invoice insert returned no row');
    // The items and the company's details are copies of what the trail already holds elsewhere.
    const { number, amount, currency, clientName } = row;
    const dteFields = dte && {
      dteType: dte.issued.type,
      folio: dte.issued.folio,
      totalAmount: dte.issued.totals.total.toString(),
      exchangeRate: dte.exchangeRate,
    };
    const changes = diff({}, { number, saleId, amount, currency, clientName, ...dteFields });
    await record(tx, audit, { action: 'create', entity: 'invoice', entityId: row.id, changes });
    return { created: true, invoice: await loadInvoice(tx, row.id, {}) };
  });
}

export async function cancelInvoice(
  db: Database,
  actor: AuthUser,
  id: number,
  reason: string,
  audit: AuditActor,
) {
  const current = await loadInvoice(db, id, {});
  if (current.status === 'cancelled') throw conflict(ALREADY_CANCELLED);
  if (current.folio) throw conflict(DTE_NEEDS_CREDIT_NOTE);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(invoices)
      .set({ cancelledAt: new Date(), cancelReason: reason, cancelledBy: actor.id })
      .where(and(eq(invoices.id, id), isNull(invoices.cancelledAt)))
      .returning({ id: invoices.id });
    // Cancelled meanwhile by someone else: that call recorded it.
    if (!row) return;
    const changes = [
      { field: 'status', from: 'active', to: 'cancelled' },
      { field: 'cancelReason', from: null, to: reason },
    ];
    await record(tx, audit, { action: 'status', entity: 'invoice', entityId: id, changes });
  });
  return loadInvoice(db, id, {});
}
