import { z } from 'zod';
import { requiredRecordDate } from './date-schemas';
import { idInput, singleLineText } from './input';
import { moneySchema } from './money';
import type { BadgeColor } from './status';

/** The currencies and methods a supplier payment may use; a new payment defaults to USD and transfer. */
export const SUPPLIER_CURRENCIES = ['USD', 'EUR', 'CLP'] as const;
export const SUPPLIER_PAYMENT_METHODS = ['transfer', 'cash', 'check', 'card', 'other'] as const;
export const SUPPLIER_PAYMENT_METHOD_LABELS: Record<(typeof SUPPLIER_PAYMENT_METHODS)[number], string> = {
  transfer: 'Transferencia',
  cash: 'Efectivo',
  check: 'Cheque',
  card: 'Tarjeta',
  other: 'Otro',
};

export const REQUIRED_FIELDS_MESSAGE = 'Por favor completa todos los campos requeridos';

/** A supplier's balance badge: pending 0 (or less) is Pagado, below 1000 Pendiente, otherwise Urgente. */
export function balanceBadge(pending: number): { label: string; color: BadgeColor } {
  if (pending <= 0) return { label: 'Pagado', color: 'green' };
  if (pending < 1000) return { label: 'Pendiente', color: 'yellow' };
  return { label: 'Urgente', color: 'red' };
}

const requiredDate = requiredRecordDate(
  'La fecha de pago',
  REQUIRED_FIELDS_MESSAGE,
  'La fecha de pago no es válida',
);

const supplierId = idInput(REQUIRED_FIELDS_MESSAGE);
/**
 * A missing amount (0, the form's default) is the product's message (docs/product.md#validation); one out of
 * range says why.
 */
const amount = moneySchema(REQUIRED_FIELDS_MESSAGE, { positive: true, label: 'El monto' });
const currency = z.enum(SUPPLIER_CURRENCIES, 'Moneda inválida');
const paymentMethod = z.enum(SUPPLIER_PAYMENT_METHODS, 'Método de pago inválido');
const description = z
  .string(REQUIRED_FIELDS_MESSAGE)
  .trim()
  .min(1, REQUIRED_FIELDS_MESSAGE)
  .max(500, 'No puede superar 500 caracteres');
const reference = singleLineText('La referencia').trim().max(100, 'No puede superar 100 caracteres');
const relatedSales = z
  .array(idInput('Ventas relacionadas inválidas'), 'Ventas relacionadas inválidas')
  .max(500, 'Demasiadas ventas relacionadas');
const distinct = (ids: number[]) => [...new Set(ids)];

/** A supplier payment requires a supplier, an amount above 0, currency, date, method and description. */
export const supplierPaymentSchema = z.strictObject({
  supplierId,
  amount,
  currency: currency.default('USD'),
  paymentDate: requiredDate,
  paymentMethod: paymentMethod.default('transfer'),
  description,
  reference: reference.nullish().transform((v) => v || null),
  relatedSales: relatedSales.default([]).transform(distinct),
});

/**
 * PUT /api/supplier-payments/{id}: a field the body leaves out keeps its stored value, never the
 * create's default; a `null` or blank reference clears it.
 */
export const supplierPaymentUpdateSchema = z.strictObject({
  supplierId: supplierId.optional(),
  amount: amount.optional(),
  currency: currency.optional(),
  paymentDate: requiredDate.optional(),
  paymentMethod: paymentMethod.optional(),
  description: description.optional(),
  reference: reference.nullish().transform((v) => (v === undefined ? undefined : v || null)),
  relatedSales: relatedSales.transform(distinct).optional(),
});
export type SupplierPaymentUpdate = z.output<typeof supplierPaymentUpdateSchema>;
export type SupplierPaymentInput = z.input<typeof supplierPaymentSchema>;
export type SupplierPaymentData = z.output<typeof supplierPaymentSchema>;
