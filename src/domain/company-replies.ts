import { z } from 'zod';
import { NUMBER_FORMATS } from './format';
import { absentWhenNull, dataReply } from './replies';

/** What the company's details look like once saved: every field a string (empty when not given). */
export const companySettingsReplySchema = z.object({
  name: z.string(),
  taxId: z.string(),
  address: z.string(),
  email: z.string(),
  phone: z.string(),
  emailFrom: z.string(),
  timeZone: z.string(),
  largeAmountThreshold: z.number(),
  backupHour: z.number(),
  backupKeepDaily: z.number(),
  backupKeepWeekly: z.number(),
  backupKeepMonthly: z.number(),
  reminderHour: z.number(),
  clientPaymentReminders: z.boolean(),
  clientReminderDays: z.number(),
  quoteValidityDays: z.number(),
  quoteConditions: z.string(),
  emergencyContact: z.string(),
  numberFormat: z.enum(NUMBER_FORMATS),
  emailMessage: z.string(),
});
export const companySettingsDataReplySchema = dataReply(companySettingsReplySchema);

/**
 * What every signed-in screen needs of the settings: the agency's zone, the large-amount warning, how
 * amounts are written (decision 0089), and whether "Generar Factura" issues DTEs (the company's tax data are saved, decision 0065), which
 * opens the invoice's preview first (decision 0071).
 */
export const agencyPreferencesReplySchema = companySettingsReplySchema
  .pick({ timeZone: true, largeAmountThreshold: true, numberFormat: true })
  .extend({ electronicInvoicing: z.boolean() });
export type AgencyPreferences = z.infer<typeof agencyPreferencesReplySchema>;
export const agencyPreferencesDataReplySchema = dataReply(agencyPreferencesReplySchema);

/**
 * One unit of `currency` is worth `rate` USD, and one USD buys `unitsPerUsd` units; both rounded to 8
 * decimals for the screens (the stored 16 stay in the database, decision 0086).
 */
export const currencyRateReplySchema = z.object({
  id: z.number(),
  currency: z.string(),
  rate: z.number(),
  unitsPerUsd: z.number(),
  isActive: z.boolean(),
  lastUpdated: absentWhenNull(z.string()),
});
export type CurrencyRate = z.infer<typeof currencyRateReplySchema>;
export const currencyRateDataReplySchema = dataReply(currencyRateReplySchema);
export const currencyRatesDataReplySchema = dataReply(z.array(currencyRateReplySchema));
