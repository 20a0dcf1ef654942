import { type FormEvent, useState } from 'react';
import { DTE_TYPE_LABELS } from '../../../domain/dte';
import { type CreditNoteKind, creditNoteSchema } from '../../../domain/invoices';
import { parseTypedPesos, pesosInputText } from '../../../domain/typed-pesos';
import { ApiError } from '../../api/client';
import { Button } from '../../components/ui/Button';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { Field, TextareaField } from '../../components/ui/Field';
import { Modal } from '../../components/ui/Modal';
import { toastThen } from '../../lib/form';
import { type PesosText, usePesos } from '../../lib/use-money';
import { type Invoice, type InvoiceItem, useCreditNote } from './api';

type NoteInvoice = Pick<Invoice, 'id' | 'dteType' | 'folio' | 'items' | 'creditNotes'>;

const CHOICES: { kind: CreditNoteKind; label: string; hint: string }[] = [
  { kind: 'annul', label: 'Anular factura', hint: 'Acredita todo lo que queda y la factura queda anulada.' },
  {
    kind: 'amounts',
    label: 'Corregir montos',
    hint: 'Acredita parte del monto de uno o más ítems; la factura sigue vigente.',
  },
  {
    kind: 'text',
    label: 'Corregir texto',
    hint: 'Corrige un dato escrito (giro, dirección, descripción) sin montos; la factura sigue vigente.',
  },
];

const REASON_HINTS: Record<CreditNoteKind, string> = {
  annul: 'Por ejemplo: el cliente desiste del viaje.',
  amounts: 'Por ejemplo: descuento acordado con el cliente.',
  text: 'Escribe qué dice y qué debe decir, por ejemplo: "Dice: giro Comercio; debe decir: Turismo".',
};

/** Whether an item's typed amount is blank (not credited), an amount, or a message saying what is wrong. */
function readAmount(typed: string | undefined, left: number, formatPesos: PesosText): number | string | null {
  if (!typed?.trim()) return null;
  const parsed = parseTypedPesos(typed);
  if (!parsed.ok) return parsed.message;
  if (parsed.value === 0) return null;
  if (parsed.value > left)
    return `Quedan ${formatPesos(left)} por acreditar en este ítem: indica eso o menos`;
  return parsed.value;
}

/**
 * Admin only (the server checks too): a DTE the SII holds is annulled or corrected by a Nota de Crédito
 * Electrónica (61) that references it. The dialog says what each choice does, shows what is left of
 * each item, and keeps what was typed when the server refuses.
 */
export function CreditNoteDialog({
  invoice,
  open,
  onOpenChange,
}: {
  invoice: NoteInvoice;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const name = DTE_TYPE_LABELS[invoice.dteType ?? 33] ?? 'Factura Electrónica';
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Emitir nota de crédito"
      description={`Una Nota de Crédito Electrónica referencia la ${name} N° ${invoice.folio}. Es un documento tributario: no se puede deshacer.`}
    >
      {/* Mounted only while open, so every opening starts with an empty form and no old error. */}
      {open && <CreditNoteForm invoice={invoice} name={name} onDone={() => onOpenChange(false)} />}
    </Modal>
  );
}

function CreditNoteForm({
  invoice,
  name,
  onDone,
}: {
  invoice: NoteInvoice;
  name: string;
  onDone: () => void;
}) {
  const mutation = useCreditNote(invoice.id);
  const formatPesos = usePesos();
  const [kind, setKind] = useState<CreditNoteKind>('annul');
  const [reason, setReason] = useState('');
  const [typed, setTyped] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The items the last request named, in its order: the server's `lines.N.pesos` errors point there.
  const [sent, setSent] = useState<number[]>([]);

  const items = invoice.items.filter((item): item is InvoiceItem & { pesosLeft: number } =>
    Boolean(item.pesosLeft),
  );
  const leftTotal = items.reduce((sum, item) => sum + item.pesosLeft, 0);
  const amounts = items.map((item) => ({
    item,
    read: readAmount(typed[item.id], item.pesosLeft, formatPesos),
  }));
  const liveTotal = amounts.reduce((sum, { read }) => sum + (typeof read === 'number' ? read : 0), 0);
  const corrected = invoice.creditNotes.some((note) => note.kind === 'amounts');

  const serverErrors: Record<string, string> = {};
  if (mutation.error instanceof ApiError) {
    for (const error of mutation.error.errors) {
      const line = /^lines\.(\d+)\./.exec(error.path)?.[1];
      const itemId = line === undefined ? undefined : sent[Number(line)];
      serverErrors[itemId === undefined ? error.path : `item.${itemId}`] = error.message;
    }
  }
  const errorOf = (key: string) => errors[key] ?? serverErrors[key];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const lines: { itemId: number; pesos: number }[] = [];
    if (kind === 'amounts') {
      for (const { item, read } of amounts) {
        if (typeof read === 'string') found[`item.${item.id}`] = read;
        else if (read !== null) lines.push({ itemId: item.id, pesos: read });
      }
      if (lines.length === 0 && Object.keys(found).length === 0)
        found.lines = 'Indica cuánto acreditar de al menos un ítem';
    }
    const body = { reason, kind, ...(kind === 'amounts' && { lines }) };
    const checked = creditNoteSchema.safeParse(body);
    const reasonIssue = checked.error?.issues.find((issue) => issue.path[0] === 'reason');
    if (reasonIssue) found.reason = reasonIssue.message;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSent(lines.map((line) => line.itemId));
    mutation.mutate(body, { onSuccess: ({ message }) => toastThen(message, onDone) });
  };

  return (
    <form noValidate className="space-y-4" onSubmit={submit}>
      {mutation.error && <ErrorAlert title="Error al emitir la nota de crédito" error={mutation.error} />}
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium text-gray-800">¿Qué hace la nota de crédito?</legend>
        {CHOICES.map((choice) => (
          <label
            key={choice.kind}
            className="flex cursor-pointer items-start gap-3 rounded-md border border-gray-200 p-3 has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50"
          >
            <input
              type="radio"
              name="kind"
              value={choice.kind}
              checked={kind === choice.kind}
              onChange={() => setKind(choice.kind)}
              className="mt-1"
            />
            <span>
              <span className="block text-sm font-medium text-gray-900">{choice.label}</span>
              <span className="block text-sm text-gray-700">{choice.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>

      {kind === 'annul' && (
        <p className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          Se emitirá una Nota de Crédito Electrónica que anula la {name} N° {invoice.folio} por{' '}
          {formatPesos(leftTotal)}
          {corrected ? ' (lo que queda después de las correcciones)' : ''}.
        </p>
      )}

      {kind === 'amounts' && (
        <div className="space-y-3">
          {items.map(({ id, description, classificationName, supplierName, exempt, pesos, pesosLeft }) => (
            <fieldset key={id} className="rounded-md border border-gray-200 p-3">
              <legend className="px-1 text-sm font-medium text-gray-900">
                {description || `${classificationName} - ${supplierName}`}
              </legend>
              <p className="mb-2 text-sm text-gray-700">
                {exempt ? 'Exento de IVA' : 'Afecto a IVA'} · Queda por acreditar {formatPesos(pesosLeft)}
                {pesosLeft !== pesos ? ` de ${formatPesos(pesos ?? 0)}` : ''}
              </p>
              <Field
                label="Pesos a acreditar"
                inputMode="numeric"
                autoComplete="off"
                placeholder="0"
                value={typed[id] ?? ''}
                error={errorOf(`item.${id}`)}
                onChange={(event) => setTyped({ ...typed, [id]: event.target.value })}
                onBlur={(event) => {
                  const parsed = parseTypedPesos(event.target.value);
                  if (parsed.ok) setTyped({ ...typed, [id]: pesosInputText(parsed.value) });
                }}
              />
            </fieldset>
          ))}
          <p aria-live="polite" className="text-sm font-semibold text-gray-900">
            Total a acreditar: {formatPesos(liveTotal)} de {formatPesos(leftTotal)} que quedan
          </p>
          {errorOf('lines') && <p className="text-sm text-red-700">{errorOf('lines')}</p>}
        </div>
      )}

      <TextareaField
        label="Motivo (se imprime en la nota de crédito)"
        rows={3}
        maxLength={90}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={errorOf('reason')}
        hint={REASON_HINTS[kind]}
      />
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" variant="danger" disabled={mutation.isPending}>
          {mutation.isPending ? 'Emitiendo...' : 'Emitir nota de crédito'}
        </Button>
      </div>
    </form>
  );
}
