/**
 * Every status label and badge colour in one place, so a status looks the same on every screen;
 * anything unknown is grey.
 * Singular labels name one record (a badge), plural ones a group of them (a list's filter).
 */
import type { InvoiceStatus } from './invoices';
import type { PaymentStatus } from './payments';

export type BadgeColor = 'blue' | 'green' | 'yellow' | 'grey' | 'red';

export const SALE_STATUSES = ['draft', 'confirmed', 'completed', 'cancelled'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

/** A sale's status as the sales screens show it: completed reads "Liquidada", the agency's word for it. */
export const SALE_STATUS_LABEL: Record<SaleStatus, string> = {
  draft: 'Borrador',
  confirmed: 'Confirmada',
  completed: 'Liquidada',
  cancelled: 'Cancelada',
};

/** A status's own name: exports, search results, the audit trail and error messages use it. */
export const STATUS_LABELS: Record<string, string> = {
  ...SALE_STATUS_LABEL,
  // The status's name; only the sales screens call it "Liquidada".
  completed: 'Completada',
  pending: 'Pendiente',
  paid: 'Pagado',
  failed: 'Fallido',
};

/** The sales list's status filters and the dashboard's status rows (no filter for drafts). */
export const SALE_STATUS_FILTER_LABEL: Record<Exclude<SaleStatus, 'draft'>, string> = {
  confirmed: 'Confirmadas',
  completed: 'Liquidadas',
  cancelled: 'Canceladas',
};

/** An invoice is "Pagada", not the payments' "Pagado". */
export const INVOICE_STATUS_LABEL: Record<InvoiceStatus, string> = {
  pending: 'Pendiente',
  paid: 'Pagada',
  cancelled: 'Anulada',
};

export const INVOICE_STATUS_FILTER_LABEL: Record<InvoiceStatus, string> = {
  pending: 'Pendientes',
  paid: 'Pagadas',
  cancelled: 'Anuladas',
};

export const PAYMENT_STATUS_LABEL: Record<PaymentStatus, string> = {
  confirmed: 'Confirmado',
  pending: 'Pendiente',
};

export const PAYMENT_STATUS_FILTER_LABEL: Record<PaymentStatus, string> = {
  confirmed: 'Confirmados',
  pending: 'Pendientes',
};

const STATUS_COLORS: Record<string, BadgeColor> = {
  confirmed: 'blue',
  completed: 'green',
  paid: 'green',
  pending: 'yellow',
  draft: 'grey',
  cancelled: 'red',
  failed: 'red',
};

export function statusColor(status: string): BadgeColor {
  return STATUS_COLORS[status] ?? 'grey';
}

export function statusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status;
}

/** A list's status filter: "all" first, then one choice a status in the order of `labels`. */
export function statusFilterOptions<S extends string>(
  allLabel: string,
  labels: Record<S, string>,
): Array<{ value: S | 'all'; label: string }> {
  const choices = Object.entries<string>(labels).map(([value, label]) => ({ value: value as S, label }));
  return [{ value: 'all', label: allLabel }, ...choices];
}
