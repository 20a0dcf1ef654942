import { formatMoney } from '../../../domain/format';
import { usdValue } from '../../../domain/money';
import type { Payment } from '../../../domain/payment-replies';
import type { PaymentFormInput } from '../../../domain/payments';
import { parseTypedDecimal, rateInputText } from '../../../domain/typed-decimal';

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
    const exchangeRate = start.rate === undefined ? '' : rateInputText(start.rate);
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
    exchangeRate: rateInputText(payment.exchangeRate),
    method: payment.method,
    reference: payment.reference ?? '',
    status: payment.status,
  };
}

/**
 * The USD value of what is being typed, exactly as the server will store it (the amount times the
 * rate, rounded once to the cent), in canonical text; null until both read as numbers.
 */
export function typedUsdValue(amount: unknown, rate: unknown): string | null {
  if (typeof amount !== 'string' || typeof rate !== 'string') return null;
  const a = parseTypedDecimal(amount, 'money');
  const r = parseTypedDecimal(rate, 'rate');
  return a.ok && r.ok ? usdValue(a.value, r.value) : null;
}

/** The dialog's live line under the amount: "≈ US$ 1,052.00"; nothing until it can be worked out. */
export function usdPreview(amount: unknown, rate: unknown): string | null {
  const usd = typedUsdValue(amount, rate);
  return usd === null ? null : `≈ ${formatMoney(usd)}`;
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
 * What the client still owes before this payment, and how much `usd` (the payment's USD value) goes
 * beyond it (0 if not). `balance` is the sale's Pendiente in USD; a confirmed payment being edited is
 * already inside it, so its old USD value is owed again.
 */
export function overpayment(usd: string, balance: number, editing?: Payment) {
  const owed = Math.max(cents(balance) + (editing?.status === 'confirmed' ? cents(editing.usdAmount) : 0), 0);
  return { owed: owed / 100, over: Math.max(cents(usd) - owed, 0) / 100 };
}
