import type { InvoiceStatus } from '../../../domain/invoices';
import { INVOICE_STATUS_LABEL } from '../../../domain/status';
import { StatusBadge } from '../../components/ui/StatusBadge';

/** Paid green, pending yellow, cancelled red: the shared status colours with the invoice labels. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <StatusBadge status={status} label={INVOICE_STATUS_LABEL[status]} />;
}
