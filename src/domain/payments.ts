import { z } from 'zod';
import { currencyCode } from './company';
import { requiredRecordDate } from './date-schemas';
import { decimalInput, idInput, singleLineText } from './input';
import { MAX_AMOUNT, moneySchema } from './money';

/**
 * Customer payment methods; cash is the default. The spec's three, then how Chilean clients also pay:
 * debit card, cheque and bank deposit.
 */
export const PAYMENT_METHODS = ['cash', 'creditCard', 'transfer', 'debitCard', 'check', 'deposit'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Efectivo',
  creditCard: 'Tarjeta de Crédito',
  transfer: 'Transferencia',
  debitCard: 'Tarjeta de Débito',
  check: 'Cheque',
  deposit: 'Depósito',
};

/** Only confirmed payments count toward what the client has paid. */
export const PAYMENT_STATUSES = ['confirmed', 'pending'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const INVALID_AMOUNT_MESSAGE = 'Please enter a valid amount';

const paymentDate = requiredRecordDate(
  'La fecha de pago',
  'La fecha de pago es requerida',
  'La fecha de pago no es válida',
);

/** The product's form text stays the 400's message; the Spanish reason follows it in `errors`. */
const paymentAmount = moneySchema('El monto debe ser un número mayor que 0', {
  positive: true,
  label: 'El monto',
  headline: INVALID_AMOUNT_MESSAGE,
});
const paymentMethod = z.enum(PAYMENT_METHODS, 'Método de pago inválido');
const paymentStatus = z.enum(PAYMENT_STATUSES, 'Estado de pago inválido');
const reference = singleLineText('La referencia')
  .trim()
  .max(100, 'La referencia no puede superar 100 caracteres');
/**
 * USD per unit of the payment's currency, as Configuraciones keeps rates: above 0, at most the rate
 * column's 8 decimals, kept as exact text (docs/decisions/0055-payments-in-any-currency.md).
 */
const exchangeRate = decimalInput({
  invalid: 'La tasa de cambio debe ser un número mayor a 0',
  decimals: 8,
  max: 1_000_000,
  positive: true,
  tooBig: 'La tasa de cambio es demasiado alta',
  tooManyDecimals: 'La tasa de cambio admite como máximo 8 decimales',
});

/** What a new payment is made of; what the body leaves out takes the default. */
const paymentFields = {
  date: paymentDate,
  amount: paymentAmount,
  method: paymentMethod.default('cash'),
  reference: reference.nullish().transform((v) => v || null),
  status: paymentStatus.default('confirmed'),
};

/**
 * A payment of a sale: an amount above 0 and a date. Without `currency` it is in the sale's currency
 * (the original client's body, docs/product.md#payments-api); without `exchangeRate`, at that currency's rate
 * in Configuraciones.
 */
export const paymentCreateSchema = z.strictObject({
  saleId: idInput('La venta es requerida'),
  ...paymentFields,
  currency: currencyCode.optional(),
  exchangeRate: exchangeRate.optional(),
});

/**
 * The payment dialog's fields, for a new payment and an edited one alike: the currency and its rate
 * are always on screen; the dialog sends the rate only when the person changed it.
 */
export const paymentFormSchema = z.strictObject({ ...paymentFields, currency: currencyCode, exchangeRate });

/**
 * PUT /api/payments/{id}: a field the body leaves out keeps its stored value, never a default (the
 * original client's edit body has no status, and must not confirm a pending payment). A `null` or blank
 * reference clears it.
 */
export const paymentUpdateSchema = z.strictObject({
  date: paymentDate.optional(),
  amount: paymentAmount.optional(),
  method: paymentMethod.optional(),
  reference: reference.nullish().transform((v) => (v === undefined ? undefined : v || null)),
  status: paymentStatus.optional(),
  currency: currencyCode.optional(),
  exchangeRate: exchangeRate.optional(),
});
export type PaymentCreateInput = z.input<typeof paymentCreateSchema>;
export type PaymentFormInput = z.input<typeof paymentFormSchema>;
export type PaymentForm = z.output<typeof paymentFormSchema>;
export type PaymentCreate = z.output<typeof paymentCreateSchema>;
export type PaymentUpdate = z.output<typeof paymentUpdateSchema>;

export const USD_TOO_SMALL_MESSAGE =
  'El pago equivale a menos de US$ 0.01: revisa el monto o la tasa de cambio';
export const USD_TOO_BIG_MESSAGE =
  'El pago equivale a más de US$ 999,999,999,999.99: revisa el monto o la tasa de cambio';

/**
 * What is wrong with a payment's USD value (usdValue's text), which is what counts toward the sale:
 * it must be at least a cent and fit an amount. Null when it is fine.
 */
export function usdValueProblem(usd: string): string | null {
  if (/^0\.00$/.test(usd)) return USD_TOO_SMALL_MESSAGE;
  return Number(usd) > MAX_AMOUNT ? USD_TOO_BIG_MESSAGE : null;
}
