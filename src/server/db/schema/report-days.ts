import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { moneySum } from './columns';

/*
 * The sales report's figures per group and day, kept by triggers (migrations/0010_report_days.sql,
 * docs/decisions/0031) so that a report over a range reads a few thousand day rows instead of every
 * sale and item in it. Never written by the application; `rebuild_report_days()` recomputes it.
 */

/**
 * Per dimension (`seller`, `region`, `serviceType` from the sale; `supplier`, `classification` from
 * its items), date field (`creation` as the agency's day, or `travel`), day and group key: sales counted once
 * per group, their sale total and cost. Cancelled sales are left out. Item groups add the items'
 * amounts, as the report does; the dimension `items` (key '') counts each sale with items once, for
 * the totals of those reports.
 */
export const reportDays = pgTable(
  'report_days',
  {
    dimension: text('dimension').notNull(),
    dateField: text('date_field').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    key: text('key').notNull(),
    salesCount: integer('sales_count').notNull(),
    salePrice: moneySum('sale_price').notNull(),
    totalCost: moneySum('total_cost').notNull(),
  },
  (t) => [primaryKey({ columns: [t.dimension, t.dateField, t.day, t.key] })],
);
