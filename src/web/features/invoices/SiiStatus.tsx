import { siiApi } from '../../../domain/api/sii';
import type { Invoice } from '../../../domain/invoices';
import { SII_STATUS_LABELS, type SiiState, type SiiStatus } from '../../../domain/sii';
import type { BadgeColor } from '../../../domain/status';
import { useCanCall } from '../../auth';
import { Badge } from '../../components/ui/StatusBadge';
import { SiiRetryButton } from './SiiRetryButton';

/** Waiting is grey, on its way blue, the SII's final word green, red or yellow (accepted with repairs). */
const SII_STATUS_COLORS: Record<SiiStatus, BadgeColor> = {
  pending: 'grey',
  sent: 'blue',
  accepted: 'green',
  rejected: 'red',
  repairs: 'yellow',
};

/** "SII: Aceptado": where an electronic document is with the SII. */
export function SiiStatusBadge({ status }: { status: SiiStatus }) {
  return <Badge color={SII_STATUS_COLORS[status]}>SII: {SII_STATUS_LABELS[status]}</Badge>;
}

/** One document's line: its state, track id, what the SII said, why the last try failed; an admin's action. */
function SiiDocument({ name, sii, canRetry }: { name: string; sii: SiiState; canRetry: boolean }) {
  return (
    <li>
      <div className="flex flex-wrap items-center gap-2">
        <span>{name}</span>
        <SiiStatusBadge status={sii.status} />
        {sii.trackId && <span className="text-gray-600">N° de envío {sii.trackId}</span>}
        {canRetry && <SiiRetryButton sii={sii} document={name} />}
      </div>
      {sii.messages.length > 0 && (
        <ul className="mt-1 list-disc pl-5 text-gray-700">
          {sii.messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {sii.lastError && <p className="mt-1 break-words text-red-700">Último error: {sii.lastError}</p>}
    </li>
  );
}

/**
 * The standing with the SII of the invoice and of each of its credit notes, with the track id to quote
 * when calling the SII, what the SII said and the last try's error. An admin can send a waiting
 * document now or a rejected one again (decision 0070); a rejected one whose cause is in the document
 * itself has to be issued again.
 */
export function SiiStatusPanel({ invoice }: { invoice: Pick<Invoice, 'sii' | 'creditNotes'> }) {
  const canRetry = useCanCall(siiApi.retry);
  const documents = [
    { name: 'Factura', sii: invoice.sii },
    ...invoice.creditNotes.map((note) => ({ name: `Nota de crédito N° ${note.folio}`, sii: note.sii })),
  ].flatMap(({ name, sii }) => (sii ? [{ name, sii }] : []));
  if (documents.length === 0) return null;
  return (
    <section
      aria-label="Estado en el SII"
      className="rounded-md border border-gray-200 bg-white px-4 py-3 text-sm text-gray-800 print:hidden"
    >
      <h2 className="font-semibold text-gray-900">Estado en el SII</h2>
      <ul className="mt-2 space-y-2">
        {documents.map(({ name, sii }) => (
          <SiiDocument key={name} name={name} sii={sii} canRetry={canRetry} />
        ))}
      </ul>
    </section>
  );
}
