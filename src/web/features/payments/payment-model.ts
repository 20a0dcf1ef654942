import type { Payment, PaymentUpdateInput } from '../../../domain/payments';

/**
 * What the dialog starts with: `today` (the agency's day) and cash for a new payment, the payment's
 * own values when editing. The status has no field in the dialog and is carried over unchanged.
 */
export function paymentFormDefaults(payment: Payment | undefined, today: string): PaymentUpdateInput {
  if (!payment) return { date: today, amount: '', method: 'cash', reference: '', status: 'confirmed' };
  return {
    date: payment.date ?? '',
    amount: String(payment.amount),
    method: payment.method,
    reference: payment.reference ?? '',
    status: payment.status,
  };
}

export interface BalanceView {
  /** The amount to show: the balance, or what the client paid over the total when it is negative. */
  amount: number;
  className: 'text-red-700' | 'text-green-700';
  /** Set when the client paid more than the total (shown as a credit in favour of the client, in green). */
  note?: string;
}

export const CREDIT_NOTE = 'Saldo a favor del cliente';

/** Pendiente is red while something is owed, green once the sale is paid. */
export function balanceView(balance: number): BalanceView {
  if (balance > 0) return { amount: balance, className: 'text-red-700' };
  if (balance < 0) return { amount: -balance, className: 'text-green-700', note: CREDIT_NOTE };
  return { amount: 0, className: 'text-green-700' };
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
