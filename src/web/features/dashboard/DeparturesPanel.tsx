import { Link } from 'react-router';
import { formatDate } from '../../../domain/format';
import { enumLabel } from '../../../domain/sales';
import { FOCUS_RING } from '../../components/ui/Button';
import { cn } from '../../lib/cn';
import type { Departure } from './api';
import { EmptyText, Panel } from './Panel';

const LINK = cn('rounded-sm font-medium text-blue-700 hover:text-blue-800 hover:underline', FOCUS_RING);

/** 'Próximas Salidas': the server sends at most 5, soonest first. */
export function DeparturesPanel({ departures }: { departures: Departure[] }) {
  return (
    <Panel
      title="Próximas Salidas"
      action={
        departures.length > 0 && (
          <Link to="/sales" className={cn('text-sm', LINK)}>
            Ver Todas
          </Link>
        )
      }
    >
      {departures.length === 0 ? (
        <EmptyText>No hay próximas salidas</EmptyText>
      ) : (
        <ul className="divide-y divide-gray-100">
          {departures.map((departure) => (
            <li key={departure.id} className="flex items-center justify-between gap-4 py-3">
              <div className="min-w-0">
                <Link to={`/sales/${departure.id}`} className={cn('block truncate', LINK)}>
                  {departure.passengerName}
                </Link>
                <p className="text-sm text-gray-700">
                  {enumLabel(departure.region)} · {enumLabel(departure.serviceType)}
                </p>
              </div>
              <time dateTime={departure.travelDate} className="shrink-0 text-sm text-gray-900">
                {formatDate(departure.travelDate)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
