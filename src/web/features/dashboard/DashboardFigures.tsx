import type { Role } from '../../../domain/roles';
import { Button } from '../../components/ui/Button';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { Spinner } from '../../components/ui/Spinner';
import { type DashboardData, useDashboard } from './api';
import { BreakdownPanel } from './BreakdownPanel';
import { DeparturesPanel } from './DeparturesPanel';
import { RecentActivity } from './RecentActivity';
import { SalesOverview } from './SalesOverview';
import { SalesStatusPanel } from './SalesStatusPanel';
import { StatCards } from './StatCards';
import { TOP_SERVICES } from './stats';

/** The figures laid out from data already loaded, so tests can render it with fixed props. */
export function DashboardView({ role, data }: { role: Role; data: DashboardData }) {
  const { stats } = data;
  return (
    <div className="space-y-6">
      <StatCards role={role} stats={stats} />
      {data.activity && <RecentActivity sales={data.activity.sales} payments={data.activity.payments} />}
      <SalesOverview days={data.overview} />
      <div className="grid gap-6 lg:grid-cols-2">
        <SalesStatusPanel stats={stats} />
        <DeparturesPanel departures={stats.departures} />
        <BreakdownPanel
          title="Servicios Principales"
          entries={stats.salesByServiceType}
          salesCount={stats.salesCount}
          limit={TOP_SERVICES}
          barClassName="bg-indigo-600"
        />
        <BreakdownPanel
          title="Ventas por Región"
          entries={stats.salesByRegion}
          salesCount={stats.salesCount}
          barClassName="bg-teal-600"
        />
      </div>
    </div>
  );
}

/**
 * Loads the role's figures (the server scopes them) and shows them, or the product's loading and error states
 * (docs/product.md#dashboard).
 */
export function DashboardFigures({ role }: { role: Role }) {
  const { data, error, retry } = useDashboard(role);

  if (error) {
    return (
      <div className="space-y-3">
        <ErrorAlert title="Error al cargar dashboard" error={error} />
        <Button variant="secondary" onClick={retry}>
          Reintentar
        </Button>
      </div>
    );
  }
  if (!data) return <Spinner label="Cargando dashboard..." className="py-12" />;
  return <DashboardView role={role} data={data} />;
}
