import { z } from 'zod';
import { specPart } from './field-specs';
import { paginationReplySchema } from './pagination';
import { instalmentReplySchema } from './payment-plans';
import { absentWhenNull } from './replies';
import { ROLES } from './roles';
import { SALE_FIELD_SPECS, SALE_ITEM_FIELD_SPECS } from './sales';
import { SALE_STATUSES } from './status';

/*
 * What the sales routes answer, written once: the server declares these as its reply schemas (a field
 * left out here is stripped from the reply, a value of another type is a 500) and the web takes its
 * types from them, so renaming a field fails the type check on both sides. A field without a value
 * is `null` on the server and left out of the JSON the client receives (`absentWhenNull`).
 */

export const saleClientSchema = z.object({
  id: z.number(),
  name: z.string(),
  clientId: absentWhenNull(z.string()),
  email: absentWhenNull(z.string()),
});

export const saleSellerSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
});

/** A sale's own columns (its fields' replies as SALE_FIELD_SPECS declares them), as every sale reply shows them (dates and times as ISO text, money as numbers). */
export const saleFieldsSchema = z.object({
  id: z.number(),
  status: z.enum(SALE_STATUSES),
  ...specPart(SALE_FIELD_SPECS, 'reply'),
  creationDate: z.string(),
  /** Prices, costs, paid, pending and refund are in this currency (docs/decisions/0085-sale-currency.md). */
  currency: z.string(),
  salePrice: z.number(),
  totalCost: z.number(),
  /** USD per one unit of `currency`, frozen when the sale was created (1 for USD). */
  exchangeRate: z.number(),
  /** salePrice and totalCost at that rate, rounded to the cent: what every USD figure adds. */
  salePriceUsd: z.number(),
  totalCostUsd: z.number(),
  version: z.number(),
  updatedAt: z.string(),
});

/** A sale with its client and seller: what the list and the detail have in common. */
export const saleSummarySchema = saleFieldsSchema.extend({
  client: saleClientSchema,
  seller: saleSellerSchema,
});

/**
 * A row of the list also says what the client has paid (confirmed payments) and what is pending
 * (0 on a cancelled sale; negative is a credit in favour of the client).
 */
export const saleListRowSchema = saleSummarySchema.extend({
  paidAmount: z.number(),
  pendingAmount: z.number(),
});

export const saleItemDetailSchema = z.object({
  id: z.number(),
  ...specPart(SALE_ITEM_FIELD_SPECS, 'reply'),
  classificationName: z.string(),
  supplierName: z.string(),
  operatorName: z.string(),
});

export const saleDetailSchema = saleSummarySchema.extend({
  items: z.array(saleItemDetailSchema),
  /** Confirmed payments only, summed by the server. */
  totalPaid: z.number(),
  /** salePrice - totalPaid (0 on a cancelled sale); negative is a credit in favour of the client. */
  balance: z.number(),
  /** What must be given back to the client: all that was paid on a cancelled sale, else 0. */
  refundAmount: z.number(),
  /** The payment plan in due order (empty without one), filled by the confirmed payments oldest first. */
  plan: z.array(instalmentReplySchema),
  /** The plan no longer adds up to salePrice (its items were edited since): the plan must be adjusted. */
  planMismatch: z.boolean(),
});

export const salesPageSchema = z.object({
  sales: z.array(saleListRowSchema),
  /**
   * totalCapped: more than `total` (1,000) matches; the server stopped counting there. nextCursor:
   * where this page ended, for `after=` (absent on an empty page).
   */
  pagination: paginationReplySchema.extend({ totalCapped: z.boolean(), nextCursor: z.string().optional() }),
});

/** Create, edit and status change answer with the fresh sale. */
export const saleSavedSchema = z.object({ message: z.string(), sale: saleDetailSchema });

export const saleSellersSchema = z.object({
  sellers: z.array(z.object({ id: z.number(), username: z.string() })),
});

export type SaleClient = z.infer<typeof saleClientSchema>;
export type SaleSeller = z.infer<typeof saleSellerSchema>;
export type SaleSummary = z.infer<typeof saleSummarySchema>;
export type SaleListRow = z.infer<typeof saleListRowSchema>;
export type SaleItemDetail = z.infer<typeof saleItemDetailSchema>;
export type SaleDetail = z.infer<typeof saleDetailSchema>;
export type SalesPage = z.infer<typeof salesPageSchema>;
export type SaleSaved = z.infer<typeof saleSavedSchema>;
