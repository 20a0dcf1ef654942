import { countryName } from '../../../domain/countries';
import type { Passenger } from '../../../domain/master-data';
import { documentSummary } from '../../../domain/travel-document';
import { uniquePassengers } from './form-model';

/**
 * The sale's passengers, once each, with what they travel with: the document and its expiry and the
 * nationality, so a seller checks them on the sale itself (decision 0096).
 */
export function SalePassengers({ items }: { items: readonly { passengers: readonly Passenger[] }[] }) {
  const passengers = uniquePassengers(items);
  if (!passengers.length) return <>—</>;
  return (
    <ul className="space-y-1">
      {passengers.map((p) => {
        const details = [
          documentSummary(p) ?? 'Sin documento',
          p.nationality && countryName(p.nationality),
        ].filter(Boolean);
        return (
          <li key={p.id}>
            {p.name}
            <span className="block font-normal text-gray-600">{details.join(' · ')}</span>
          </li>
        );
      })}
    </ul>
  );
}
