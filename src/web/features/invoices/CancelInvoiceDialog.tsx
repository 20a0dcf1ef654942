import { invoiceCancelSchema } from '../../../domain/invoices';
import { type Invoice, useCancelInvoice } from './api';
import { ReasonDialog } from './ReasonDialog';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Admin only (the server checks too): an internal invoice is annulled with a reason, never deleted. */
export function CancelInvoiceDialog({
  invoice,
  ...props
}: DialogProps & { invoice: Pick<Invoice, 'id' | 'invoiceNumber'> }) {
  const mutation = useCancelInvoice(invoice.id);
  const action = {
    title: 'Anular Factura',
    description: `La factura ${invoice.invoiceNumber} quedará anulada y la venta podrá facturarse de nuevo.`,
    label: 'Motivo de anulación',
    maxLength: 500,
    submitLabel: 'Anular Factura',
    pendingLabel: 'Anulando...',
    errorTitle: 'Error al anular la factura',
    schema: invoiceCancelSchema,
    mutation,
  };
  return <ReasonDialog action={action} {...props} />;
}
