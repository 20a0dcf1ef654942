import {
  AGE_BUCKET_LABELS,
  AGE_BUCKETS,
  type PayableSupplier,
  REPORT_GROUP_LABELS,
  type ReceivableClient,
  type ReportGroup,
  type SalesReportRow,
} from '../../../domain/reports';
import type { Database } from '../../db/client';
import { EXPORT_BATCH_SIZE, type ExportColumn } from '../../lib/export';
import { receivables } from './receivables';

/** Cobranza: one row per client with its pending amount split by age, as on the screen. */
export const receivableColumns: ExportColumn<ReceivableClient>[] = [
  { header: 'Cliente', kind: 'text', value: (c) => c.clientName },
  { header: 'Ventas', kind: 'number', value: (c) => c.salesCount },
  { header: 'Total', kind: 'money', value: (c) => c.totalSale },
  { header: 'Pagado', kind: 'money', value: (c) => c.paidAmount },
  { header: 'Pendiente', kind: 'money', value: (c) => c.pendingAmount },
  { header: 'Vencido', kind: 'money', value: (c) => c.overdueAmount },
  ...AGE_BUCKETS.map(
    (b): ExportColumn<ReceivableClient> => ({
      header: AGE_BUCKET_LABELS[b],
      kind: 'money',
      value: (c) => c.buckets[b],
    }),
  ),
];

/** Every client of the receivables in the list's order, page after page. */
export async function* receivableBatches(
  db: Database,
  query: Omit<Parameters<typeof receivables>[1], 'page' | 'limit'>,
): AsyncGenerator<ReceivableClient[]> {
  for (let page = 1; ; page++) {
    const { clients } = await receivables(db, { ...query, page, limit: EXPORT_BATCH_SIZE });
    if (clients.length) yield clients;
    if (clients.length < EXPORT_BATCH_SIZE) return;
  }
}

/** Vencimientos: one row per supplier owed something; the window's length names its column. */
export const payableColumns = (days: number): ExportColumn<PayableSupplier>[] => [
  { header: 'Proveedor', kind: 'text', value: (s) => s.supplierName },
  { header: 'Pendiente', kind: 'money', value: (s) => s.pendingAmount },
  { header: 'Vencido', kind: 'money', value: (s) => s.overdueAmount },
  { header: 'Vence esta semana', kind: 'money', value: (s) => s.dueThisWeekAmount },
  { header: `Vence en ${days} días`, kind: 'money', value: (s) => s.dueSoonAmount },
  { header: 'Ítems por pagar', kind: 'number', value: (s) => s.itemsCount },
];

/** Reportes: one row per group; the first column is named after the grouping (Mes, Vendedor...). */
export const salesReportColumns = (groupBy: ReportGroup): ExportColumn<SalesReportRow>[] => [
  { header: REPORT_GROUP_LABELS[groupBy], kind: 'text', value: (r) => r.label },
  { header: 'Ventas', kind: 'number', value: (r) => r.salesCount },
  { header: 'Total venta', kind: 'money', value: (r) => r.totalSale },
  { header: 'Costo total', kind: 'money', value: (r) => r.totalCost },
  { header: 'Utilidad', kind: 'money', value: (r) => r.profit },
  { header: 'Margen (%)', kind: 'number', value: (r) => r.margin },
];
