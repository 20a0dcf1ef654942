import type { Payment } from '../../../domain/payment-replies';
import type { PaymentFormInput } from '../../../domain/payments';

/**
 * What the dialog starts with: `today` (the agency's day) and cash for a new payment, the payment's
 * own values when editing. The status has no field in the dialog and is carried over unchanged.
 */
export function paymentFormDefaults(payment: Payment | undefined, today: string): PaymentFormInput {
  if (!payment) return { date: today, amount: '', method: 'cash', reference: '', status: 'confirmed' };
  return {
    date: payment.date ?? '',
    amount: String(payment.amount),
    method: payment.method,
    reference: payment.reference ?? '',
    status: payment.status,
  };
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
 * What the client still owes before this payment, and how much `amount` goes beyond it (0 if not).
 * `balance` is the sale's Pendiente; a confirmed payment being edited is already inside it, so its old
 * amount is owed again.
 */
export function overpayment(amount: string, balance: number, editing?: Payment) {
  const owed = Math.max(cents(balance) + (editing?.status === 'confirmed' ? cents(editing.amount) : 0), 0);
  return { owed: owed / 100, over: Math.max(cents(amount) - owed, 0) / 100 };
}
