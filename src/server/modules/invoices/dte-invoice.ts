import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { invoiceIssueSchema } from '../../../domain/invoices';
import { hasValidCheckDigit, looksLikeRut } from '../../../domain/rut';
import { isExempt } from '../../../domain/tax-treatment';
import type { Database } from '../../db/client';
import {
  classifications,
  type clients,
  type InvoiceItemSnapshot,
  invoices,
  saleItems,
  sales,
} from '../../db/schema';
import { badRequest, conflict, forbidden } from '../../lib/http-errors';
import type { AuthUser } from '../auth';
import { activeRate } from '../company';
import {
  type DteLine,
  type IssuedDte,
  invoiceTypeFor,
  issueDte,
  pesoRate,
  pesosOf,
  type SecretBox,
  toPesos,
} from '../dte';
import type { SaleDetail } from '../sales';

export type InvoiceIssueBody = z.output<typeof invoiceIssueSchema>;

export const DTE_INVOICE_MESSAGES = {
  noRut:
    'El cliente no tiene un RUT válido y una factura electrónica lo necesita: agrégalo en la ficha del cliente (por ejemplo 76.123.456-0)',
  missingReceiver: (missing: string[]) =>
    `Para emitir la factura electrónica faltan datos del receptor: ${missing.join(', ')}`,
  overrideAdmin: 'Solo un administrador puede cambiar si un ítem está exento de IVA',
  unknownItem: (id: number) => `El ítem ${id} no es de esta venta`,
} as const;

/** The peso the SII's documents are in. */
const PESO = 'CLP';

/** The receiver's giro, address and comuna: the body's, else the client's record, else the client's last DTE. */
async function receiverOf(tx: Database, client: typeof clients.$inferSelect, body: InvoiceIssueBody) {
  const rut = client.clientId ?? '';
  if (!looksLikeRut(rut) || !hasValidCheckDigit(rut)) throw conflict(DTE_INVOICE_MESSAGES.noRut);
  const [last] = await tx
    .select({
      activity: invoices.clientActivity,
      address: invoices.clientAddress,
      commune: invoices.clientCommune,
    })
    .from(invoices)
    .innerJoin(sales, eq(sales.id, invoices.saleId))
    .where(and(eq(sales.clientId, client.id), isNotNull(invoices.dteDocumentId)))
    .orderBy(desc(invoices.id))
    .limit(1);
  const activity = body.receiverActivity ?? last?.activity ?? '';
  const address = body.receiverAddress || client.address?.trim() || last?.address || '';
  const commune = body.receiverCommune ?? last?.commune ?? '';
  const missing = [
    !activity && { path: 'receiverActivity', message: 'Indica el giro del receptor' },
    !address && { path: 'receiverAddress', message: 'Indica la dirección del receptor' },
    !commune && { path: 'receiverCommune', message: 'Indica la comuna del receptor' },
  ].filter((error) => error !== false);
  if (missing.length) {
    const names = missing.map((error) => error.message.replace('Indica ', ''));
    throw badRequest(DTE_INVOICE_MESSAGES.missingReceiver(names), missing);
  }
  return { rut, businessName: client.name, businessActivity: activity, address, commune };
}

/** Pesos per unit of the sale's currency today (decision 0056), or null for a sale in pesos. */
async function rateOf(tx: Database, currency: string): Promise<string | null> {
  if (currency === PESO) return null;
  return pesoRate(await activeRate(tx, currency), await activeRate(tx, PESO));
}

/**
 * Each item as a DTE line: exempt by its classification and the sale's region, unless an admin says
 * otherwise for that item; its price in whole pesos (converted once, at `rate`).
 */
async function linesOf(
  tx: Database,
  actor: AuthUser,
  sale: SaleDetail,
  overrides: InvoiceIssueBody['items'],
  rate: string | null,
) {
  if (overrides?.length && actor.role !== 'admin') throw forbidden(DTE_INVOICE_MESSAGES.overrideAdmin);
  const rows = await tx
    .select({ id: saleItems.id, salePrice: saleItems.salePrice, treatment: classifications.taxTreatment })
    .from(saleItems)
    .innerJoin(classifications, eq(classifications.id, saleItems.classificationId))
    .where(eq(saleItems.saleId, sale.id))
    .orderBy(asc(saleItems.position), asc(saleItems.id));
  const override = new Map((overrides ?? []).map((item) => [item.id, item.exempt]));
  for (const id of override.keys()) {
    if (!rows.some((row) => row.id === id)) throw badRequest(DTE_INVOICE_MESSAGES.unknownItem(id));
  }
  return rows.map((row) => {
    const item = sale.items.find((i) => i.id === row.id);
    const name = item?.description || `${item?.classificationName} - ${item?.supplierName}`;
    const exempt = override.get(row.id) ?? isExempt(row.treatment, sale.region);
    const pesos = rate === null ? pesosOf(row.salePrice) : toPesos(row.salePrice, rate);
    return { id: row.id, line: { name, pesos, exempt } satisfies DteLine };
  });
}

/**
 * Issues the sale's Factura Electrónica (33) or Exenta (34) inside the caller's transaction, which
 * holds the sale's row lock: every refusal (no RUT, missing receiver data, no folios, no usable
 * certificate) comes before or inside it and takes no folio. Returns what the invoice row keeps.
 */
export async function issueInvoiceDte(
  tx: Database,
  box: SecretBox,
  input: {
    actor: AuthUser;
    sale: SaleDetail;
    client: typeof clients.$inferSelect;
    body: InvoiceIssueBody;
    issueDate: string;
  },
) {
  const { actor, sale, client, body, issueDate } = input;
  const receiver = await receiverOf(tx, client, body);
  const rate = await rateOf(tx, sale.currency);
  const lines = await linesOf(tx, actor, sale, body.items, rate);
  const issued: IssuedDte = await issueDte(tx, box, {
    type: invoiceTypeFor(lines.map((l) => l.line)),
    issueDate,
    receiver,
    lines: lines.map((l) => l.line),
  });
  const byItem = new Map(lines.map((l) => [l.id, l.line]));
  return {
    issued,
    exchangeRate: rate,
    receiver,
    /** Each item's line, to complete the invoice's copy of the item. */
    itemLine: (id: number) => byItem.get(id),
  };
}

/** The item copy of a DTE invoice: the internal copy plus its exemption and pesos. */
export const withLine = (item: InvoiceItemSnapshot, line: DteLine | undefined): InvoiceItemSnapshot =>
  line ? { ...item, exempt: line.exempt, pesos: line.pesos.toString() } : item;
