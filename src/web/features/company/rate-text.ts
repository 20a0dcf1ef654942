import { BASE_CURRENCY, type CurrencyRate } from '../../../domain/company';
import { formatDate } from '../../../domain/format';

/** The last update, or 'N/A' for a rate that was never stamped. */
export function lastUpdatedText(lastUpdated?: string | null): string {
  return lastUpdated ? formatDate(lastUpdated) : 'N/A';
}

/** The base currency is fixed at 1 and always active: it has nothing to toggle or delete. */
export function isBaseCurrency(rate: Pick<CurrencyRate, 'currency'>): boolean {
  return rate.currency === BASE_CURRENCY;
}
