import { FileWarning } from 'lucide-react';
import { agencyToday } from '../../../domain/agency-day';
import type { Passenger } from '../../../domain/master-data';
import { passengerDocumentWarnings, returnDateOf } from '../../../domain/passenger-document-warnings';
import type { SaleStatus } from '../../../domain/status';
import { uniquePassengers } from './form-model';

interface NoticeSale {
  status: SaleStatus;
  travelDate: string;
  region: string;
  items: readonly { dateIn?: string | null; dateOut?: string | null; passengers: readonly Passenger[] }[];
}

/**
 * "Documentos de viaje": what each passenger's document says before an international trip (decision
 * 0098), worked out from the sale itself with the alerts' own rule. Only for a trip still ahead and
 * not cancelled, as the morning alerts; nothing at all when there is nothing to say.
 */
export function PassengerDocumentNotice({ sale, timeZone }: { sale: NoticeSale; timeZone: string }) {
  if (sale.status === 'cancelled' || sale.travelDate < agencyToday(timeZone)) return null;
  const trip = {
    travelDate: sale.travelDate,
    returnDate: returnDateOf(sale.travelDate, sale.items),
    international: sale.region === 'international',
  };
  const warnings = passengerDocumentWarnings(trip, uniquePassengers(sale.items));
  if (!warnings.length) return null;
  return (
    <section
      aria-label="Documentos de viaje"
      className="rounded-md border border-yellow-300 bg-yellow-50 px-4 py-3 text-sm text-yellow-900"
    >
      <p className="flex items-center gap-2 font-medium">
        <FileWarning aria-hidden="true" className="size-5 shrink-0" />
        Revise los documentos de viaje antes de la salida
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-6">
        {warnings.map((w) => (
          <li key={`${w.passengerId}-${w.kind}`}>{w.message}</li>
        ))}
      </ul>
    </section>
  );
}
