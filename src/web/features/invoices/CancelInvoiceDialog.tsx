import { DTE_TYPE_LABELS } from '../../../domain/dte';
import { formatPesos } from '../../../domain/format';
import { creditNoteSchema, invoiceCancelSchema } from '../../../domain/invoices';
import { type Invoice, useCancelInvoice, useCreditNote } from './api';
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

/**
 * Admin only: a DTE the SII holds is annulled by a Nota de Crédito Electrónica (61) that references it;
 * the dialog says what will be issued and that it cannot be undone, and asks the reason it prints.
 */
export function CreditNoteDialog({
  invoice,
  ...props
}: DialogProps & { invoice: Pick<Invoice, 'id' | 'dteType' | 'folio' | 'totalAmount'> }) {
  const mutation = useCreditNote(invoice.id);
  const name = DTE_TYPE_LABELS[invoice.dteType ?? 33] ?? 'Factura Electrónica';
  const action = {
    title: 'Emitir nota de crédito',
    description: `Se emitirá una Nota de Crédito Electrónica que anula la ${name} N° ${invoice.folio} por ${formatPesos(invoice.totalAmount ?? 0)}. Es un documento tributario: no se puede deshacer.`,
    label: 'Motivo (se imprime en la nota de crédito)',
    maxLength: 90,
    submitLabel: 'Emitir nota de crédito',
    pendingLabel: 'Emitiendo...',
    errorTitle: 'Error al emitir la nota de crédito',
    schema: creditNoteSchema,
    mutation,
  };
  return <ReasonDialog action={action} {...props} />;
}
