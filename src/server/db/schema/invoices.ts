import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, instant, money } from './columns';
import { dteDocuments } from './dte';
import { sales } from './sales';
import { users } from './users';

/** One row per year; `last_number` is taken under a row lock so numbers have no gaps and never repeat. */
export const invoiceSequences = pgTable('invoice_sequences', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});

export interface InvoiceItemSnapshot {
  description: string;
  classificationName: string;
  supplierName: string;
  passengers: string[];
  dateIn: string | null;
  dateOut: string | null;
  salePrice: string;
  /**
   * A DTE invoice's line (docs/decisions/0056-exempt-taxable-and-pesos.md): exempt from IVA or not, and its
   * amount in whole pesos.
   */
  exempt?: boolean;
  pesos?: string;
}

/**
 * An invoice copies the client, company and item details at issue time: later edits of the client
 * or the company must not change an invoice already handed out.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'restrict' }),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    clientName: text('client_name').notNull(),
    clientTaxId: text('client_tax_id'),
    clientEmail: text('client_email'),
    clientAddress: text('client_address'),
    companyName: text('company_name').notNull(),
    companyTaxId: text('company_tax_id').notNull(),
    companyAddress: text('company_address').notNull(),
    companyEmail: text('company_email').notNull(),
    companyPhone: text('company_phone').notNull(),
    items: jsonb('items').$type<InvoiceItemSnapshot[]>().notNull(),
    cancelledAt: instant('cancelled_at'),
    cancelReason: text('cancel_reason'),
    cancelledBy: integer('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** The electronic document (DTE 33 or 34) of the invoice; null for an internal invoice. */
    dteDocumentId: integer('dte_document_id').references(() => dteDocuments.id),
    /** Pesos per unit of the sale's currency the DTE was converted at; null when none was needed. */
    exchangeRate: numeric('exchange_rate', { precision: 14, scale: 2 }),
    /** The receiver's giro and comuna as the DTE states them (the client's record has neither). */
    clientActivity: text('client_activity'),
    clientCommune: text('client_commune'),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    uniqueIndex('invoices_year_sequence_key').on(t.year, t.sequence),
    // At most one active (not cancelled) invoice per sale.
    uniqueIndex('invoices_dte_document_key').on(t.dteDocumentId),
    uniqueIndex('invoices_active_sale_key').on(t.saleId).where(sql`${t.cancelledAt} is null`),
    index('invoices_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('invoices_client_name_search_idx').using(
      'gin',
      sql`f_unaccent(lower(${t.clientName})) gin_trgm_ops`,
    ),
  ],
);

/** What one credit note credited of one item of its invoice: the item's line number and whole pesos. */
export interface CreditedLine {
  itemId: number;
  pesos: string;
}

/**
 * The Notas de Crédito (61) of a DTE invoice (docs/decisions/0067-credit-notes-that-correct.md): the one that
 * annuls it (code 1, at most one), and those that correct its text (2) or its amounts (3), with what each
 * credited per item.
 */
export const invoiceCreditNotes = pgTable(
  'invoice_credit_notes',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    dteDocumentId: integer('dte_document_id')
      .notNull()
      .references(() => dteDocuments.id),
    /** The SII's CodRef: 1 annuls, 2 corrects text, 3 corrects amounts. */
    code: integer('code').$type<1 | 2 | 3>().notNull(),
    reason: text('reason').notNull(),
    /** What it credited of each item (none for a correction of text). */
    lines: jsonb('lines').$type<CreditedLine[]>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('invoice_credit_notes_code_check', sql`${t.code} in (1, 2, 3)`),
    uniqueIndex('invoice_credit_notes_dte_document_key').on(t.dteDocumentId),
    index('invoice_credit_notes_invoice_idx').on(t.invoiceId),
    // An invoice is annulled once.
    uniqueIndex('invoice_credit_notes_annul_key').on(t.invoiceId).where(sql`${t.code} = 1`),
  ],
);
