import { z } from 'zod';
import { queryInt } from './input';
import { choiceParam, isoDateParam, searchParam } from './report-params';

/*
 * The finance reports (docs/product.md#reports-api): query schemas the server validates with and reply
 * schemas it serialises with; the browser takes its types from the same schemas (z.infer). Money is USD,
 * summed exactly in SQL and sent as JSON numbers with two decimals.
 */

const money = z.number();

// ---------------------------------------------------------------- Cobranza (receivables)

/** Age of a sale's pending amount against its travel date (the day the client is expected to pay by). */
export const AGE_BUCKETS = ['notDue', 'd1_30', 'd31_60', 'd61_90', 'd90plus'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];
export const AGE_BUCKET_LABELS: Record<AgeBucket, string> = {
  notDue: 'Por vencer',
  d1_30: '1-30 días',
  d31_60: '31-60 días',
  d61_90: '61-90 días',
  d90plus: 'Más de 90 días',
};

export const RECEIVABLES_SORTS = ['pending', 'overdue', 'name', 'sales'] as const;
export type ReceivablesSort = (typeof RECEIVABLES_SORTS)[number];
export const RECEIVABLES_SORT_LABELS: Record<ReceivablesSort, string> = {
  pending: 'Mayor pendiente',
  overdue: 'Mayor vencido',
  name: 'Nombre',
  sales: 'Más ventas',
};
/** Clients per page of the receivables list. */
export const RECEIVABLES_PAGE_SIZE = 50;

export const receivablesQuerySchema = z.strictObject({
  asOf: isoDateParam('asOf').optional(),
  q: searchParam.optional(),
  sort: choiceParam('sort', RECEIVABLES_SORTS).default('pending'),
  page: queryInt('page', 1, 100000).default(1),
  limit: queryInt('limit', 1, 100).default(RECEIVABLES_PAGE_SIZE),
});
export const receivableClientQuerySchema = z.strictObject({ asOf: isoDateParam('asOf').optional() });

const bucketsSchema = z.object(
  Object.fromEntries(AGE_BUCKETS.map((b) => [b, money])) as Record<AgeBucket, typeof money>,
);
const receivableFigures = {
  salesCount: z.number().int(),
  totalSale: money,
  paidAmount: money,
  pendingAmount: money,
  /**
   * The part of pendingAmount past due as of `asOf`: the unpaid part of the instalments due before it,
   * or, for a sale without a payment plan, all of its pending once its travel date has passed.
   */
  overdueAmount: money,
  buckets: bucketsSchema,
};
export const receivableClientSchema = z.object({
  clientId: z.number().int(),
  clientName: z.string(),
  ...receivableFigures,
});
export const receivablesReplySchema = z.object({
  asOf: z.string(),
  clients: z.array(receivableClientSchema),
  /** Over every client with something pending, not only this page. */
  totals: z.object({ clientsCount: z.number().int(), ...receivableFigures }),
  pagination: z.object({ page: z.number(), limit: z.number(), total: z.number(), totalPages: z.number() }),
});
export const receivableSaleSchema = z.object({
  saleId: z.number().int(),
  passengerName: z.string(),
  status: z.string(),
  travelDate: z.string(),
  /** The sale's currency: totalSale, paidAmount and pendingAmount are in it (decision 0085). */
  currency: z.string(),
  /** USD per unit of `currency`, frozen on the sale. */
  exchangeRate: z.number(),
  totalSale: money,
  paidAmount: money,
  pendingAmount: money,
  /** pendingAmount at the sale's frozen rate: what the client's USD figures add. */
  pendingAmountUsd: money,
  /** The part of pendingAmount past due (in the sale's currency), as receivableFigures counts it. */
  overdueAmount: money,
  /** Days since the travel date as of `asOf` (0 or less: not yet due). */
  daysAfterTravel: z.number().int(),
  bucket: z.enum(AGE_BUCKETS),
});
export const receivableClientReplySchema = z.object({
  asOf: z.string(),
  client: receivableClientSchema,
  sales: z.array(receivableSaleSchema),
});
export type ReceivableClient = z.infer<typeof receivableClientSchema>;
export type ReceivablesReply = z.infer<typeof receivablesReplySchema>;
export type ReceivableSale = z.infer<typeof receivableSaleSchema>;
export type ReceivableClientReply = z.infer<typeof receivableClientReplySchema>;

/** Which bucket a sale falls in, `days` after its travel date (boundaries 0, 30, 60, 90 inclusive). */
export function ageBucket(days: number): AgeBucket {
  if (days <= 0) return 'notDue';
  if (days <= 30) return 'd1_30';
  if (days <= 60) return 'd31_60';
  if (days <= 90) return 'd61_90';
  return 'd90plus';
}

// ---------------------------------------------------------------- Vencimientos (supplier dues)

/** Default window of "próximos días" of the supplier dues, and the "this week" window. */
export const PAYABLES_DEFAULT_DAYS = 30;
export const DUE_THIS_WEEK_DAYS = 7;
/**
 * A supplier's items listed in the dues, most urgent first (its amounts cover all of them): a screen
 * reads twenty; a hundred for each of fifty suppliers made a 700 kB reply (docs/decisions/0034).
 */
export const PAYABLE_ITEMS_SHOWN = 20;

export const payablesQuerySchema = z.strictObject({
  asOf: isoDateParam('asOf').optional(),
  days: queryInt('days', 1, 365).default(PAYABLES_DEFAULT_DAYS),
});
const payableItemSchema = z.object({
  itemId: z.number().int(),
  saleId: z.number().int(),
  passengerName: z.string(),
  costPrice: money,
  /** The part of the item's cost still unpaid (payments settle the earliest dues first). */
  pendingAmount: money,
  dueDate: z.string(),
});
const payableFigures = {
  pendingAmount: money,
  overdueAmount: money,
  dueThisWeekAmount: money,
  dueSoonAmount: money,
};
export const payablesReplySchema = z.object({
  asOf: z.string(),
  days: z.number().int(),
  suppliers: z.array(
    z.object({
      supplierId: z.number().int(),
      supplierName: z.string(),
      ...payableFigures,
      /** Unpaid items due by the end of the window; `items` lists the most urgent of them. */
      itemsCount: z.number().int(),
      items: z.array(payableItemSchema),
    }),
  ),
  totals: z.object(payableFigures),
});
export type PayablesReply = z.infer<typeof payablesReplySchema>;
export type PayableSupplier = PayablesReply['suppliers'][number];
export type PayableItem = z.infer<typeof payableItemSchema>;

// ---------------------------------------------------------------- Reportes (sales report)

export const REPORT_GROUPS = [
  'month',
  'seller',
  'supplier',
  'classification',
  'region',
  'serviceType',
] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];
export const REPORT_GROUP_LABELS: Record<ReportGroup, string> = {
  month: 'Mes',
  seller: 'Vendedor',
  supplier: 'Proveedor',
  classification: 'Clasificación',
  region: 'Región',
  serviceType: 'Tipo de servicio',
};
export const REPORT_DATE_FIELDS = ['creation', 'travel'] as const;
export type ReportDateField = (typeof REPORT_DATE_FIELDS)[number];
export const REPORT_DATE_FIELD_LABELS: Record<ReportDateField, string> = {
  creation: 'Fecha de creación',
  travel: 'Fecha de viaje',
};

export const salesReportFields = {
  groupBy: choiceParam('groupBy', REPORT_GROUPS).default('month'),
  from: isoDateParam('from').optional(),
  to: isoDateParam('to').optional(),
  dateField: choiceParam('dateField', REPORT_DATE_FIELDS).default('creation'),
};
/** The range check of the report, shared with its export (which adds `format` to the fields). */
export const rangeInOrder = {
  check: (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to,
  issue: { message: 'La fecha desde no puede ser posterior a la fecha hasta', path: ['from'] },
};
export const salesReportQuerySchema = z
  .strictObject(salesReportFields)
  .refine(rangeInOrder.check, rangeInOrder.issue);

const reportFigures = {
  salesCount: z.number().int(),
  totalSale: money,
  totalCost: money,
  profit: money,
  /** Profit as a percentage of the sale total, two decimals; left out without sales. */
  margin: z.number().optional(),
};
export const salesReportReplySchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(z.object({ key: z.string(), label: z.string(), ...reportFigures })),
  totals: z.object(reportFigures),
});
export type SalesReportReply = z.infer<typeof salesReportReplySchema>;
export type SalesReportRow = SalesReportReply['rows'][number];
