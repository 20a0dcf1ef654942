import { toast } from 'sonner';
import { formatDate } from '../../../domain/format';
import { CREDIT_NOTE_KIND_LABELS } from '../../../domain/invoices';
import { Button } from '../../components/ui/Button';
import { usePesos } from '../../lib/use-money';
import { downloadCreditNote, type Invoice, type InvoiceCreditNote } from './api';
import { SiiStatusBadge } from './SiiStatus';

/** "NC 61 N° 5": a credit note as a reference next to its invoice. */
export const noteReference = (note: Pick<InvoiceCreditNote, 'folio'>) => `NC 61 N° ${note.folio}`;

async function download(invoice: Pick<Invoice, 'id'>, note: InvoiceCreditNote, format: 'xml' | 'pdf') {
  try {
    await downloadCreditNote(invoice, note, format);
  } catch (error) {
    toast.error(error instanceof Error ? error.message : `Error al descargar el ${format.toUpperCase()}`);
  }
}

/**
 * The invoice's Notas de Crédito, oldest first: what each did, for how much, where it stands with the
 * SII, and its files. A correction of text has no amounts.
 */
export function CreditNotesList({ invoice }: { invoice: Pick<Invoice, 'id' | 'creditNotes'> }) {
  const formatPesos = usePesos();
  if (invoice.creditNotes.length === 0) return null;
  return (
    <section
      aria-labelledby="credit-notes-title"
      className="rounded-md border border-gray-200 bg-white px-4 py-3 text-sm text-gray-800 print:hidden"
    >
      <h2 id="credit-notes-title" className="font-semibold text-gray-900">
        Notas de crédito
      </h2>
      <ul className="mt-2 divide-y divide-gray-200">
        {invoice.creditNotes.map((note) => (
          <li key={note.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <div className="min-w-0 space-y-0.5">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-gray-900">Nota de Crédito Electrónica N° {note.folio}</span>
                {note.sii && <SiiStatusBadge status={note.sii.status} />}
              </p>
              <p className="text-gray-700">
                {formatDate(note.date)} · {CREDIT_NOTE_KIND_LABELS[note.kind]}
                {note.kind === 'text' ? ' · sin montos' : ` · ${formatPesos(note.totalAmount)}`}
              </p>
              <p className="break-words text-gray-700">Motivo: {note.reason}</p>
            </div>
            <span className="flex gap-2">
              <Button
                variant="secondary"
                size="sm"
                aria-label={`PDF de la nota N° ${note.folio}`}
                onClick={() => download(invoice, note, 'pdf')}
              >
                PDF
              </Button>
              <Button
                variant="secondary"
                size="sm"
                aria-label={`XML de la nota N° ${note.folio}`}
                onClick={() => download(invoice, note, 'xml')}
              >
                XML
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
