import { boolean, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { instant, moneySum } from './columns';

/*
 * Aggregates kept up to date by triggers (migrations/0003_sales_aggregates.sql), so the dashboard,
 * the list totals and the supplier balances read a few hundred rows instead of scanning every sale
 * and item (docs/performance.md). Never written by the application: the triggers on `sales` and
 * `sale_items` own them, and `rebuild_sales_aggregates()` recomputes them from scratch.
 */

/** Sales counted and summed per seller, status, sale type, service type and region. */
export const salesSummary = pgTable(
  'sales_summary',
  {
    sellerId: integer('seller_id').notNull(),
    status: text('status').notNull(),
    saleType: text('sale_type').notNull(),
    serviceType: text('service_type').notNull(),
    region: text('region').notNull(),
    salesCount: integer('sales_count').notNull(),
    salePrice: moneySum('sale_price').notNull(),
    totalCost: moneySum('total_cost').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.status, t.saleType, t.serviceType, t.region] })],
);

/**
 * Sales per seller, kept from `sales_summary` by a trigger on it (migrations/0031): the total of a
 * list filtered by nothing but its seller scope reads a row per seller instead of every summary group.
 */
export const salesSellerCounts = pgTable('sales_seller_counts', {
  sellerId: integer('seller_id').primaryKey(),
  salesCount: integer('sales_count').notNull(),
});

/** Sales created per seller and agency day (f_agency_day), for the dashboard's 30-day chart. */
export const salesDaily = pgTable(
  'sales_daily',
  {
    sellerId: integer('seller_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    salesCount: integer('sales_count').notNull(),
    salePrice: moneySum('sale_price').notNull(),
    totalCost: moneySum('total_cost').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.day] }), index('sales_daily_day_idx').on(t.day)],
);

/**
 * One row per supplier and sale: the supplier's share of the sale's cost, in USD at the sale's rate
 * (`cost`) and in the sale's own currency (`ownCost`, decision 0090).
 */
export const supplierSales = pgTable(
  'supplier_sales',
  {
    supplierId: integer('supplier_id').notNull(),
    saleId: integer('sale_id').notNull(),
    cost: moneySum('cost').notNull(),
    currency: text('currency').notNull().default('USD'),
    ownCost: moneySum('own_cost').notNull().default('0'),
    /** False for a cancelled sale, which owes the supplier nothing. */
    counted: boolean('counted').notNull(),
    saleCreatedAt: instant('sale_created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.supplierId, t.saleId] }),
    index('supplier_sales_recent_idx').on(
      t.supplierId,
      t.saleCreatedAt.desc().nullsFirst(),
      t.saleId.desc().nullsFirst(),
    ),
    index('supplier_sales_sale_idx').on(t.saleId),
  ],
);

/** What each supplier is owed: counted sales and their cost. */
export const supplierTotals = pgTable('supplier_totals', {
  supplierId: integer('supplier_id').primaryKey(),
  salesCount: integer('sales_count').notNull(),
  totalCost: moneySum('total_cost').notNull(),
});

/** The counted cost of each supplier in each sale currency, in that currency (decision 0090). */
export const supplierCurrencyTotals = pgTable(
  'supplier_currency_totals',
  {
    supplierId: integer('supplier_id').notNull(),
    currency: text('currency').notNull(),
    totalCost: moneySum('total_cost').notNull(),
  },
  (t) => [primaryKey({ columns: [t.supplierId, t.currency] })],
);
