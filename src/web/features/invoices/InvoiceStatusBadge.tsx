import type { InvoiceStatus } from '../../../domain/invoices';
import { StatusBadge } from '../../components/ui/StatusBadge';
import { invoiceStatusLabel } from './status';

/** Paid green, pending yellow, cancelled red: the shared status colours with the invoice labels. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <StatusBadge status={status} label={invoiceStatusLabel(status)} />;
}
