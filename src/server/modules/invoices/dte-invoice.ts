import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { ExemptReason } from '../../../domain/invoice-preview';
import type { InvoiceDocumentType, invoiceIssueSchema } from '../../../domain/invoices';
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
  boletaTypeFor,
  type DteLine,
  GENERIC_RECEIVER_RUT,
  type IssuedDte,
  invoiceTypeFor,
  isBoleta,
  issueDte,
  type Party,
  pesoRate,
  pesosOf,
  pesoTotals,
  type SecretBox,
  toPesos,
} from '../dte';
import type { SaleDetail } from '../sales';

export type InvoiceIssueBody = z.output<typeof invoiceIssueSchema>;

export const DTE_INVOICE_MESSAGES = {
  noRut:
    'El cliente no tiene un RUT válido y una factura electrónica lo necesita: agrégalo en la ficha del cliente (por ejemplo 76.123.456-0) o emite una boleta',
  missingReceiver: (missing: string[]) =>
    `Para emitir la factura electrónica faltan datos del receptor: ${missing.join(', ')}`,
  overrideAdmin: 'Solo un administrador puede cambiar si un ítem está exento de IVA',
  unknownItem: (id: number) => `El ítem ${id} no es de esta venta`,
} as const;

/** The peso the SII's documents are in. */
const PESO = 'CLP';

const hasValidRut = (client: typeof clients.$inferSelect) => {
  const rut = client.clientId ?? '';
  return looksLikeRut(rut) && hasValidCheckDigit(rut);
};

/**
 * Whether the sale's document is a boleta (decision 0097): the type asked for says so; unnamed, a
 * client without a valid RUT (a person, most leisure clients) gets one. A factura asked for such a
 * client is refused (409): no factura can name it.
 */
export function isBoletaFor(client: typeof clients.$inferSelect, requested?: InvoiceDocumentType): boolean {
  const rut = hasValidRut(client);
  if (requested === undefined) return !rut;
  if (!isBoleta(requested) && !rut) throw conflict(DTE_INVOICE_MESSAGES.noRut);
  return isBoleta(requested);
}

/**
 * A boleta's receiver: the client's RUT when valid, else the SII's generic one, and the client's name;
 * no giro, and the address and comuna only if known (the boleta does not require them).
 */
export function boletaReceiver(
  client: typeof clients.$inferSelect,
  body: Partial<Pick<InvoiceIssueBody, 'receiverAddress' | 'receiverCommune'>> = {},
): Party {
  return {
    rut: hasValidRut(client) ? (client.clientId ?? '') : GENERIC_RECEIVER_RUT,
    businessName: client.name,
    businessActivity: '',
    address: body.receiverAddress || client.address?.trim() || '',
    commune: body.receiverCommune || client.commune?.trim() || '',
  };
}

/**
 * The receiver as the invoice would state it: its giro, address and comuna from the body, else the
 * client's record, else the client's last DTE; and the fields still missing, each with its message.
 * A client without a valid RUT is refused (409): no factura can name it.
 */
export async function receiverDraft(
  tx: Database,
  client: typeof clients.$inferSelect,
  body: Partial<Pick<InvoiceIssueBody, 'receiverActivity' | 'receiverAddress' | 'receiverCommune'>>,
) {
  const rut = client.clientId ?? '';
  if (!hasValidRut(client)) throw conflict(DTE_INVOICE_MESSAGES.noRut);
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
  // The client's own giro and comuna (migration 0040) come before the last DTE's: they are what the
  // agency keeps up to date, and a client invoiced for the first time needs nothing typed.
  const activity = body.receiverActivity || client.businessActivity?.trim() || last?.activity || '';
  const address = body.receiverAddress || client.address?.trim() || last?.address || '';
  const commune = body.receiverCommune || client.commune?.trim() || last?.commune || '';
  const missing = [
    !activity && { path: 'receiverActivity' as const, message: 'Indica el giro del receptor' },
    !address && { path: 'receiverAddress' as const, message: 'Indica la dirección del receptor' },
    !commune && { path: 'receiverCommune' as const, message: 'Indica la comuna del receptor' },
  ].filter((error) => error !== false);
  return { rut, businessName: client.name, businessActivity: activity, address, commune, missing };
}

/** The receiver the DTE states; a 400 naming each field still missing, which the screen asks for. */
async function receiverOf(tx: Database, client: typeof clients.$inferSelect, body: InvoiceIssueBody) {
  const { missing, ...receiver } = await receiverDraft(tx, client, body);
  if (missing.length) {
    const names = missing.map((error) => error.message.replace('Indica ', ''));
    throw badRequest(DTE_INVOICE_MESSAGES.missingReceiver(names), missing);
  }
  return receiver;
}

/** Pesos per unit of the sale's currency today (decision 0056), or null for a sale in pesos. */
async function rateOf(tx: Database, currency: string): Promise<string | null> {
  if (currency === PESO) return null;
  return pesoRate(await activeRate(tx, currency), await activeRate(tx, PESO));
}

/**
 * Each item as a DTE line: exempt by its classification and the sale's region, unless an admin says
 * otherwise for that item; its price in whole pesos (converted once, at `rate`); and why it is exempt
 * or not (an admin's choice that matches the default changes nothing, so the default's reason stays).
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
    const defaultExempt = isExempt(row.treatment, sale.region);
    const exempt = override.get(row.id) ?? defaultExempt;
    const reason: ExemptReason =
      exempt !== defaultExempt ? 'admin' : row.treatment === 'byRegion' ? 'region' : 'classification';
    const pesos = rate === null ? pesosOf(row.salePrice) : toPesos(row.salePrice, rate);
    return { id: row.id, line: { name, pesos, exempt } satisfies DteLine, defaultExempt, reason };
  });
}

/**
 * The DTE the sale's invoice would be: its lines, type (33 or 34, or 39 or 41 for a boleta), totals and
 * rate. Issuing and the preview both call this, so what the screen shows is what is issued (decision
 * 0071).
 */
export async function invoiceDraft(
  tx: Database,
  actor: AuthUser,
  sale: SaleDetail,
  overrides: InvoiceIssueBody['items'],
  boleta = false,
) {
  const rate = await rateOf(tx, sale.currency);
  const lines = await linesOf(tx, actor, sale, overrides, rate);
  const dteLines = lines.map((l) => l.line);
  const type = boleta ? boletaTypeFor(dteLines) : invoiceTypeFor(dteLines);
  return { rate, lines, dteLines, type, totals: pesoTotals(dteLines) };
}

/**
 * Issues the sale's Factura Electrónica (33) or Exenta (34), or its Boleta (39) or Boleta Exenta (41),
 * inside the caller's transaction, which holds the sale's row lock: every refusal (a factura without
 * RUT, missing receiver data, lines the asked type cannot carry, no folios, no usable certificate)
 * comes before or inside it and takes no folio. Returns what the invoice row keeps.
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
  const boleta = isBoletaFor(client, body.documentType);
  const receiver = boleta ? boletaReceiver(client, body) : await receiverOf(tx, client, body);
  const draft = await invoiceDraft(tx, actor, sale, body.items, boleta);
  const issued: IssuedDte = await issueDte(tx, box, {
    // The type asked for is issued as asked: lines it cannot carry are refused (400) by the document.
    type: body.documentType ?? draft.type,
    issueDate,
    receiver,
    lines: draft.dteLines,
  });
  const byItem = new Map(draft.lines.map((l) => [l.id, l.line]));
  return {
    issued,
    exchangeRate: draft.rate,
    receiver,
    /** Each item's line, to complete the invoice's copy of the item. */
    itemLine: (id: number) => byItem.get(id),
  };
}

/** The item copy of a DTE invoice: the internal copy plus its exemption and pesos. */
export const withLine = (item: InvoiceItemSnapshot, line: DteLine | undefined): InvoiceItemSnapshot =>
  line ? { ...item, exempt: line.exempt, pesos: line.pesos.toString() } : item;
