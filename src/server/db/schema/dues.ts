import { date, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { money, moneySum, usdMoney } from './columns';

/*
 * What is still owed, kept by triggers (migrations/0007_dues.sql, docs/decisions/0024) so that the
 * receivables, the supplier dues and the alerts read the open part of the data through indexes
 * instead of summing every payment and grouping every item. Never written by the application;
 * `rebuild_dues()` recomputes them from scratch.
 */

/**
 * One row per open sale: not cancelled and its total above its confirmed payments. A sale paid in
 * full (or cancelled) has no row.
 */
export const saleBalances = pgTable(
  'sale_balances',
  {
    saleId: integer('sale_id').primaryKey(),
    clientId: integer('client_id').notNull(),
    sellerId: integer('seller_id').notNull(),
    travelDate: date('travel_date', { mode: 'string' }).notNull(),
    /** In the sale's currency. */
    salePrice: money('sale_price').notNull(),
    paid: moneySum('paid').notNull(),
    pending: moneySum('pending').notNull(),
    /** The same at the sale's frozen rate: what `client_balances` and `balance_days` add (decision 0085). */
    salePriceUsd: usdMoney('sale_price_usd').notNull(),
    paidUsd: usdMoney('paid_usd').notNull(),
    pendingUsd: usdMoney('pending_usd').notNull(),
  },
  (t) => [
    index('sale_balances_client_idx').on(t.clientId),
    index('sale_balances_travel_idx').on(t.travelDate, t.saleId),
    // A seller's open sales departing soon (their client-balance alerts), counted from the index.
    index('sale_balances_seller_travel_idx').on(t.sellerId, t.travelDate, t.saleId),
  ],
);

/**
 * One row per item of a sale that owes its suppliers (confirmed or completed: a draft is a quote not
 * accepted, a cancelled sale owes nothing): its cost and when it falls due to its supplier (its payment
 * date, or its sale's travel date). The seller is copied so that a seller's dues are found without the
 * sales table. `openCost` is what the supplier payments directed at its sale leave of the cost
 * (`supplier_payment_sales.allocated`, settled in due order within the sale; decision 0088): only that
 * is left for the supplier's other payments, which settle the earliest dues first.
 */
export const supplierDues = pgTable(
  'supplier_dues',
  {
    itemId: integer('item_id').primaryKey(),
    saleId: integer('sale_id').notNull(),
    supplierId: integer('supplier_id').notNull(),
    sellerId: integer('seller_id').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    cost: money('cost').notNull(),
    openCost: money('open_cost').notNull(),
  },
  (t) => [
    // The open cost in the key lets the walks over a supplier's days (cutoffs, counts) read the index alone.
    index('supplier_dues_due_idx').on(t.supplierId, t.dueDate, t.itemId, t.openCost),
    index('supplier_dues_sale_idx').on(t.saleId),
    // A seller's dues per supplier in due order: their supplier-due alerts count and list from it.
    // The costs and the sale in the key let those walks read the index alone: then the planner walks
    // it in order and stops at the first 20, instead of sorting a supplier's ~300 dues from the table.
    index('supplier_dues_seller_walk_idx').on(
      t.sellerId,
      t.supplierId,
      t.dueDate,
      t.itemId,
      t.cost,
      t.openCost,
      t.saleId,
    ),
  ],
);

/**
 * The same costs summed per supplier and due day: a few thousand rows to settle payments against.
 * `openItems` counts the items with an open cost (the others owe nothing more: free, or settled by a
 * payment directed at their sale).
 */
export const supplierDueDays = pgTable(
  'supplier_due_days',
  {
    supplierId: integer('supplier_id').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    cost: moneySum('cost').notNull(),
    itemsCount: integer('items_count').notNull(),
    openCost: moneySum('open_cost').notNull(),
    openItems: integer('open_items').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.supplierId, t.dueDate] }),
    // Each supplier's cutoff walks its days from the latest back, and Vencimientos sums the days after
    // it, both reading this index alone: without the open items in it the sums read the heap, and the
    // planner then took a sequential scan of every day row (6 ms instead of 1 at 1,000,000 sales).
    index('supplier_due_days_walk_idx').on(t.supplierId, t.dueDate, t.openCost, t.openItems),
  ],
);

/**
 * The same costs summed per supplier and month (its first day): a supplier's cutoff walks back a
 * dozen months, then the days of one, instead of every day with an unpaid part (~300 of them).
 */
export const supplierDueMonths = pgTable(
  'supplier_due_months',
  {
    supplierId: integer('supplier_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    cost: moneySum('cost').notNull(),
    itemsCount: integer('items_count').notNull(),
    openCost: moneySum('open_cost').notNull(),
  },
  (t) => [primaryKey({ columns: [t.supplierId, t.month] })],
);

/**
 * The open sales summed per client (migrations/0010): Cobranza's first page sorted by pending or by
 * sales reads an index instead of grouping every open sale. A client with no open sale keeps a row
 * with a count of 0.
 */
export const clientBalances = pgTable(
  'client_balances',
  {
    clientId: integer('client_id').primaryKey(),
    salesCount: integer('sales_count').notNull(),
    totalSale: moneySum('total_sale').notNull(),
    paid: moneySum('paid').notNull(),
    pending: moneySum('pending').notNull(),
  },
  (t) => [index('client_balances_pending_idx').on(t.pending.desc(), t.clientId)],
);

/** The open sales' pending summed per travel day: Cobranza's age buckets over every client. */
export const balanceDays = pgTable('balance_days', {
  travelDate: date('travel_date', { mode: 'string' }).primaryKey(),
  salesCount: integer('sales_count').notNull(),
  pending: moneySum('pending').notNull(),
});
