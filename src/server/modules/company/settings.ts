import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type CompanySettings,
  DEFAULT_BACKUP_SCHEDULE,
  DEFAULT_LARGE_AMOUNT_THRESHOLD,
  DEFAULT_QUOTE_VALIDITY_DAYS,
  DEFAULT_REMINDERS,
  DEFAULT_TIME_ZONE,
  type NumberFormat,
} from '../../../domain/company';
import type { AgencyPreferences, companySettingsReplySchema } from '../../../domain/company-replies';
import { DEFAULT_EMAIL_MESSAGE } from '../../../domain/document-emails';
import type { Database } from '../../db/client';
import { independentReads } from '../../db/independent-reads';
import { toMoney } from '../../db/money';
import { companySettings, companyTax } from '../../db/schema';
import { type AuditActor, diff, record } from '../audit';

export type StoredCompanySettings = z.infer<typeof companySettingsReplySchema>;

const EMPTY: StoredCompanySettings = {
  name: '',
  taxId: '',
  address: '',
  email: '',
  phone: '',
  emailFrom: '',
  timeZone: DEFAULT_TIME_ZONE,
  largeAmountThreshold: DEFAULT_LARGE_AMOUNT_THRESHOLD,
  ...DEFAULT_BACKUP_SCHEDULE,
  ...DEFAULT_REMINDERS,
  quoteValidityDays: DEFAULT_QUOTE_VALIDITY_DAYS,
  quoteConditions: '',
  emergencyContact: '',
  numberFormat: 'en',
  emailMessage: DEFAULT_EMAIL_MESSAGE,
};

export async function getCompanySettings(db: Database): Promise<StoredCompanySettings> {
  const [row] = await db.select().from(companySettings).where(eq(companySettings.id, 1));
  if (!row) return EMPTY;
  // Whether the demo agency is there is its own call's (demo-removal.ts), not a setting to edit.
  const { id: _id, updatedAt: _updatedAt, demoData: _demoData, largeAmountThreshold, ...rest } = row;
  return { ...rest, largeAmountThreshold: toMoney(largeAmountThreshold, 'USD') };
}

/*
 * The agency's zone, threshold and number format are read by every report, alert and invoice: kept in memory per
 * database so the hot reads get no extra round trip (docs/performance.md). A PUT here refreshes it at
 * once; another app server behind the load balancer sees the change within PREFERENCES_TTL_MS.
 */
const PREFERENCES_TTL_MS = 30_000;
const preferences = new WeakMap<Database, { value: Promise<AgencyPreferences>; until: number }>();

export function agencyPreferences(db: Database): Promise<AgencyPreferences> {
  const cached = preferences.get(db);
  if (cached && cached.until > Date.now()) return cached.value;
  // `db` may be a transaction (a credit note reads the agency's zone inside its own).
  const value = independentReads(db, [
    () => getCompanySettings(db),
    () => db.select({ id: companyTax.id }).from(companyTax).limit(1),
  ] as const).then(([{ timeZone, largeAmountThreshold, numberFormat }, tax]) => ({
    timeZone,
    largeAmountThreshold,
    numberFormat,
    electronicInvoicing: tax.length > 0,
  }));
  preferences.set(db, { value, until: Date.now() + PREFERENCES_TTL_MS });
  // A failed read is not kept: the next request tries again.
  value.catch(() => preferences.delete(db));
  return value;
}

/** Read again on next use: the settings or the company's tax data changed. */
export function forgetAgencyPreferences(db: Database): void {
  preferences.delete(db);
}

/** The agency's IANA zone, for "today" (agencyToday) and the times people read. */
export async function agencyTimeZone(db: Database): Promise<string> {
  return (await agencyPreferences(db)).timeZone;
}

/** How the agency writes amounts (decision 0089), for a PDF or a message that has no settings read of its own. */
export async function agencyNumberFormat(db: Database): Promise<NumberFormat> {
  return (await agencyPreferences(db)).numberFormat;
}

export async function saveCompanySettings(
  db: Database,
  input: CompanySettings,
  audit: AuditActor,
): Promise<StoredCompanySettings> {
  // A field the body leaves out keeps its value (undefined is no column in Drizzle's set).
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(companySettings).where(eq(companySettings.id, 1)).for('update');
      const [after] = await tx
        .insert(companySettings)
        .values({ id: 1, ...input, updatedAt: new Date() })
        .onConflictDoUpdate({ target: companySettings.id, set: { ...input, updatedAt: new Date() } })
        .returning();
      // The kept day rows place each sale on the agency's day it was created (f_agency_day,
      // migration 0017): a new zone moves sales between days, so both are rebuilt with it.
      if (after && after.timeZone !== (before?.timeZone ?? DEFAULT_TIME_ZONE))
        await tx.execute(sql`select rebuild_sales_aggregates(), rebuild_report_days()`);
      const changes = diff(before ?? {}, after ?? {});
      await record(tx, audit, {
        action: before ? 'update' : 'create',
        entity: 'companySettings',
        entityId: 1,
        changes,
      });
    });
  } finally {
    forgetAgencyPreferences(db);
  }
  return getCompanySettings(db);
}
