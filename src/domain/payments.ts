import { z } from 'zod';
import { requiredIsoDate } from './date-schemas';
import { idInput } from './input';
import { moneySchema } from './money';

/** Customer payment methods; cash is the default. */
export const PAYMENT_METHODS = ['cash', 'creditCard', 'transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Efectivo',
  creditCard: 'Tarjeta de Crédito',
  transfer: 'Transferencia',
};

/** Only confirmed payments count toward what the client has paid. */
export const PAYMENT_STATUSES = ['confirmed', 'pending'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const INVALID_AMOUNT_MESSAGE = 'Please enter a valid amount';

const paymentDate = requiredIsoDate('La fecha de pago es requerida', 'La fecha de pago no es válida');

const paymentAmount = moneySchema(INVALID_AMOUNT_MESSAGE, { positive: true });
const paymentMethod = z.enum(PAYMENT_METHODS, 'Método de pago inválido');
const paymentStatus = z.enum(PAYMENT_STATUSES, 'Estado de pago inválido');
const reference = z.string().trim().max(100, 'La referencia no puede superar 100 caracteres');

/** What a new payment is made of; what the body leaves out takes the default. */
const paymentFields = {
  date: paymentDate,
  amount: paymentAmount,
  method: paymentMethod.default('cash'),
  reference: reference.nullish().transform((v) => v || null),
  status: paymentStatus.default('confirmed'),
};

/** A payment of a sale: an amount above 0 and a date. */
export const paymentCreateSchema = z.strictObject({
  saleId: idInput('La venta es requerida'),
  ...paymentFields,
});

/** The payment dialog's fields, for a new payment and an edited one alike. */
export const paymentFormSchema = z.strictObject(paymentFields);

/**
 * PUT /api/payments/{id}: a field the body leaves out keeps its stored value, never a default (the
 * spec's edit body has no status, and must not confirm a pending payment). A `null` or blank reference
 * clears it.
 */
export const paymentUpdateSchema = z.strictObject({
  date: paymentDate.optional(),
  amount: paymentAmount.optional(),
  method: paymentMethod.optional(),
  reference: reference.nullish().transform((v) => (v === undefined ? undefined : v || null)),
  status: paymentStatus.optional(),
});
export type PaymentCreateInput = z.input<typeof paymentCreateSchema>;
export type PaymentFormInput = z.input<typeof paymentFormSchema>;
export type PaymentForm = z.output<typeof paymentFormSchema>;
export type PaymentCreate = z.output<typeof paymentCreateSchema>;
export type PaymentUpdate = z.output<typeof paymentUpdateSchema>;
