import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  DEFAULT_BACKUP_SCHEDULE,
  DEFAULT_LARGE_AMOUNT_THRESHOLD,
  DEFAULT_QUOTE_VALIDITY_DAYS,
  DEFAULT_REMINDERS,
  DEFAULT_TIME_ZONE,
  NUMBER_FORMATS,
} from '../../../domain/company';
import { DEFAULT_EMAIL_MESSAGE } from '../../../domain/document-emails';
import { createdAt, instant, money, rate, updatedAt } from './columns';
import { oneOf } from './one-of';

export const currencyRates = pgTable(
  'currency_rates',
  {
    id: serial('id').primaryKey(),
    currency: text('currency').notNull(),
    /** Value of one unit of the currency in USD. */
    rate: rate('rate').notNull(),
    /** Units of the currency per USD ("1 USD = 945 CLP"): the inverse of `rate`, each kept to 16 decimals. */
    unitsPerUsd: rate('units_per_usd').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    lastUpdated: instant('last_updated'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('currency_rates_currency_key').on(t.currency),
    check('currency_rates_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('currency_rates_rate_check', sql`${t.rate} > 0 and ${t.unitsPerUsd} > 0`),
  ],
);

/**
 * Each currency's rate as it stood at the end of each agency day it changed: a payment dated some day is
 * valued with that day's rates (docs/decisions/0099-rates-by-day.md). Written with every change of a
 * rate's value; a day with no row keeps the rate of the last day before it.
 */
export const currencyRateDays = pgTable(
  'currency_rate_days',
  {
    currency: text('currency').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** Value of one unit of the currency in USD, as `currency_rates.rate`. */
    rate: rate('rate').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.currency, t.day] }),
    check('currency_rate_days_rate_check', sql`${t.rate} > 0`),
  ],
);

/** A single row (id = 1) with the agency's own details (printed on invoices), its zone and warnings. */
export const companySettings = pgTable(
  'company_settings',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull().default(''),
    taxId: text('tax_id').notNull().default(''),
    address: text('address').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /**
     * The outbox's sender address (docs/product.md#emails); empty sends from `email`
     * (modules/emails/sender.ts).
     */
    emailFrom: text('email_from').notNull().default(''),
    /** IANA zone of the agency's day ("today" of reports, alerts, invoices) and of times shown. */
    timeZone: text('time_zone').notNull().default(DEFAULT_TIME_ZONE),
    /** USD amount above which the screens ask before saving. */
    largeAmountThreshold: money('large_amount_threshold')
      .notNull()
      .default(String(DEFAULT_LARGE_AMOUNT_THRESHOLD)),
    /** The agency's hour of the daily backup, and how many daily, weekly, monthly ones are kept. */
    backupHour: integer('backup_hour').notNull().default(DEFAULT_BACKUP_SCHEDULE.backupHour),
    backupKeepDaily: integer('backup_keep_daily').notNull().default(DEFAULT_BACKUP_SCHEDULE.backupKeepDaily),
    backupKeepWeekly: integer('backup_keep_weekly')
      .notNull()
      .default(DEFAULT_BACKUP_SCHEDULE.backupKeepWeekly),
    backupKeepMonthly: integer('backup_keep_monthly')
      .notNull()
      .default(DEFAULT_BACKUP_SCHEDULE.backupKeepMonthly),
    /** The agency's hour of the morning reminders; whether clients with a balance get one, how many days ahead. */
    reminderHour: integer('reminder_hour').notNull().default(DEFAULT_REMINDERS.reminderHour),
    clientPaymentReminders: boolean('client_payment_reminders')
      .notNull()
      .default(DEFAULT_REMINDERS.clientPaymentReminders),
    clientReminderDays: integer('client_reminder_days')
      .notNull()
      .default(DEFAULT_REMINDERS.clientReminderDays),
    /** Days a quote stays valid when its "Válida hasta" is not given, and the conditions it prints. */
    quoteValidityDays: integer('quote_validity_days').notNull().default(DEFAULT_QUOTE_VALIDITY_DAYS),
    quoteConditions: text('quote_conditions').notNull().default(''),
    /** Who the traveller calls when something goes wrong: printed on every itinerary. */
    emergencyContact: text('emergency_contact').notNull().default(''),
    /** How amounts are written on every screen, PDF and e-mail: `1,234.56` (en) or `1.234,56` (es). */
    numberFormat: text('number_format', { enum: NUMBER_FORMATS }).notNull().default('en'),
    /** The words of a document's e-mail, its placeholders filled when it is queued (decision 0064). */
    emailMessage: text('email_message').notNull().default(DEFAULT_EMAIL_MESSAGE),
    /**
     * The demo agency is in the database (seeded by `npm start` on an empty one): its accounts are shown
     * on /login until an admin removes it with "Empezar con mis datos" (decision 0093).
     */
    demoData: boolean('demo_data').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('company_settings_singleton', sql`${t.id} = 1`),
    check('company_settings_large_amount_threshold_check', sql`${t.largeAmountThreshold} > 0`),
    check('company_settings_number_format_check', oneOf(t.numberFormat, NUMBER_FORMATS)),
    check('company_settings_backup_hour_check', sql`${t.backupHour} between 0 and 23`),
    check('company_settings_reminder_hour_check', sql`${t.reminderHour} between 0 and 23`),
    check('company_settings_client_reminder_days_check', sql`${t.clientReminderDays} between 1 and 60`),
    check(
      'company_settings_backup_keep_check',
      sql`${t.backupKeepDaily} >= 1 and ${t.backupKeepWeekly} >= 0 and ${t.backupKeepMonthly} >= 0`,
    ),
    check('company_settings_quote_validity_days_check', sql`${t.quoteValidityDays} between 1 and 365`),
  ],
);
