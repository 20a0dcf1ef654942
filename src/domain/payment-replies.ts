import { z } from 'zod';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from './payments';
import { absentWhenNull, pagedReply, savedReply } from './replies';
import { SALE_STATUSES } from './status';

/** A customer payment as every payments call returns it, with the sale it belongs to. */
export const paymentReplySchema = z.object({
  id: z.number(),
  saleId: z.number(),
  date: z.string(),
  amount: z.number(),
  currency: z.string(),
  method: z.enum(PAYMENT_METHODS),
  reference: absentWhenNull(z.string()),
  status: z.enum(PAYMENT_STATUSES),
  createdAt: z.string(),
  sale: z.object({
    id: z.number(),
    passengerName: z.string(),
    status: z.enum(SALE_STATUSES),
    sellerId: z.number(),
    clientName: z.string(),
  }),
});
export type PaymentReply = z.infer<typeof paymentReplySchema>;
/** A payment's own fields, which the payment form edits. */
export type Payment = Omit<PaymentReply, 'sale'>;

/** GET /api/payments: one page, and the sums over everything the filters match (not only the page). */
export const paymentsPageReplySchema = pagedReply('payments', paymentReplySchema).extend({
  totals: z.object({ confirmed: z.number(), pending: z.number() }),
});

export const paymentStatsReplySchema = z.object({
  stats: z.object({
    totalConfirmed: z.number(),
    totalPending: z.number(),
    count: z.number(),
    byMethod: z.record(z.string(), z.object({ count: z.number(), total: z.number() })),
  }),
});

export const paymentsOfSaleReplySchema = z.array(paymentReplySchema);
export const paymentOneReplySchema = z.object({ payment: paymentReplySchema });
export const paymentSavedReplySchema = savedReply('payment', paymentReplySchema);
