import { currencyDecimals } from '../../../domain/currency-decimals';
import { convertedValue, sameDecimal, usdValue } from '../../../domain/money';
import { usdValueProblem } from '../../../domain/payments';
import type { Database } from '../../db/client';
import { badRequest } from '../../lib/http-errors';
import { activeRate, rateOn, refuseTypedBaseRate } from '../company';

/** The rate a payment is stored with, and whether it was typed instead of taken from Configuraciones. */
export interface PaymentRate {
  exchangeRate: string;
  rateEdited: boolean;
}

/**
 * A payment in `currency` dated `day` takes that currency's rate of that agency day (the active rate for
 * a payment of today), or the rate the person typed, which is then flagged when it differs. A currency
 * without an active rate takes no payments (409, as supplier payments). USD is the base: its rate is
 * always 1. docs/decisions/0055-payments-in-any-currency.md, docs/decisions/0099-rates-by-day.md
 */
export async function rateFor(
  db: Database,
  currency: string,
  typed: string | undefined,
  day: string,
): Promise<PaymentRate> {
  refuseTypedBaseRate(currency, typed, 'exchangeRate');
  const current = await activeRate(db, currency);
  const ofDay = (await rateOn(db, currency, day)) ?? current;
  if (typed === undefined || sameDecimal(typed, ofDay)) return { exchangeRate: ofDay, rateEdited: false };
  return { exchangeRate: typed, rateEdited: true };
}

/**
 * The USD value PostgreSQL will store (round(amount * exchange_rate, 2)) must be at least a cent and
 * fit an amount: checked here first, so a payment worth nothing in USD is a 400 and not a refused row.
 */
export function assertUsdValue(amount: string, exchangeRate: string) {
  const usd = usdValue(amount, exchangeRate);
  const problem = usd === null ? null : usdValueProblem(usd);
  if (problem) throw badRequest(problem, [{ path: 'amount', message: problem }]);
}

/**
 * What a payment is worth in its sale's currency: its amount when both currencies are the same (a CLP
 * debt paid in CLP is settled to the peso), else its amount at its own frozen rate over the sale
 * currency's rate on the payment's day (the sale's frozen rate when that currency has no rate saved),
 * rounded once to the sale currency's decimals. Worth nothing there is a 400 on the amount. Decisions
 * 0085 and 0099.
 */
export async function saleAmountOf(
  db: Database,
  payment: { amount: string; currency: string; exchangeRate: string; day: string },
  sale: { currency: string; exchangeRate: string },
): Promise<string> {
  if (payment.currency === sale.currency) return payment.amount;
  const saleRate = (await rateOn(db, sale.currency, payment.day)) ?? sale.exchangeRate;
  const value = convertedValue(
    payment.amount,
    payment.exchangeRate,
    saleRate,
    currencyDecimals(sale.currency),
  );
  if (value === null || /^0+(\.0+)?$/.test(value)) {
    const message = `El pago no alcanza a 1 ${sale.currency} en la moneda de la venta`;
    throw badRequest(message, [{ path: 'amount', message }]);
  }
  return value;
}
