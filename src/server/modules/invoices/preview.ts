import { eq } from 'drizzle-orm';
import { type InvoicePreview, type InvoicePreviewQuery, overridesOf } from '../../../domain/invoice-preview';
import type { Database } from '../../db/client';
import { toMoney, toRate } from '../../db/money';
import { clients } from '../../db/schema';
import { conflict } from '../../lib/http-errors';
import type { AuthUser } from '../auth';
import { assertIssuable, getCompanyTax, ISSUE_MESSAGES, type SecretBox, VAT_PERCENT } from '../dte';
import { loadSale, scopeFor } from '../sales';
import {
  boletaReceiver,
  DTE_INVOICE_MESSAGES,
  invoiceDraft,
  isBoletaFor,
  receiverDraft,
} from './dte-invoice';
import { ALREADY_INVOICED, activeInvoiceId, NOT_COMPLETED } from './service';

const pesos = (amount: bigint) => toMoney(amount.toString(), 'CLP');

/**
 * What "Generar Factura" would issue for the sale with the admin's choices (decision 0071): the lines,
 * type and totals come from `invoiceDraft`, as issuing takes them, and each refusal of issuing is made
 * here in its order with its message. It only reads: no folio is taken, nothing is written. Unlike
 * issuing, the receiver's missing giro, address or comuna are listed, not refused: the dialog asks them.
 */
export async function previewInvoice(
  db: Database,
  box: SecretBox,
  actor: AuthUser,
  saleId: number,
  query: InvoicePreviewQuery,
): Promise<InvoicePreview> {
  const sale = await loadSale(db, saleId, scopeFor(actor));
  if (sale.status !== 'completed') throw conflict(NOT_COMPLETED);
  if (await activeInvoiceId(db, saleId)) throw conflict(ALREADY_INVOICED);
  // Without tax data "Generar Factura" issues the internal invoice, which has nothing to preview.
  if (!(await getCompanyTax(db))) throw conflict(ISSUE_MESSAGES.noTax);
  const [client] = await db.select().from(clients).where(eq(clients.id, sale.clientId));
  if (!client) throw conflict(DTE_INVOICE_MESSAGES.noRut);
  // The document issuing would choose: a boleta, which asks for nothing, for a client without RUT.
  const boleta = isBoletaFor(client);
  const receiver = boleta ? { ...boletaReceiver(client), missing: [] } : await receiverDraft(db, client, {});
  const draft = await invoiceDraft(db, actor, sale, overridesOf(query), boleta);
  await assertIssuable(db, box, draft.type);
  return {
    dteType: draft.type,
    currency: sale.currency,
    exchangeRate: draft.rate === null ? null : toRate(draft.rate),
    vatPercent: toRate(VAT_PERCENT.toString()),
    lines: draft.lines.map(({ id, line, defaultExempt, reason }) => ({
      itemId: id,
      description: line.name,
      pesos: pesos(line.pesos),
      exempt: line.exempt,
      defaultExempt,
      reason,
    })),
    exemptAmount: pesos(draft.totals.exempt),
    netAmount: pesos(draft.totals.net),
    vatAmount: pesos(draft.totals.vat),
    totalAmount: pesos(draft.totals.total),
    receiver: {
      rut: receiver.rut,
      businessName: receiver.businessName,
      activity: receiver.businessActivity || null,
      address: receiver.address || null,
      commune: receiver.commune || null,
    },
    missing: receiver.missing.map((field) => field.path),
  };
}
