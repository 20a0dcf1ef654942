import { useState } from 'react';
import type { InvoiceIssueInput } from '../../../domain/invoices';
import { Button } from '../../components/ui/Button';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { Field } from '../../components/ui/Field';
import { Modal } from '../../components/ui/Modal';

/** The receiver's fields a factura electrónica may ask for, with the SII's lengths. */
export const RECEIVER_FIELDS = [
  { name: 'receiverActivity', label: 'Giro del cliente', maxLength: 40, required: 'Indica el giro' },
  { name: 'receiverAddress', label: 'Dirección del cliente', maxLength: 70, required: 'Indica la dirección' },
  { name: 'receiverCommune', label: 'Comuna del cliente', maxLength: 20, required: 'Indica la comuna' },
] as const;
export type ReceiverField = (typeof RECEIVER_FIELDS)[number]['name'];

interface ReceiverDialogProps {
  /** The fields the server said are missing; none: the dialog is closed. */
  missing: ReceiverField[];
  message: string;
  pending: boolean;
  error: Error | null;
  onSubmit: (body: InvoiceIssueInput) => void;
  onClose: () => void;
}

/**
 * "Generar Factura" for a DTE: the server names the receiver's data the client's record lacks (giro,
 * address, comuna) and this dialog asks for exactly those, then issues again with them.
 */
export function ReceiverDialog({ missing, message, pending, error, onSubmit, onClose }: ReceiverDialogProps) {
  const open = missing.length > 0;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Datos del receptor"
      description={`${message}. Se guardan en esta factura y se proponen en las próximas de este cliente.`}
    >
      {open && (
        <ReceiverForm
          missing={missing}
          pending={pending}
          error={error}
          onSubmit={onSubmit}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function ReceiverForm({ missing, pending, error, onSubmit, onClose }: Omit<ReceiverDialogProps, 'message'>) {
  const [values, setValues] = useState<Partial<Record<ReceiverField, string>>>({});
  const [blank, setBlank] = useState<ReceiverField[]>([]);
  const fields = RECEIVER_FIELDS.filter((field) => missing.includes(field.name));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const empty = fields.filter((field) => !values[field.name]?.trim()).map((field) => field.name);
    setBlank(empty);
    if (empty.length === 0) onSubmit(values);
  };

  return (
    <form noValidate className="space-y-4" onSubmit={submit}>
      {error && <ErrorAlert title="Error al generar la factura" error={error} />}
      {fields.map((field, index) => (
        <Field
          key={field.name}
          label={field.label}
          required
          // The dialog opens on the first field to fill.
          autoFocus={index === 0}
          maxLength={field.maxLength}
          value={values[field.name] ?? ''}
          error={blank.includes(field.name) ? field.required : undefined}
          onChange={(event) => setValues((current) => ({ ...current, [field.name]: event.target.value }))}
        />
      ))}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          Cancelar
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Generando...' : 'Generar Factura'}
        </Button>
      </div>
    </form>
  );
}
