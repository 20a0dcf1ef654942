import { currencyDecimals } from '../../../domain/currency-decimals';
import { sameDecimal } from '../../../domain/money';
import type { SaleItemData } from '../../../domain/sales';
import type { Database } from '../../db/client';
import { badRequest, conflict, forbidden } from '../../lib/http-errors';
import type { AuthUser } from '../auth';
import { activeRateOrNull, refuseTypedBaseRate } from '../company';
import { activeInvoiceOf, hasPayments } from './queries';

/*
 * A sale's currency and its frozen USD rate (docs/decisions/0085-sale-currency.md): USD unless the body
 * names another currency with an active rate; the rate of that day is kept on the sale, so the USD
 * figures it adds never move when Configuraciones changes. Prices in a currency without minor units
 * (CLP) are whole.
 */

const CURRENCY_CHANGE_MESSAGE =
  'No se puede cambiar la moneda de una venta con pagos o facturas: anúlalos primero o crea otra venta';
const RATE_EDIT_ROLE_MESSAGE = 'Solo un administrador puede corregir la tasa de cambio de una venta';
const RATE_EDIT_INVOICED_MESSAGE = 'La venta ya tiene una factura: su tasa de cambio no se puede corregir';

/** The USD rate a new sale (or a sale moved to `currency`) takes today; 400 on the field without one. */
export async function rateToFreeze(db: Database, currency: string): Promise<string> {
  const rate = await activeRateOrNull(db, currency);
  if (rate === null) {
    const message = `No hay una tasa de cambio activa para ${currency}: agrégala en Configuraciones`;
    throw badRequest(message, [{ path: 'saleData.currency', message }]);
  }
  return rate;
}

/** Amounts in a currency without decimals are whole: "1.250.000,50" pesos is a typing error. */
export function assertWhole(currency: string, amounts: readonly { path: string; amount: string | number }[]) {
  if (currencyDecimals(currency) > 0) return;
  const message = `Los montos en ${currency} no llevan decimales`;
  const errors = amounts
    .filter((a) => /\.\d*[1-9]/.test(String(a.amount)))
    .map((a) => ({ path: a.path, message }));
  if (errors.length) throw badRequest(message, errors);
}

/** A sale's prices and costs, whole in a currency without decimals. */
export const assertWholeAmounts = (
  currency: string,
  items: readonly Pick<SaleItemData, 'salePrice' | 'costPrice'>[],
) =>
  assertWhole(
    currency,
    items.flatMap((item, index) =>
      (['salePrice', 'costPrice'] as const).map((field) => ({
        path: `items.${index}.${field}`,
        amount: item[field],
      })),
    ),
  );

/**
 * The currency and rate an edit leaves on the sale. Another currency is taken only while nothing was
 * paid or invoiced in the old one, at today's rate. A typed rate is an admin's correction, refused once
 * an invoice exists (the DTE was converted at it) and for USD (always 1).
 */
export async function editedCurrency(
  tx: Database,
  actor: AuthUser,
  current: { id: number; currency: string; exchangeRate: string },
  asked: { currency?: string; exchangeRate?: string },
): Promise<{ currency: string; exchangeRate: string }> {
  const currency = asked.currency ?? current.currency;
  let exchangeRate = current.exchangeRate;
  if (currency !== current.currency) {
    if ((await hasPayments(tx, current.id)) || (await activeInvoiceOf(tx, current.id)))
      throw conflict(CURRENCY_CHANGE_MESSAGE);
    exchangeRate = await rateToFreeze(tx, currency);
  }
  const typed = asked.exchangeRate;
  if (typed === undefined || sameDecimal(typed, exchangeRate)) return { currency, exchangeRate };
  if (actor.role !== 'admin') throw forbidden(RATE_EDIT_ROLE_MESSAGE);
  refuseTypedBaseRate(currency, typed, 'saleData.exchangeRate');
  if (await activeInvoiceOf(tx, current.id)) throw conflict(RATE_EDIT_INVOICED_MESSAGE);
  return { currency, exchangeRate: typed };
}
