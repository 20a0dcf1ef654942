import { currencyDecimals } from '../../../domain/currency-decimals';
import { convertedValue, sameDecimal } from '../../../domain/money';
import { parseTypedDecimal } from '../../../domain/typed-decimal';

/*
 * Monto offers what the ticked sales still owe the supplier (docs/decisions/0088): the server settles
 * those sales' items first with the payment, so paying their pending pays them.
 */

/**
 * The ticked sales' pending (`pendingUsd`, in USD) as an amount in `currency`, at its active `rate` (USD
 * per unit) and to that currency's decimals; null when a currency other than USD has no rate.
 */
export function offeredAmount(pendingUsd: number, currency: string, rate: number | string | undefined) {
  const usd = pendingUsd.toFixed(2);
  if (currency === 'USD') return usd;
  return rate === undefined ? null : convertedValue(usd, 1, rate, currencyDecimals(currency));
}

/** Whether Monto is still the offer's: untouched (0) or as the last offer (`offered`) left it. */
export function followsOffer(typed: string, offered: string | null): boolean {
  const parsed = parseTypedDecimal(typed, 'money');
  return parsed.ok && sameDecimal(parsed.value, offered ?? '0');
}
