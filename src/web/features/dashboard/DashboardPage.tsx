import { Link } from 'react-router';
import { backupsApi } from '../../../domain/api/backups';
import { companyApi } from '../../../domain/api/company';
import type { Role } from '../../../domain/roles';
import { canCall, useCurrentUser } from '../../auth';
import { buttonClasses } from '../../components/ui/Button';
import { AlertsPanel } from '../alerts';
import { LastBackupFailure } from '../backups';
import { SetupChecklist } from '../company';
import { DashboardFigures } from './DashboardFigures';
import { quickActionLabel, quickActionsFor } from './quick-actions';

const SUBTITLES: Partial<Record<Role, string>> = {
  admin: 'Panel de administración: tienes acceso completo a ventas, clientes, proveedores y configuración.',
  sales: 'Gestiona tus ventas, clientes y pasajeros.',
};
const DEFAULT_SUBTITLE = 'Consulta la información de la agencia.';

export function DashboardPage() {
  const user = useCurrentUser();
  const actions = quickActionsFor(user.role);

  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-2xl font-bold text-gray-900">Bienvenido, {user.username}</h1>
        <p className="mt-1 text-gray-700">{SUBTITLES[user.role] ?? DEFAULT_SUBTITLE}</p>
      </header>

      {canCall(companyApi.setup, user.role) && <SetupChecklist />}

      {canCall(backupsApi.list, user.role) && <LastBackupFailure />}

      {actions.length > 0 && (
        <section aria-labelledby="quick-actions-title">
          <h2 id="quick-actions-title" className="text-lg font-semibold text-gray-900">
            Acciones rápidas
          </h2>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {actions.map((action) => (
              <li key={action.to}>
                <Link
                  to={action.to}
                  className={buttonClasses('secondary', 'md', 'w-full justify-start py-4 shadow-sm')}
                >
                  <action.icon aria-hidden="true" className="size-5 text-blue-700" />
                  {quickActionLabel(action, user.role)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      <AlertsPanel />

      <DashboardFigures role={user.role} />
    </div>
  );
}
