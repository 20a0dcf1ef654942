import { moneyText, type NumberFormat } from './format';
import { sumMoney } from './money';

/*
 * Sanity warnings before saving (docs/decisions/0041-agency-day-spanish-order-and-sanity-warnings.md):
 * figures that are allowed but usually a slip, so the screens ask before sending them. The server still
 * accepts them; these are courtesy, like the overpayment question of decision 0014.
 */

const cents = (value: string | number) => Math.round(Number(value) * 100);

/** Whether an amount (USD) is above the company's large-amount threshold, compared in cents. */
export function isLargeAmount(amount: string | number, threshold: number): boolean {
  return Number.isFinite(Number(amount)) && cents(amount) > cents(threshold);
}

/** Each warning writes its amounts in `style`, the agency's number format (decision 0089). */
export function largeAmountWarning(amount: string | number, threshold: number, style: NumberFormat = 'en') {
  const formatMoney = moneyText(style);
  return `El monto ${formatMoney(amount)} supera el umbral de montos altos (${formatMoney(threshold)}).`;
}

/**
 * The same question for an amount in another currency, valued with its rate to USD (units of USD per
 * unit, as Configuraciones keeps them). A currency without a rate is not judged here: the server
 * refuses the payment itself.
 */
export function foreignLargeAmountWarning(
  amount: string | number,
  currency: string,
  rateToUsd: string | number | undefined,
  threshold: number,
  style: NumberFormat = 'en',
): string | null {
  const formatMoney = moneyText(style);
  if (currency === 'USD')
    return isLargeAmount(amount, threshold) ? largeAmountWarning(amount, threshold, style) : null;
  if (rateToUsd === undefined) return null;
  // A warning only: rounding the estimate to cents is precise enough to compare with the threshold.
  const usd = Math.round(Number(amount) * Number(rateToUsd) * 100) / 100;
  if (!isLargeAmount(usd, threshold)) return null;
  return `El monto ${formatMoney(amount, currency)} (unos ${formatMoney(usd)}) supera el umbral de montos altos (${formatMoney(threshold)}).`;
}

interface PricedItem {
  salePrice: string | number;
  costPrice: string | number;
}

/**
 * What to ask about a sale before saving it: items that cost more than they sell for, a large total
 * (in the sale's currency, valued at its rate to USD against the threshold).
 */
export function saleWarnings(
  items: readonly (PricedItem & { label: string })[],
  threshold: number,
  money: { currency: string; rateToUsd: string | number | undefined } = { currency: 'USD', rateToUsd: 1 },
  style: NumberFormat = 'en',
): string[] {
  const formatMoney = moneyText(style);
  const warnings = items
    .filter((item) => cents(item.costPrice) > cents(item.salePrice))
    .map(
      (item) =>
        `${item.label}: el costo (${formatMoney(item.costPrice, money.currency)}) es mayor que el precio de venta (${formatMoney(item.salePrice, money.currency)}).`,
    );
  const total = sumMoney(items.map((item) => item.salePrice));
  const large = foreignLargeAmountWarning(total, money.currency, money.rateToUsd, threshold, style);
  if (large) warnings.push(large);
  return warnings;
}
