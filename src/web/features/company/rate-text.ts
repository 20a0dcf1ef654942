import { formatAgencyDay } from '../../../domain/agency-day';
import { BASE_CURRENCY, type CurrencyRate } from '../../../domain/company';

/** The day of the last update on the agency's calendar, or 'N/A' for a rate that was never stamped. */
export function lastUpdatedText(lastUpdated: string | null | undefined, timeZone: string): string {
  return lastUpdated ? formatAgencyDay(lastUpdated, timeZone) : 'N/A';
}

/** The base currency is fixed at 1 and always active: it has nothing to toggle or delete. */
export function isBaseCurrency(rate: Pick<CurrencyRate, 'currency'>): boolean {
  return rate.currency === BASE_CURRENCY;
}
