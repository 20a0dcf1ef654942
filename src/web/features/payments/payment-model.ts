import { currencyDecimals } from '../../../domain/currency-decimals';
import { formatMoney, type NumberFormat } from '../../../domain/format';
import { convertedValue } from '../../../domain/money';
import type { Payment } from '../../../domain/payment-replies';
import type { PaymentFormInput } from '../../../domain/payments';
import { parseTypedDecimal, rateShownText } from '../../../domain/typed-decimal';

/** What a new payment starts in: the sale's currency at its rate today. */
export interface StartingRate {
  currency: string;
  rate: number | undefined;
}

/**
 * What the dialog starts with: `today` (the agency's day), cash, and the sale's currency at its rate
 * for a new payment; the payment's own values (its frozen rate too) when editing. The status has no
 * field in the dialog and is carried over unchanged.
 */
export function paymentFormDefaults(
  payment: Payment | undefined,
  today: string,
  start: StartingRate,
): PaymentFormInput {
  if (!payment) {
    const exchangeRate = start.rate === undefined ? '' : rateShownText(start.rate);
    return {
      date: today,
      amount: '',
      currency: start.currency,
      exchangeRate,
      method: 'cash',
      reference: '',
      status: 'confirmed',
    };
  }
  return {
    date: payment.date ?? '',
    amount: String(payment.amount),
    currency: payment.currency,
    exchangeRate: rateShownText(payment.exchangeRate),
    method: payment.method,
    reference: payment.reference ?? '',
    status: payment.status,
  };
}

/** The sale a payment counts toward: its currency and that currency's rate to USD today. */
export interface SaleMoney {
  currency: string;
  rate: number | string;
}

/**
 * What the payment being typed is worth in its sale's currency, as the server will store it: the amount
 * itself in the sale's own currency, else amount × rate ÷ the sale currency's rate, rounded once to its
 * decimals (whole pesos). Null until it can be worked out. docs/decisions/0085-sale-currency.md
 */
export function typedSaleValue(
  amount: unknown,
  currency: string,
  rate: unknown,
  sale: SaleMoney,
): string | null {
  if (typeof amount !== 'string') return null;
  const a = parseTypedDecimal(amount, 'money');
  if (!a.ok) return null;
  if (currency === sale.currency) return a.value;
  if (typeof rate !== 'string') return null;
  const r = parseTypedDecimal(rate, 'rate');
  return r.ok ? saleValueOf(a.value, currency, r.value, sale) : null;
}

/** The same from the validated form's canonical decimals ("1500000", "0.00105"). */
export function saleValueOf(amount: string, currency: string, rate: string, sale: SaleMoney): string | null {
  if (currency === sale.currency) return amount;
  return convertedValue(amount, rate, String(sale.rate), currencyDecimals(sale.currency));
}

/**
 * The dialog's live line under the amount, in the sale's currency: "≈ US$ 1,052.00" for pesos on a USD
 * sale, "≈ CLP 500,000" for dollars on a peso sale; nothing in the sale's own currency or until it can
 * be worked out.
 */
export function salePreview(
  amount: unknown,
  currency: string,
  rate: unknown,
  sale: SaleMoney,
  style: NumberFormat = 'en',
): string | null {
  if (currency === sale.currency) return null;
  const value = typedSaleValue(amount, currency, rate, sale);
  return value === null ? null : `≈ ${formatMoney(value, sale.currency, style)}`;
}

export const PENDING_LABEL = 'Pendiente';
export const CREDIT_LABEL = 'Saldo a favor';

export interface BalanceView {
  /** Pendiente while something is owed or nothing is; Saldo a favor when the client paid more. */
  label: typeof PENDING_LABEL | typeof CREDIT_LABEL;
  /** Never negative: what is owed, or what the client paid over the total. */
  amount: number;
  className: 'text-red-700' | 'text-green-700';
}

/**
 * A sale's pending amount as people read it: red while something is owed, green once paid, and a
 * negative balance (the client paid more) as a credit in green, never as a negative Pendiente.
 */
export function balanceView(balance: number): BalanceView {
  if (balance > 0) return { label: PENDING_LABEL, amount: balance, className: 'text-red-700' };
  if (balance < 0) return { label: CREDIT_LABEL, amount: -balance, className: 'text-green-700' };
  return { label: PENDING_LABEL, amount: 0, className: 'text-green-700' };
}

const cents = (value: number | string) => Math.round(Number(value) * 100);

/**
 * What the client still owes before this payment, and how much `value` (the payment's value in the
 * sale's currency) goes beyond it (0 if not). `balance` is the sale's Pendiente in its currency; a
 * confirmed payment being edited is already inside it, so its old value is owed again.
 */
export function overpayment(value: string, balance: number, editing?: Payment) {
  const owed = Math.max(
    cents(balance) + (editing?.status === 'confirmed' ? cents(editing.saleAmount) : 0),
    0,
  );
  return { owed: owed / 100, over: Math.max(cents(value) - owed, 0) / 100 };
}
