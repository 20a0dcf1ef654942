import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '../../../domain/invoices';
import type { InvoiceStatusFilter } from './api';

/** The list's status filter, in the order shown; plural labels because they name groups of invoices. */
export const INVOICE_FILTERS: ReadonlyArray<{ value: InvoiceStatusFilter; label: string }> = [
  { value: 'all', label: 'Todas' },
  { value: 'pending', label: 'Pendientes' },
  { value: 'paid', label: 'Pagadas' },
  { value: 'cancelled', label: 'Anuladas' },
];

/** The badge text of an invoice ('Pagada', not the payments' 'Pagado'). */
export function invoiceStatusLabel(status: InvoiceStatus): string {
  return INVOICE_STATUS_LABELS[status] ?? status;
}
