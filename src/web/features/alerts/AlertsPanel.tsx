import { useId } from 'react';
import { ALERT_KIND_LABELS, ALERT_KINDS } from '../../../domain/alerts';
import { Card } from '../../components/ui/Card';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { Spinner } from '../../components/ui/Spinner';
import { cn } from '../../lib/cn';
import { AlertList } from './AlertList';
import { ALERT_STYLE } from './alert-style';
import { useAlerts } from './api';

/** The dashboard shows this many alerts of each kind, most urgent first; the counts cover all. */
const SHOWN_PER_KIND = 3;

/** "Alertas" on the dashboard: counts by kind and the most urgent alerts, each opening its sale. */
export function AlertsPanel() {
  const titleId = useId();
  const { data, isPending, error } = useAlerts();
  const total = data ? ALERT_KINDS.reduce((n, kind) => n + data.counts[kind], 0) : 0;
  // A few of each kind, so that dozens of supplier dues never hide a client about to travel unpaid.
  const shown = ALERT_KINDS.flatMap((kind) =>
    (data?.alerts ?? []).filter((a) => a.kind === kind).slice(0, SHOWN_PER_KIND),
  );

  return (
    <Card className="p-5">
      <section aria-labelledby={titleId} className="space-y-4">
        <h2 id={titleId} className="text-lg font-semibold text-gray-900">
          Alertas
        </h2>
        {isPending && <Spinner label="Cargando alertas..." className="py-6" />}
        {error && <ErrorAlert title="Error al cargar las alertas" error={error} />}
        {data && (
          <>
            <ul className="flex flex-wrap gap-2" aria-label="Alertas por tipo">
              {ALERT_KINDS.map((kind) => (
                <li
                  key={kind}
                  className={cn('rounded-full border px-3 py-1 text-sm', ALERT_STYLE[kind].className)}
                >
                  {ALERT_KIND_LABELS[kind]}: <strong>{data.counts[kind]}</strong>
                </li>
              ))}
            </ul>
            {total === 0 ? (
              <p className="py-4 text-center text-sm text-gray-700">No hay alertas pendientes</p>
            ) : (
              <AlertList alerts={shown} linkToSale label="Alertas más urgentes" />
            )}
          </>
        )}
      </section>
    </Card>
  );
}
