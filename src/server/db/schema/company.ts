import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const currencyRates = pgTable(
  'currency_rates',
  {
    id: serial('id').primaryKey(),
    currency: text('currency').notNull(),
    /** Value of one unit of the currency in USD. */
    rate: numeric('rate', { precision: 18, scale: 8 }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    lastUpdated: timestamp('last_updated', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('currency_rates_currency_key').on(t.currency),
    check('currency_rates_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('currency_rates_rate_check', sql`${t.rate} > 0`),
  ],
);

/** A single row (id = 1) with the agency's own details, printed on invoices. */
export const companySettings = pgTable(
  'company_settings',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull().default(''),
    taxId: text('tax_id').notNull().default(''),
    address: text('address').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('company_settings_singleton', sql`${t.id} = 1`)],
);
