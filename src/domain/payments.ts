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

const paymentFields = {
  date: paymentDate,
  amount: moneySchema(INVALID_AMOUNT_MESSAGE, { positive: true }),
  method: z.enum(PAYMENT_METHODS, 'Método de pago inválido').default('cash'),
  reference: z
    .string()
    .trim()
    .max(100, 'La referencia no puede superar 100 caracteres')
    .nullish()
    .transform((v) => v || null),
  status: z.enum(PAYMENT_STATUSES, 'Estado de pago inválido').default('confirmed'),
};

/** A payment of a sale: an amount above 0 and a date. */
export const paymentCreateSchema = z.strictObject({
  saleId: idInput('La venta es requerida'),
  ...paymentFields,
});
export const paymentUpdateSchema = z.strictObject(paymentFields);
export type PaymentCreateInput = z.input<typeof paymentCreateSchema>;
export type PaymentUpdateInput = z.input<typeof paymentUpdateSchema>;
export type PaymentCreate = z.output<typeof paymentCreateSchema>;
export type PaymentUpdate = z.output<typeof paymentUpdateSchema>;

/** The payment's own fields as the API returns them (its reply schema lives with the other replies). */
export type { Payment } from './payment-replies';
