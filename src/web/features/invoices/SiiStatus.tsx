import type { Invoice } from '../../../domain/invoices';
import { SII_STATUS_LABELS, type SiiStatus } from '../../../domain/sii';
import type { BadgeColor } from '../../../domain/status';
import { Badge } from '../../components/ui/StatusBadge';

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

/**
 * The invoice's (and its credit note's) standing with the SII, with the track id to quote when calling
 * the SII and what the SII said: a rejected document has to be corrected and issued again.
 */
export function SiiStatusPanel({ invoice }: { invoice: Pick<Invoice, 'sii' | 'creditNote'> }) {
  const documents = [
    { name: 'Factura', sii: invoice.sii },
    { name: 'Nota de crédito', sii: invoice.creditNote?.sii },
  ].filter((d) => d.sii);
  if (documents.length === 0) return null;
  return (
    <section
      aria-label="Estado en el SII"
      className="rounded-md border border-gray-200 bg-white px-4 py-3 text-sm text-gray-800 print:hidden"
    >
      <h2 className="font-semibold text-gray-900">Estado en el SII</h2>
      <ul className="mt-2 space-y-2">
        {documents.map(({ name, sii }) =>
          sii ? (
            <li key={name}>
              <p className="flex flex-wrap items-center gap-2">
                <span>{name}</span>
                <SiiStatusBadge status={sii.status} />
                {sii.trackId && <span className="text-gray-600">N° de envío {sii.trackId}</span>}
              </p>
              {sii.messages.length > 0 && (
                <ul className="mt-1 list-disc pl-5 text-gray-700">
                  {sii.messages.map((message) => (
                    <li key={message}>{message}</li>
                  ))}
                </ul>
              )}
            </li>
          ) : null,
        )}
      </ul>
    </section>
  );
}
