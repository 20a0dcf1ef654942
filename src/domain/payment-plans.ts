import { z } from 'zod';
import { requiredRecordDate } from './date-schemas';
import { moneySchema } from './money';

/*
 * A sale's payment plan (docs/decisions/0104-payment-plans.md): the deposit (seña) and the staged
 * balances due before departure, in the sale's currency. The server checks that the amounts add up to
 * the sale's total, sorts the instalments by due date and fills them with the confirmed payments,
 * oldest first.
 */

/** More than any package is sold in; a bound so a body cannot make the server write thousands of rows. */
export const MAX_INSTALMENTS = 60;

export const instalmentRequestSchema = z.strictObject({
  dueDate: requiredRecordDate(
    'La fecha de vencimiento',
    'La fecha de vencimiento es requerida',
    'La fecha de vencimiento no es válida',
  ),
  amount: moneySchema('El monto de la cuota debe ser positivo', {
    positive: true,
    label: 'El monto de la cuota',
  }),
});

/** `PUT /api/sales/:id/plan`: the whole plan, replaced; an empty list removes it. */
export const salePlanRequestSchema = z.strictObject({
  instalments: z
    .array(instalmentRequestSchema, 'Las cuotas deben ser una lista')
    .max(MAX_INSTALMENTS, `Un plan admite como máximo ${MAX_INSTALMENTS} cuotas`),
});
export type SalePlanRequest = z.output<typeof salePlanRequestSchema>;

/** paid: nothing left; overdue: due before the agency's today with something left; due: the rest. */
export const INSTALMENT_STATUSES = ['paid', 'due', 'overdue'] as const;
export type InstalmentStatus = (typeof INSTALMENT_STATUSES)[number];
export const INSTALMENT_STATUS_LABELS: Record<InstalmentStatus, string> = {
  paid: 'Pagada',
  due: 'Por vencer',
  overdue: 'Vencida',
};

export const instalmentReplySchema = z.object({
  id: z.number(),
  dueDate: z.string(),
  amount: z.number(),
  /** The part of the confirmed payments this instalment received, filling the oldest first. */
  paidAmount: z.number(),
  pendingAmount: z.number(),
  status: z.enum(INSTALMENT_STATUSES),
});
export type InstalmentReply = z.infer<typeof instalmentReplySchema>;

export const SALE_PLAN_SUM_MESSAGE = (total: string) =>
  `Las cuotas deben sumar exactamente el total de la venta (${total})`;
export const CANCELLED_PLAN_MESSAGE = 'Una venta anulada no tiene plan de pagos';
