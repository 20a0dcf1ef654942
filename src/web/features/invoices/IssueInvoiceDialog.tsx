import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ADMINS } from '../../../domain/access';
import type { ReceiverFieldName } from '../../../domain/invoice-preview';
import { ApiError } from '../../api/client';
import { useCurrentUser } from '../../auth';
import { Button } from '../../components/ui/Button';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { Modal, whenClosed } from '../../components/ui/Modal';
import { Spinner } from '../../components/ui/Spinner';
import {
  chosenItems,
  type ExemptChoices,
  type InvoicePreview,
  type InvoicePreviewLine,
  invoicePreviewQuery,
  useGenerateInvoice,
} from './api';
import { InvoicePreviewLines, InvoicePreviewTotals } from './InvoicePreviewLines';
import { RECEIVER_FIELDS, ReceiverFields, type ReceiverValues } from './ReceiverFields';

/**
 * "Generar Factura" when the company issues DTEs (decision 0071): what would be issued, in pesos, before
 * a folio is taken; an admin may turn each line Exento or Afecto (the server reads the preview again);
 * the receiver's missing data are asked here; Emitir issues exactly what is shown.
 */
export function IssueInvoiceDialog({
  saleId,
  open,
  onClose,
}: {
  saleId: number;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={whenClosed(onClose)}
      title="Generar documento electrónico"
      description="Revisa los montos en pesos antes de emitir: una factura o boleta electrónica emitida no se borra, se anula con una nota de crédito."
      className="max-w-xl"
    >
      {/* Mounted per opening: each starts from the sale's defaults, with no old error. */}
      {open && <IssueInvoiceForm saleId={saleId} onClose={onClose} />}
    </Modal>
  );
}

/** The server's message for each receiver field of a refused issue (a 400 naming them). */
function fieldErrorsOf(error: unknown): Partial<Record<ReceiverFieldName, string>> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  return Object.fromEntries(
    error.errors
      .filter((e) => RECEIVER_FIELDS.some((field) => field.name === e.path))
      .map((e) => [e.path, e.message]),
  );
}

function IssueInvoiceForm({ saleId, onClose }: { saleId: number; onClose: () => void }) {
  // Sellers issue too; only an admin may change an item's exemption (the server refuses it to others).
  const canChoose = ADMINS.includes(useCurrentUser().role);
  const [choices, setChoices] = useState<ExemptChoices>({});
  const [values, setValues] = useState<ReceiverValues>({});
  const [blank, setBlank] = useState<ReceiverFieldName[]>([]);
  const preview = useQuery(invoicePreviewQuery(saleId, choices));
  const generate = useGenerateInvoice();
  const navigate = useNavigate();

  // The last preview read stays on screen when a new read fails, so nothing chosen or typed disappears.
  const last = useRef<InvoicePreview | undefined>(undefined);
  if (preview.data && !preview.isPlaceholderData) last.current = preview.data;
  const shown = preview.data ?? last.current;
  const updating = preview.isFetching || preview.isPlaceholderData;

  const serverErrors = fieldErrorsOf(generate.error);
  const asked = RECEIVER_FIELDS.map((field) => field.name).filter(
    (name) => shown?.missing.includes(name) || name in serverErrors,
  );
  const fieldErrors = Object.fromEntries(
    asked.map((name) => [
      name,
      blank.includes(name) ? RECEIVER_FIELDS.find((f) => f.name === name)?.required : serverErrors[name],
    ]),
  );

  const exemptOf = (line: InvoicePreviewLine) => choices[line.itemId] ?? line.defaultExempt;
  const toggle = (line: InvoicePreviewLine) => {
    const exempt = !exemptOf(line);
    const next = { ...choices };
    // Only a line changed from its default is sent: back to the default, it is no choice.
    if (exempt === line.defaultExempt) delete next[line.itemId];
    else next[line.itemId] = exempt;
    setChoices(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!preview.data || updating || preview.isError) return;
    const empty = asked.filter((name) => !values[name]?.trim());
    setBlank(empty);
    if (empty.length > 0) return;
    const items = chosenItems(choices);
    const receiver = Object.fromEntries(asked.map((name) => [name, values[name]]));
    generate.mutate(
      { saleId, body: { ...receiver, ...(items.length > 0 && { items }) } },
      {
        onSuccess: ({ message, invoice }) => {
          toast.success(message);
          navigate(`/invoices/${invoice.id}`);
        },
      },
    );
  };

  if (!shown) {
    if (preview.isError) {
      return (
        <div className="space-y-4">
          <ErrorAlert title="No se pudo preparar la factura" error={preview.error} />
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={onClose}>
              Cancelar
            </Button>
            <Button onClick={() => void preview.refetch()}>Reintentar</Button>
          </div>
        </div>
      );
    }
    return <Spinner label="Calculando la factura..." className="py-8" />;
  }

  return (
    <form noValidate className="space-y-4" onSubmit={submit}>
      {generate.error && <ErrorAlert title="Error al generar la factura" error={generate.error} />}
      {preview.isError && (
        <ErrorAlert title="No se pudieron recalcular los montos con lo elegido" error={preview.error} />
      )}
      <p className="text-sm text-gray-700">
        Receptor: <span className="font-medium text-gray-900">{shown.receiver.businessName}</span>, RUT{' '}
        {shown.receiver.rut}
      </p>
      {canChoose && (
        <p className="text-sm text-gray-700">
          Cada ítem es exento o afecto según su clasificación y la región de la venta; puedes cambiarlo para
          esta factura.
        </p>
      )}
      <InvoicePreviewLines preview={shown} exemptOf={exemptOf} onToggle={canChoose ? toggle : undefined} />
      <InvoicePreviewTotals preview={shown} updating={updating} />
      <ReceiverFields asked={asked} values={values} errors={fieldErrors} onChange={setValues} />
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          Cancelar
        </Button>
        <Button type="submit" disabled={generate.isPending || updating || preview.isError}>
          {generate.isPending ? 'Emitiendo...' : 'Emitir'}
        </Button>
      </div>
    </form>
  );
}
