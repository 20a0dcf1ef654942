import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { COMMISSION_BASES } from '../../../domain/commissions';
import { instant, usdMoney } from './columns';
import { classifications } from './master-data';
import { oneOf } from './one-of';
import { users } from './users';

/** A percentage with two decimals, 0 to 100. */
const percent = (name: string) => numeric(name, { precision: 5, scale: 2 });

/**
 * The company's commission rules (docs/decisions/0100-seller-commissions.md): no seller or no
 * classification means "any"; a sale takes the most specific rule that matches it.
 */
export const commissionRules = pgTable(
  'commission_rules',
  {
    id: serial('id').primaryKey(),
    sellerId: integer('seller_id').references(() => users.id, { onDelete: 'restrict' }),
    classificationId: integer('classification_id').references(() => classifications.id, {
      onDelete: 'restrict',
    }),
    percent: percent('percent').notNull(),
    base: text('base', { enum: COMMISSION_BASES }).notNull(),
  },
  (t) => [
    // One rule per pair, "any" included: ids start at 1, so 0 stands for none.
    uniqueIndex('commission_rules_pair_key').on(
      sql`coalesce(${t.sellerId}, 0)`,
      sql`coalesce(${t.classificationId}, 0)`,
    ),
    check('commission_rules_percent_check', sql`${t.percent} between 0 and 100`),
    check('commission_rules_base_check', oneOf(t.base, COMMISSION_BASES)),
  ],
);

/** A closed month (yyyy-mm): its lines below are what it paid, whatever changes later. */
export const commissionMonths = pgTable(
  'commission_months',
  {
    month: text('month').primaryKey(),
    closedAt: instant('closed_at').notNull().defaultNow(),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'restrict' }),
  },
  (t) => [check('commission_months_month_check', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`)],
);

/**
 * One sale's commission in a closed month, as it was computed when the month closed. No foreign key to
 * the sale: a deleted sale's commission stays paid in its month (and is taken back as an adjustment).
 * The seller's name is kept as it was, so a closed month reads the same after a rename.
 */
export const commissionLines = pgTable(
  'commission_lines',
  {
    month: text('month')
      .notNull()
      .references(() => commissionMonths.month, { onDelete: 'cascade' }),
    saleId: integer('sale_id').notNull(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    username: text('username').notNull(),
    base: usdMoney('base').notNull(),
    percent: percent('percent').notNull(),
    commission: usdMoney('commission').notNull(),
    /** A negative line that takes back a sale's commission of an earlier closed month. */
    adjustment: boolean('adjustment').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.month, t.saleId] }), index('commission_lines_sale_idx').on(t.saleId)],
);
