import { useId, useState } from 'react';
import type { AlertKind } from '../../../domain/alerts';
import { Card } from '../../components/ui/Card';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { Spinner } from '../../components/ui/Spinner';
import { cn } from '../../lib/cn';
import { AlertList } from './AlertList';
import { type AlertGroup, alertGroups, listedAlerts } from './alert-groups';
import { ALERT_STYLE } from './alert-style';
import { useAlerts } from './api';

/** One kind's chip: pressed, the list shows only that kind; pressed again, every kind. */
function GroupChip({
  group,
  pressed,
  onToggle,
}: {
  group: AlertGroup;
  pressed: boolean;
  onToggle: () => void;
}) {
  return (
    <li>
      <button
        type="button"
        aria-pressed={pressed}
        // Nothing to list: a chip that would filter to an empty list.
        disabled={group.count === 0}
        onClick={onToggle}
        className={cn(
          'rounded-full border px-3 py-1 text-sm',
          ALERT_STYLE[group.kind].className,
          pressed ? 'border-current ring-1 ring-current' : 'hover:brightness-95',
          'disabled:cursor-default disabled:hover:brightness-100',
        )}
      >
        {group.label}: <strong>{group.count}</strong>
      </button>
    </li>
  );
}

/** "Alertas" on the dashboard: counts by kind, each a filter, and the most urgent alerts, each opening its sale. */
export function AlertsPanel() {
  const titleId = useId();
  const { data, isPending, error } = useAlerts();
  const [chosen, setChosen] = useState<AlertKind | null>(null);
  const groups = data ? alertGroups(data) : [];
  const total = groups.reduce((n, group) => n + group.count, 0);
  const chosenGroup = groups.find((group) => group.kind === chosen);

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
              {groups.map((group) => (
                <GroupChip
                  key={group.kind}
                  group={group}
                  pressed={group.kind === chosen}
                  onToggle={() => setChosen(group.kind === chosen ? null : group.kind)}
                />
              ))}
            </ul>
            {total === 0 ? (
              <p className="py-4 text-center text-sm text-gray-700">No hay alertas pendientes</p>
            ) : (
              <>
                <AlertList
                  alerts={listedAlerts(groups, chosen)}
                  linkToSale
                  label={chosenGroup ? chosenGroup.label : 'Alertas más urgentes'}
                />
                {chosenGroup && chosenGroup.count > chosenGroup.alerts.length && (
                  <p className="text-sm text-gray-700">
                    Las {chosenGroup.alerts.length} más urgentes de {chosenGroup.count}.
                  </p>
                )}
              </>
            )}
          </>
        )}
      </section>
    </Card>
  );
}
