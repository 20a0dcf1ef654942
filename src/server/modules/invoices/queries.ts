import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CREDIT_NOTE_KIND_OF_CODE, type InvoiceStatus } from '../../../domain/invoices';
import type { SiiStatus } from '../../../domain/sii';
import type { Database } from '../../db/client';
import { type Currency, type Money, moneyInList, moneyValue, toMoney, toRate } from '../../db/money';
import {
  type CreditedLine,
  dteDocuments,
  type InvoiceItemSnapshot,
  invoiceCreditNotes,
  invoices,
  payments,
  sales,
  siiSubmissions,
} from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { containsPattern, nameContains } from '../../lib/search';
import { type SaleScope, sellerCondition } from '../sales';
import { pesosLeft } from './credit-lines';

export const INVOICE_NOT_FOUND = 'Factura no encontrada';
export const NOT_A_DTE = 'Esta factura es interna (sin datos tributarios configurados): no tiene XML del SII';
export const NO_CREDIT_NOTE = 'Esta factura no tiene nota de crédito';
export const CREDIT_NOTE_NOT_FOUND = 'Esta factura no tiene esa nota de crédito';

/**
 * Status follows the money (docs/product.md#invoicing): cancelled, else paid once confirmed payments cover
 * it, each payment by its value in the sale's currency (docs/decisions/0085-sale-currency.md) against the
 * invoice's amount, in that same currency.
 */
const statusSql = sql<InvoiceStatus>`case
  when ${invoices.cancelledAt} is not null then 'cancelled'
  when (select coalesce(sum(${payments.saleAmount}), 0) from ${payments}
        where ${payments.saleId} = ${invoices.saleId} and ${payments.status} = 'confirmed') >= ${invoices.amount}
    then 'paid'
  else 'pending' end`;

/** An invoice is visible when its sale is (a seller sees the invoices of their own sales). */
const visible = (scope: SaleScope) => sellerCondition(sales.sellerId, scope);

type InvoiceRow = Omit<typeof invoices.$inferSelect, 'amount' | 'items'> & {
  amount: Money<Currency>;
  items: (Omit<InvoiceItemSnapshot, 'salePrice'> & { salePrice: Money<Currency> })[];
};

/** The invoice's DTE, joined when the invoice has one. */
const dte = alias(dteDocuments, 'dte');
/** The DTE's submission to the SII (one per document). */
const dteSii = alias(siiSubmissions, 'dte_sii');
type SiiRow = {
  id: number;
  status: SiiStatus;
  trackId: string | null;
  messages: string[];
  lastError: string | null;
};

/**
 * The invoice's credit notes (decision 0067), oldest first, each with its DTE's folio, date and
 * amounts (as exact text) and its SII submission: a JSON list of the row, so a page stays one statement.
 */
type NoteJson = {
  id: number;
  folio: number;
  date: string;
  code: 1 | 2 | 3;
  reason: string;
  net: string;
  exempt: string;
  vat: string;
  total: string;
  lines: CreditedLine[];
  sii: SiiRow | null;
};
const notesSql = sql<NoteJson[]>`coalesce((
  select json_agg(json_build_object(
    'id', n.id, 'folio', d.folio, 'date', d.issue_date, 'code', n.code, 'reason', n.reason,
    'net', d.net_amount::text, 'exempt', d.exempt_amount::text, 'vat', d.vat_amount::text,
    'total', d.total_amount::text, 'lines', n.lines,
    'sii', case when s.id is null then null
      else json_build_object('id', s.id, 'status', s.status, 'trackId', s.track_id,
        'messages', s.sii_messages, 'lastError', s.last_error) end
  ) order by n.id)
  from ${invoiceCreditNotes} n
  join ${dteDocuments} d on d.id = n.dte_document_id
  left join ${siiSubmissions} s on s.dte_document_id = n.dte_document_id
  where n.invoice_id = ${invoices.id}), '[]'::json)`;
type NoteRow = Omit<NoteJson, 'net' | 'exempt' | 'vat' | 'total'> & {
  net: Money<'CLP'>;
  exempt: Money<'CLP'>;
  vat: Money<'CLP'>;
  total: Money<'CLP'>;
};

const noteView = (n: NoteRow) => ({
  id: n.id,
  folio: n.folio,
  date: n.date,
  code: n.code,
  kind: CREDIT_NOTE_KIND_OF_CODE[n.code],
  reason: n.reason,
  netAmount: n.net,
  exemptAmount: n.exempt,
  vatAmount: n.vat,
  totalAmount: n.total,
  lines: n.lines.map((line) => ({ itemId: line.itemId, pesos: toMoney(line.pesos, 'CLP') })),
  sii: n.sii,
});

type DteRow = {
  type: number;
  folio: number;
  net: Money<'CLP'>;
  exempt: Money<'CLP'>;
  vat: Money<'CLP'>;
  total: Money<'CLP'>;
};

/** The DTE's fields of the reply: all null for an internal invoice (absent in the JSON). */
function dteFields(i: InvoiceRow, d: DteRow | null, notes: NoteRow[], sii: SiiRow | null) {
  // The note that annulled it, as the reply has always named it.
  const n = notes.find((note) => note.code === 1);
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
      reason: i.cancelReason ?? n.reason,
      totalAmount: n.total,
      sii: n.sii,
    },
    creditNotes: notes.map(noteView),
    siiStatus: sii?.status ?? null,
    sii,
  };
}

function toInvoice(row: {
  invoice: InvoiceRow;
  status: InvoiceStatus;
  sellerId: number;
  dte: DteRow | null;
  notes: NoteRow[];
  dteSii: SiiRow | null;
}) {
  const i = row.invoice;
  const left = pesosLeft(i.items, row.notes);
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
    items: i.items.map(({ pesos, ...item }, index) => ({
      id: index + 1,
      ...item,
      ...(pesos !== undefined && {
        pesos: toMoney(pesos, 'CLP'),
        pesosLeft: toMoney(String(left[index] ?? 0n), 'CLP'),
      }),
    })),
    cancelledAt: i.cancelledAt?.toISOString() ?? null,
    cancelReason: i.cancelReason,
    createdAt: i.createdAt.toISOString(),
    ...dteFields(i, row.dte, row.notes, row.dteSii),
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
  notes: moneyInList(notesSql, ['net', 'exempt', 'vat', 'total'], 'CLP'),
  dteSii: {
    id: dteSii.id,
    status: dteSii.status,
    trackId: dteSii.trackId,
    messages: dteSii.siiMessages,
    lastError: dteSii.lastError,
  },
};

/** Invoices with their sale (for the seller's scope), DTE, credit notes and their SII submissions. */
const selectInvoices = (db: Database) =>
  db
    .select(selection)
    .from(invoices)
    .innerJoin(sales, eq(sales.id, invoices.saleId))
    .leftJoin(dte, eq(dte.id, invoices.dteDocumentId))
    .leftJoin(dteSii, eq(dteSii.dteDocumentId, invoices.dteDocumentId));

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

/** Which DTE of an invoice: its own, the note that annulled it, or one of its credit notes. */
export type DteFile = 'invoice' | 'creditNote' | { noteId: number };

/**
 * The signed EnvioDTE of the invoice's DTE, of the note that annulled it, or of one of its credit
 * notes by id; 404 for an internal invoice or a note it does not have.
 */
export async function loadDteXml(db: Database, id: number, scope: SaleScope, which: DteFile) {
  const invoice = await loadInvoice(db, id, scope);
  const columns = { type: dteDocuments.type, folio: dteDocuments.folio, xml: dteDocuments.xml };
  const [row] =
    which === 'invoice'
      ? await db
          .select(columns)
          .from(invoices)
          .innerJoin(dteDocuments, eq(dteDocuments.id, invoices.dteDocumentId))
          .where(eq(invoices.id, id))
      : await db
          .select(columns)
          .from(invoiceCreditNotes)
          .innerJoin(dteDocuments, eq(dteDocuments.id, invoiceCreditNotes.dteDocumentId))
          .where(
            and(
              eq(invoiceCreditNotes.invoiceId, id),
              which === 'creditNote'
                ? eq(invoiceCreditNotes.code, 1)
                : eq(invoiceCreditNotes.id, which.noteId),
            ),
          );
  if (!row) {
    throw notFound(
      which === 'invoice' ? NOT_A_DTE : which === 'creditNote' ? NO_CREDIT_NOTE : CREDIT_NOTE_NOT_FOUND,
    );
  }
  return { invoice, ...row };
}
