import { agencyToday } from '../../../domain/agency-day';
import { BASE_CURRENCY, type CurrencyRate } from '../../../domain/company';
import { formatDate } from '../../../domain/format';

/**
 * The day of the last update on the agency's calendar, or 'N/A' for a rate that was never stamped: a
 * rate changed at 21:00 in Santiago was changed that day, not on the next UTC one.
 */
export function lastUpdatedText(lastUpdated: string | null | undefined, timeZone: string): string {
  if (!lastUpdated) return 'N/A';
  const moment = new Date(lastUpdated);
  return Number.isNaN(moment.getTime()) ? formatDate(lastUpdated) : formatDate(agencyToday(timeZone, moment));
}

/** The base currency is fixed at 1 and always active: it has nothing to toggle or delete. */
export function isBaseCurrency(rate: Pick<CurrencyRate, 'currency'>): boolean {
  return rate.currency === BASE_CURRENCY;
}
