import { BASE_CURRENCY } from '../../../domain/company';
import { sameDecimal, usdValue } from '../../../domain/money';
import { usdValueProblem } from '../../../domain/payments';
import type { Database } from '../../db/client';
import { badRequest } from '../../lib/http-errors';
import { activeRate } from '../company';

/** The rate a payment is stored with, and whether it was typed instead of taken from Configuraciones. */
export interface PaymentRate {
  exchangeRate: string;
  rateEdited: boolean;
}

/**
 * A payment in `currency` takes that currency's active rate (409 without one, as supplier payments),
 * or the rate the person typed, which is then flagged when it differs from Configuraciones'. USD is
 * the base: its rate is always 1. docs/decisions/0055-payments-in-any-currency.md
 */
export async function rateFor(
  db: Database,
  currency: string,
  typed: string | undefined,
): Promise<PaymentRate> {
  if (currency === BASE_CURRENCY) {
    // The base needs no row in Configuraciones (a new database has none): its rate is 1.
    if (typed === undefined || sameDecimal(typed, '1')) return { exchangeRate: '1', rateEdited: false };
    const message = `La tasa de ${BASE_CURRENCY} es siempre 1`;
    throw badRequest(message, [{ path: 'exchangeRate', message }]);
  }
  const current = await activeRate(db, currency);
  if (typed === undefined || sameDecimal(typed, current)) return { exchangeRate: current, rateEdited: false };
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
