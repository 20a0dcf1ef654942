import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../domain/format';
import type { Passenger } from '../../../domain/master-data';
import { PEOPLE_WRITE_ROLES } from '../../../domain/roles';
import { useCurrentUser } from '../../auth';
import { buttonClasses } from '../../components/ui/Button';
import { DeleteDialog } from '../../components/ui/DeleteDialog';
import { ExportMenu } from '../../components/ui/ExportMenu';
import { ListStatus } from '../../components/ui/ListStatus';
import { PageHeader } from '../../components/ui/PageHeader';
import { Pagination } from '../../components/ui/Pagination';
import { RowActions } from '../../components/ui/RowActions';
import { SearchInput } from '../../components/ui/SearchInput';
import { usePagedList } from '../../lib/use-paged-list';
import { passengerListQuery, useDeletePassenger } from './api';

const HEAD = 'px-4 py-3 text-left text-xs font-semibold tracking-wide text-gray-700 uppercase';
const CELL = 'px-4 py-3 align-middle';

export function PassengersPage() {
  const canWrite = PEOPLE_WRITE_ROLES.includes(useCurrentUser().role);
  const list = usePagedList(passengerListQuery);
  const remove = useDeletePassenger();
  const [toDelete, setToDelete] = useState<Passenger | null>(null);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Pasajeros"
        actions={
          <div className="flex flex-wrap gap-2">
            <ExportMenu path="/api/passengers/export" filters={{ q: list.q }} fileName="pasajeros" />
            {canWrite && (
              <Link to="/passengers/new" className={buttonClasses()}>
                <Plus aria-hidden="true" className="size-4" />
                Nuevo Pasajero
              </Link>
            )}
          </div>
        }
      />
      <SearchInput
        label="Buscar pasajeros por nombre o email"
        placeholder="Buscar pasajeros..."
        value={list.search}
        onValueChange={list.setSearch}
        className="max-w-md"
      />
      <ListStatus
        isPending={list.query.isPending}
        error={list.query.error}
        isEmpty={list.rows.length === 0}
        loadingLabel="Cargando pasajeros..."
        errorTitle="Error loading passengers"
        emptyText="No se encontraron pasajeros"
      >
        <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white shadow-sm">
          <table className="min-w-full divide-y divide-gray-200 text-sm">
            <thead className="bg-gray-50">
              <tr>
                <th scope="col" className={HEAD}>
                  Nombre
                </th>
                <th scope="col" className={HEAD}>
                  ID/RUT
                </th>
                <th scope="col" className={HEAD}>
                  Email
                </th>
                <th scope="col" className={HEAD}>
                  Fecha de nacimiento
                </th>
                {canWrite && (
                  <th scope="col" className={HEAD}>
                    Acciones
                  </th>
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-200">
              {list.rows.map((passenger) => (
                <tr key={passenger.id}>
                  <td className={`${CELL} font-medium text-gray-900`}>{passenger.name}</td>
                  <td className={`${CELL} text-gray-800`}>{passenger.passengerId}</td>
                  <td className={`${CELL} whitespace-nowrap text-gray-800`}>
                    {passenger.email ?? <span className="text-gray-600 italic">Sin email</span>}
                  </td>
                  <td className={`${CELL} whitespace-nowrap text-gray-800`}>
                    {formatDate(passenger.dateOfBirth)}
                  </td>
                  {canWrite && (
                    <td className={CELL}>
                      <RowActions
                        name={passenger.name}
                        editTo={`/passengers/${passenger.id}/edit`}
                        onDelete={() => setToDelete(passenger)}
                      />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ListStatus>
      <Pagination page={list.page} totalPages={list.totalPages} onPageChange={list.setPage} />
      <DeleteDialog
        target={toDelete}
        onClose={() => setToDelete(null)}
        title="¿Eliminar pasajero?"
        errorTitle="Error deleting passenger"
        onDelete={remove.mutateAsync}
      />
    </div>
  );
}
