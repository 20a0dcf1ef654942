import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { invoiceCancelSchema } from '../../../domain/invoices';
import { Button } from '../../components/ui/Button';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { Modal } from '../../components/ui/Modal';
import { toastThen } from '../../lib/form';
import { type Invoice, useCancelInvoice } from './api';

type CancelInput = z.input<typeof invoiceCancelSchema>;
type CancelData = z.output<typeof invoiceCancelSchema>;

const resolver = zodResolver(invoiceCancelSchema);

interface CancelInvoiceDialogProps {
  invoice: Pick<Invoice, 'id' | 'invoiceNumber'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Admin only (the server checks too): an invoice is annulled with a reason, never deleted. */
export function CancelInvoiceDialog({ invoice, open, onOpenChange }: CancelInvoiceDialogProps) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Anular Factura"
      description={`La factura ${invoice.invoiceNumber} quedará anulada y la venta podrá facturarse de nuevo.`}
    >
      {/* Mounted only while open, so every opening starts with an empty form and no old error. */}
      {open && <CancelForm invoice={invoice} onDone={() => onOpenChange(false)} />}
    </Modal>
  );
}

function CancelForm({ invoice, onDone }: { invoice: Pick<Invoice, 'id'>; onDone: () => void }) {
  const cancel = useCancelInvoice(invoice.id);
  const id = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CancelInput, unknown, CancelData>({ resolver, defaultValues: { reason: '' } });

  const submit = ({ reason }: CancelData) =>
    cancel.mutate(reason, {
      onSuccess: ({ message }) => toastThen(message, onDone),
    });

  const error = errors.reason?.message;
  return (
    <form noValidate className="space-y-4" onSubmit={handleSubmit(submit)}>
      {cancel.error && <ErrorAlert title="Error al anular la factura" error={cancel.error} />}
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
          Motivo de anulación
        </label>
        <textarea
          id={id}
          rows={3}
          maxLength={500}
          className="block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 focus:border-blue-600 focus:outline-2 focus:outline-blue-600/40 aria-[invalid=true]:border-red-600"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...register('reason')}
        />
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" variant="danger" disabled={cancel.isPending}>
          {cancel.isPending ? 'Anulando...' : 'Anular Factura'}
        </Button>
      </div>
    </form>
  );
}
