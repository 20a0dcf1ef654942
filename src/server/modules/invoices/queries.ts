import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { InvoiceStatus } from '../../../domain/invoices';
import type { SiiStatus } from '../../../domain/sii';
import type { Database } from '../../db/client';
import { type Currency, type Money, moneyInList, moneyValue, toMoney, toRate } from '../../db/money';
import {
  dteDocuments,
  type InvoiceItemSnapshot,
  invoices,
  payments,
  sales,
  siiSubmissions,
} from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { containsPattern, nameContains } from '../../lib/search';
import { type SaleScope, sellerCondition } from '../sales';

export const INVOICE_NOT_FOUND = 'Factura no encontrada';
export const NOT_A_DTE = 'Esta factura es interna (sin datos tributarios configurados): no tiene XML del SII';
export const NO_CREDIT_NOTE = 'Esta factura no tiene nota de crédito';

/**
 * Status follows the money (issue 10): cancelled, else paid once confirmed payments cover it, each
 * payment by its USD value (issue 29) against the invoice's amount in its sale's currency, USD.
 */
const statusSql = sql<InvoiceStatus>`case
  when ${invoices.cancelledAt} is not null then 'cancelled'
  when (select coalesce(sum(${payments.usdAmount}), 0) from ${payments}
        where ${payments.saleId} = ${invoices.saleId} and ${payments.status} = 'confirmed') >= ${invoices.amount}
    then 'paid'
  else 'pending' end`;

/** An invoice is visible when its sale is (a seller sees the invoices of their own sales). */
const visible = (scope: SaleScope) => sellerCondition(sales.sellerId, scope);

type InvoiceRow = Omit<typeof invoices.$inferSelect, 'amount' | 'items'> & {
  amount: Money<Currency>;
  items: (Omit<InvoiceItemSnapshot, 'salePrice'> & { salePrice: Money<Currency> })[];
};

/** The invoice's DTE and its credit note (issue 29), joined when the invoice has them. */
const dte = alias(dteDocuments, 'dte');
const note = alias(dteDocuments, 'credit_note');
/** Each DTE's submission to the SII (one per document), for the invoice and for its credit note. */
const dteSii = alias(siiSubmissions, 'dte_sii');
const noteSii = alias(siiSubmissions, 'credit_note_sii');
type SiiRow = { status: SiiStatus; trackId: string | null; messages: string[] };

type DteRow = {
  type: number;
  folio: number;
  net: Money<'CLP'>;
  exempt: Money<'CLP'>;
  vat: Money<'CLP'>;
  total: Money<'CLP'>;
};
type NoteRow = { folio: number; date: string; total: Money<'CLP'> };

/** The DTE's fields of the reply: all null for an internal invoice (absent in the JSON). */
function dteFields(
  i: InvoiceRow,
  d: DteRow | null,
  n: NoteRow | null,
  sii: { invoice: SiiRow | null; note: SiiRow | null },
) {
  return {
    dteType: d?.type ?? null,
    folio: d?.folio ?? null,
    netAmount: d?.net ?? null,
    exemptAmount: d?.exempt ?? null,
    vatAmount: d?.vat ?? null,
    totalAmount: d?.total ?? null,
    exchangeRate: i.exchangeRate === null ? null : toRate(i.exchangeRate),
    creditNote: n && {
      folio: n.folio,
      date: n.date,
      reason: i.cancelReason ?? '',
      totalAmount: n.total,
      sii: sii.note,
    },
    siiStatus: sii.invoice?.status ?? null,
    sii: sii.invoice,
  };
}

function toInvoice(row: {
  invoice: InvoiceRow;
  status: InvoiceStatus;
  sellerId: number;
  dte: DteRow | null;
  note: NoteRow | null;
  dteSii: SiiRow | null;
  noteSii: SiiRow | null;
}) {
  const i = row.invoice;
  return {
    id: i.id,
    invoiceNumber: i.number,
    saleId: i.saleId,
    date: i.issueDate,
    amount: i.amount,
    currency: i.currency,
    status: row.status,
    client: {
      name: i.clientName,
      taxId: i.clientTaxId,
      email: i.clientEmail,
      address: i.clientAddress,
      activity: i.clientActivity,
      commune: i.clientCommune,
    },
    company: {
      name: i.companyName,
      taxId: i.companyTaxId,
      address: i.companyAddress,
      email: i.companyEmail,
      phone: i.companyPhone,
    },
    items: i.items.map(({ pesos, ...item }) => ({
      ...item,
      ...(pesos !== undefined && { pesos: toMoney(pesos, 'CLP') }),
    })),
    cancelledAt: i.cancelledAt?.toISOString() ?? null,
    cancelReason: i.cancelReason,
    createdAt: i.createdAt.toISOString(),
    ...dteFields(i, row.dte, row.note, { invoice: row.dteSii, note: row.noteSii }),
  };
}
export type InvoiceView = ReturnType<typeof toInvoice>;

const selection = {
  invoice: {
    ...getTableColumns(invoices),
    amount: moneyValue(invoices.amount, invoices.currency),
    // The items are a JSON copy, their prices exact decimal text like the columns'.
    items: moneyInList(sql<InvoiceItemSnapshot[]>`${invoices.items}`, ['salePrice'], invoices.currency),
  },
  status: statusSql,
  sellerId: sales.sellerId,
  dte: {
    type: dte.type,
    folio: dte.folio,
    net: moneyValue(dte.netAmount, 'CLP'),
    exempt: moneyValue(dte.exemptAmount, 'CLP'),
    vat: moneyValue(dte.vatAmount, 'CLP'),
    total: moneyValue(dte.totalAmount, 'CLP'),
  },
  note: { folio: note.folio, date: note.issueDate, total: moneyValue(note.totalAmount, 'CLP') },
  dteSii: { status: dteSii.status, trackId: dteSii.trackId, messages: dteSii.siiMessages },
  noteSii: { status: noteSii.status, trackId: noteSii.trackId, messages: noteSii.siiMessages },
};

/** Invoices with their sale (for the seller's scope), DTE, credit note and their SII submissions. */
const selectInvoices = (db: Database) =>
  db
    .select(selection)
    .from(invoices)
    .innerJoin(sales, eq(sales.id, invoices.saleId))
    .leftJoin(dte, eq(dte.id, invoices.dteDocumentId))
    .leftJoin(note, eq(note.id, invoices.creditNoteId))
    .leftJoin(dteSii, eq(dteSii.dteDocumentId, invoices.dteDocumentId))
    .leftJoin(noteSii, eq(noteSii.dteDocumentId, invoices.creditNoteId));

export async function listInvoices(
  db: Database,
  scope: SaleScope,
  query: { status?: InvoiceStatus; q?: string; saleId?: number; page: number; limit: number },
) {
  const where = and(
    visible(scope),
    query.saleId ? eq(invoices.saleId, query.saleId) : undefined,
    query.status ? sql`${statusSql} = ${query.status}` : undefined,
    query.q
      ? sql`(${nameContains(invoices.clientName, query.q)} or lower(${invoices.number}) like ${containsPattern(query.q.toLowerCase())})`
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectInvoices(db)
      .where(where)
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(invoices).innerJoin(sales, eq(sales.id, invoices.saleId)).where(where),
  ]);
  return { invoices: rows.map(toInvoice), total: total?.n ?? 0 };
}

export async function loadInvoice(db: Database, id: number, scope: SaleScope) {
  const [row] = await selectInvoices(db).where(and(eq(invoices.id, id), visible(scope)));
  if (!row) throw notFound(INVOICE_NOT_FOUND);
  return toInvoice(row);
}

/** The signed EnvioDTE of the invoice's DTE, or of its credit note; 404 for an internal invoice. */
export async function loadDteXml(
  db: Database,
  id: number,
  scope: SaleScope,
  which: 'invoice' | 'creditNote',
) {
  const invoice = await loadInvoice(db, id, scope);
  const [row] = await db
    .select({ type: dteDocuments.type, folio: dteDocuments.folio, xml: dteDocuments.xml })
    .from(invoices)
    .innerJoin(
      dteDocuments,
      eq(dteDocuments.id, which === 'invoice' ? invoices.dteDocumentId : invoices.creditNoteId),
    )
    .where(eq(invoices.id, id));
  if (!row) throw notFound(which === 'invoice' ? NOT_A_DTE : NO_CREDIT_NOTE);
  return { invoice, ...row };
}
