import { z } from 'zod';
import { requiredIsoDate } from './date-schemas';
import { idInput } from './input';
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

const requiredDate = requiredIsoDate(REQUIRED_FIELDS_MESSAGE, 'La fecha de pago no es válida');

/** A supplier payment requires a supplier, an amount above 0, currency, date, method and description. */
export const supplierPaymentSchema = z.strictObject({
  supplierId: idInput(REQUIRED_FIELDS_MESSAGE),
  amount: moneySchema(REQUIRED_FIELDS_MESSAGE, { positive: true }),
  currency: z.enum(SUPPLIER_CURRENCIES, 'Moneda inválida').default('USD'),
  paymentDate: requiredDate,
  paymentMethod: z.enum(SUPPLIER_PAYMENT_METHODS, 'Método de pago inválido').default('transfer'),
  description: z
    .string(REQUIRED_FIELDS_MESSAGE)
    .trim()
    .min(1, REQUIRED_FIELDS_MESSAGE)
    .max(500, 'No puede superar 500 caracteres'),
  reference: z
    .string()
    .trim()
    .max(100, 'No puede superar 100 caracteres')
    .nullish()
    .transform((v) => v || null),
  relatedSales: z
    .array(idInput('Ventas relacionadas inválidas'), 'Ventas relacionadas inválidas')
    .max(500, 'Demasiadas ventas relacionadas')
    .default([])
    .transform((ids) => [...new Set(ids)]),
});
export type SupplierPaymentInput = z.input<typeof supplierPaymentSchema>;
export type SupplierPaymentData = z.output<typeof supplierPaymentSchema>;
