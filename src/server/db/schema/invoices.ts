import { sql } from 'drizzle-orm';
import {
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
  /** A DTE invoice's line (issue 29): exempt from IVA or not, and its amount in whole pesos. */
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
    /** The Nota de Crédito (61) that annulled the DTE. */
    creditNoteId: integer('credit_note_id').references(() => dteDocuments.id),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    uniqueIndex('invoices_year_sequence_key').on(t.year, t.sequence),
    // At most one active (not cancelled) invoice per sale.
    uniqueIndex('invoices_dte_document_key').on(t.dteDocumentId),
    uniqueIndex('invoices_credit_note_key').on(t.creditNoteId),
    uniqueIndex('invoices_active_sale_key').on(t.saleId).where(sql`${t.cancelledAt} is null`),
    index('invoices_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('invoices_client_name_search_idx').using(
      'gin',
      sql`f_unaccent(lower(${t.clientName})) gin_trgm_ops`,
    ),
  ],
);
