import { BASE_CURRENCY } from '../../../domain/company';
import { balanceBadge, SUPPLIER_PAYMENT_METHOD_LABELS } from '../../../domain/supplier-payments';
import type { Database } from '../../db/client';
import type { ExportColumn } from '../../lib/export';
import type { supplierSummaries } from './queries';
import { loadSupplierPayments } from './service';

type Summary = Awaited<ReturnType<typeof supplierSummaries>>[number];
export type HistoryPayment = Awaited<ReturnType<typeof loadSupplierPayments>>[number];

/** The balances' USD columns: every sale at its frozen rate, so they total every currency. */
const usdBalanceColumns: ExportColumn<Summary>[] = [
  { header: 'Proveedor', kind: 'text', value: (s) => s.supplierName },
  { header: 'Moneda', kind: 'text', value: (s) => s.currency },
  { header: 'Total', kind: 'money', value: (s) => s.grossAmount },
  { header: 'Pagado', kind: 'money', value: (s) => s.paidAmount },
  { header: 'Pendiente', kind: 'money', value: (s) => s.pendingAmount },
  { header: 'Estado', kind: 'text', value: (s) => balanceBadge(s.pendingAmount).label },
  { header: 'Ventas', kind: 'number', value: (s) => s.salesCount },
];

/**
 * Saldos de proveedores: one row per supplier card, the USD columns first, then, for each other currency
 * the suppliers were sold or paid in, their costs and payments in it ("Total (CLP)", "Pagado (CLP)"), as
 * the cards show them. There is no pending figure per currency (docs/decisions/0090).
 */
export function balanceColumns(summaries: Summary[]): ExportColumn<Summary>[] {
  const currencies = [...new Set(summaries.flatMap((s) => s.byCurrency.map((f) => f.currency)))]
    .filter((currency) => currency !== BASE_CURRENCY)
    .sort();
  const figures = (s: Summary, currency: string) => s.byCurrency.find((f) => f.currency === currency);
  return [
    ...usdBalanceColumns,
    ...currencies.flatMap((currency): ExportColumn<Summary>[] => [
      { header: 'Total', kind: 'money', currency, value: (s) => figures(s, currency)?.grossAmount ?? 0 },
      { header: 'Pagado', kind: 'money', currency, value: (s) => figures(s, currency)?.paidAmount ?? 0 },
    ]),
  ];
}

/** Historial de pagos de un proveedor, newest first as on its page. */
export const historyColumns: ExportColumn<HistoryPayment>[] = [
  { header: 'N° pago', kind: 'number', value: (p) => p.id },
  { header: 'Fecha', kind: 'date', value: (p) => p.paymentDate },
  { header: 'Proveedor', kind: 'text', value: (p) => p.supplierName },
  { header: 'Monto', kind: 'money', currency: 'row', value: (p) => p.amount },
  { header: 'Moneda', kind: 'text', value: (p) => p.currency },
  { header: 'Tasa a USD', kind: 'number', value: (p) => p.rateToUsd },
  { header: 'Monto convertido', kind: 'money', value: (p) => p.amountUsd },
  { header: 'Método', kind: 'text', value: (p) => SUPPLIER_PAYMENT_METHOD_LABELS[p.paymentMethod] },
  { header: 'Referencia', kind: 'text', value: (p) => p.reference },
  { header: 'Descripción', kind: 'text', value: (p) => p.description },
  {
    header: 'Ventas relacionadas',
    kind: 'text',
    value: (p) => p.relatedSales.map((s) => `#${s.id} ${s.passengerName}`).join('; '),
  },
  { header: 'Registrado', kind: 'datetime', value: (p) => p.createdAt },
];

/** A supplier's payments after `after` in the history's order (payment date, then id, descending). */
export function historyBatch(
  db: Database,
  supplierId: number,
  after: HistoryPayment | undefined,
  limit: number,
) {
  const before = after && { paymentDate: after.paymentDate, id: after.id };
  return loadSupplierPayments(db, { supplierId, before }, limit);
}
