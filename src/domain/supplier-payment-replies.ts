import { z } from 'zod';
import { absentWhenNull, savedReply } from './replies';
import { SALE_STATUSES } from './status';
import { SUPPLIER_PAYMENT_METHODS } from './supplier-payments';

/** One sale of a supplier; `totalCost` is that supplier's items' cost on it, what its balance counts. */
export const supplierSaleReplySchema = z.object({
  id: z.number(),
  passengerName: z.string(),
  status: z.enum(SALE_STATUSES),
  totalCost: z.number(),
  /** The sale's currency, and that cost in it (`totalCost` is its USD value at the sale's rate). */
  currency: z.string(),
  costInSaleCurrency: z.number(),
  creationDate: z.string(),
});
export type SupplierSaleReply = z.infer<typeof supplierSaleReplySchema>;

/**
 * A supplier with what it is owed, was paid and still has pending (in USD), and its sales.
 * `totalAmount` is net of payments (the original client's card shows it as the pending amount,
 * docs/decisions/0040-figures-that-agree.md); `grossAmount` is the cost of its items on sales that owe it
 * (neither cancelled nor drafts), before payments.
 */
export const supplierSummaryReplySchema = z.object({
  supplierId: z.number(),
  supplierName: z.string(),
  currency: z.string(),
  totalAmount: z.number(),
  grossAmount: z.number(),
  paidAmount: z.number(),
  pendingAmount: z.number(),
  salesCount: z.number(),
  /**
   * The same figures per currency, each in its own (decision 0090): the counted costs of its sales in
   * each sale currency, and the payments made in each currency. USD first; the USD fields above total them.
   */
  byCurrency: z.array(z.object({ currency: z.string(), grossAmount: z.number(), paidAmount: z.number() })),
  sales: z.array(supplierSaleReplySchema),
});
export type SupplierSummaryReply = z.infer<typeof supplierSummaryReplySchema>;

/**
 * One supplier with every sale of it, each with `pendingAmount`: what the sale still owes the supplier
 * in USD, the unpaid part of its items as Vencimientos shows them (0 for a sale settled). The payment
 * form offers it for the sales a payment is made for (docs/decisions/0088).
 */
export const supplierDetailReplySchema = supplierSummaryReplySchema.extend({
  sales: z.array(supplierSaleReplySchema.extend({ pendingAmount: z.number() })),
});
export type SupplierDetailReply = z.infer<typeof supplierDetailReplySchema>;
export const supplierSummariesReplySchema = z.object({ suppliers: z.array(supplierSummaryReplySchema) });

export const supplierStatsReplySchema = z.object({
  stats: z.object({
    totalPending: z.number(),
    suppliersWithPending: z.number(),
    activeSuppliers: z.number(),
    totalSales: z.number(),
  }),
});
export type SupplierStatsReply = z.infer<typeof supplierStatsReplySchema>['stats'];

/** A payment to a supplier, with the USD rate frozen when it was made and the sales it pays. */
export const supplierPaymentReplySchema = z.object({
  id: z.number(),
  supplierId: z.number(),
  supplierName: z.string(),
  amount: z.number(),
  currency: z.string(),
  rateToUsd: z.number(),
  amountUsd: z.number(),
  paymentDate: z.string(),
  description: z.string(),
  paymentMethod: z.enum(SUPPLIER_PAYMENT_METHODS),
  reference: absentWhenNull(z.string()),
  relatedSales: z.array(z.object({ id: z.number(), passengerName: z.string() })),
  createdAt: z.string(),
});
export type SupplierPaymentReply = z.infer<typeof supplierPaymentReplySchema>;
export const supplierPaymentsReplySchema = z.object({ payments: z.array(supplierPaymentReplySchema) });
export const supplierPaymentOneReplySchema = z.object({ payment: supplierPaymentReplySchema });
export const supplierPaymentSavedReplySchema = savedReply('payment', supplierPaymentReplySchema);
