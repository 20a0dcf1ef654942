import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '../../../domain/payments';
import { SUPPLIER_PAYMENT_METHODS } from '../../../domain/supplier-payments';
import { createdAt, money, rate, updatedAt } from './columns';
import { suppliers } from './master-data';
import { oneOf } from './one-of';
import { sales } from './sales';
import { users } from './users';

/**
 * Payments received from the client on a sale, in the currency the client paid
 * (docs/decisions/0055-payments-in-any-currency.md). The rate used is frozen on the row, and the USD
 * value is PostgreSQL's own product rounded once to the cent: it is what counts toward the sale.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'restrict' }),
    paymentDate: date('payment_date', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull().default('USD'),
    /** USD per unit of `currency` when the payment was recorded; a later rate change leaves it. */
    exchangeRate: rate('exchange_rate').notNull(),
    /** Set when the person typed a rate other than the currency's rate in Configuraciones. */
    rateEdited: boolean('rate_edited').notNull().default(false),
    usdAmount: money('usd_amount')
      .notNull()
      .generatedAlwaysAs(sql.raw('round("amount" * "exchange_rate", 2)')),
    /**
     * The payment's value in its sale's currency, rounded once to that currency's decimals when it is
     * recorded (the amount itself when both currencies are the same): what counts toward the sale's debt
     * (decision 0085).
     */
    saleAmount: money('sale_amount').notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull().default('cash'),
    reference: text('reference'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('confirmed'),
    /**
     * The receipt's consecutive number, given by a trigger (migrations, `payments_receipt_number`) the
     * first time the payment is confirmed, from the `document_counters` row: kept if the payment goes
     * back to pending, never given again.
     */
    receiptNumber: integer('receipt_number'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('payments_amount_check', sql`${t.amount} > 0`),
    check('payments_exchange_rate_check', sql`${t.exchangeRate} > 0`),
    check('payments_usd_amount_check', sql`${t.usdAmount} > 0`),
    check('payments_sale_amount_check', sql`${t.saleAmount} > 0`),
    check('payments_method_check', oneOf(t.method, PAYMENT_METHODS)),
    check('payments_status_check', oneOf(t.status, PAYMENT_STATUSES)),
    index('payments_sale_id_idx').on(t.saleId),
    uniqueIndex('payments_receipt_number_key').on(t.receiptNumber),
    index('payments_date_idx').on(t.paymentDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** Payments made to a supplier; the USD rate in force is frozen on the row: a later rate change does not rewrite what was paid. */
export const supplierPayments = pgTable(
  'supplier_payments',
  {
    id: serial('id').primaryKey(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    rateToUsd: rate('rate_to_usd').notNull(),
    amountUsd: money('amount_usd').notNull(),
    paymentDate: date('payment_date', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    paymentMethod: text('payment_method', { enum: SUPPLIER_PAYMENT_METHODS }).notNull(),
    reference: text('reference'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('supplier_payments_amount_check', sql`${t.amount} > 0`),
    check('supplier_payments_method_check', oneOf(t.paymentMethod, SUPPLIER_PAYMENT_METHODS)),
    index('supplier_payments_supplier_idx').on(t.supplierId, t.paymentDate.desc().nullsFirst()),
  ],
);

/**
 * The sales a supplier payment was made for. `allocated` is the part of the payment's USD value that
 * settles that sale's items of the payment's supplier, written by `supplier_payment_allocate()` when the
 * payment is saved (oldest due first among its sales, up to what other payments left of each); what no
 * sale takes settles the supplier's other dues, earliest first (docs/decisions/0088).
 */
export const supplierPaymentSales = pgTable(
  'supplier_payment_sales',
  {
    supplierPaymentId: integer('supplier_payment_id')
      .notNull()
      .references(() => supplierPayments.id, { onDelete: 'cascade' }),
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'restrict' }),
    allocated: money('allocated').notNull().default('0'),
  },
  (t) => [
    check('supplier_payment_sales_allocated_check', sql`${t.allocated} >= 0`),
    primaryKey({ columns: [t.supplierPaymentId, t.saleId] }),
    index('supplier_payment_sales_sale_idx').on(t.saleId),
  ],
);
