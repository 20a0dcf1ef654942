import { formatDate } from '../../../domain/format';
import type { Passenger } from '../../../domain/master-data';
import { PEOPLE_WRITE_ROLES } from '../../../domain/roles';
import { useCurrentUser } from '../../auth';
import { DataTable, type DataTableColumn } from '../../components/ui/DataTable';
import { useDeleteDialog } from '../../components/ui/DeleteDialog';
import { ListPage } from '../../components/ui/ListPage';
import { RowActions } from '../../components/ui/RowActions';
import { usePagedList } from '../../lib/use-paged-list';
import { passengerListQuery, useDeletePassenger } from './api';

const SEARCH_LABEL = 'Buscar pasajeros por nombre o email';
const DELETE_TEXTS = { title: '¿Eliminar pasajero?', errorTitle: 'Error deleting passenger' };
const TEXTS = {
  loadingLabel: 'Cargando pasajeros...',
  errorTitle: 'Error loading passengers',
  emptyText: 'No se encontraron pasajeros',
};

const COLUMNS: ReadonlyArray<DataTableColumn<Passenger>> = [
  { key: 'name', header: 'Nombre', rowHeader: true, className: 'font-medium', cell: (p) => p.name },
  { key: 'passengerId', header: 'ID/RUT', cell: (p) => p.passengerId },
  {
    key: 'email',
    header: 'Email',
    cell: (p) => p.email ?? <span className="text-gray-600 italic">Sin email</span>,
  },
  { key: 'dateOfBirth', header: 'Fecha de nacimiento', cell: (p) => formatDate(p.dateOfBirth) },
];

/** /passengers: a dense table, since a sale's passengers are looked up by name, RUT or email. */
export function PassengersPage() {
  const canWrite = PEOPLE_WRITE_ROLES.includes(useCurrentUser().role);
  const list = usePagedList(passengerListQuery);
  const remove = useDeleteDialog(useDeletePassenger().mutateAsync, DELETE_TEXTS);
  const columns: ReadonlyArray<DataTableColumn<Passenger>> = canWrite
    ? [
        ...COLUMNS,
        {
          key: 'actions',
          header: 'Acciones',
          cell: (passenger) => (
            <RowActions
              name={passenger.name}
              editTo={`/passengers/${passenger.id}/edit`}
              inline
              onDelete={() => remove.ask(passenger)}
            />
          ),
        },
      ]
    : COLUMNS;

  return (
    <ListPage
      title="Pasajeros"
      exportMenu={{ path: '/api/passengers/export', filters: { q: list.q }, fileName: 'pasajeros' }}
      create={canWrite ? { label: 'Nuevo Pasajero', to: '/passengers/new' } : undefined}
      search={{ ...list.searchBox, label: SEARCH_LABEL, placeholder: 'Buscar pasajeros...' }}
      list={{ ...list.status, ...TEXTS }}
      pagination={list.pagination}
      dialogs={remove.dialog}
    >
      <DataTable
        caption="Pasajeros"
        columns={columns}
        rows={list.rows}
        rowKey={(passenger) => passenger.id}
        emptyText={TEXTS.emptyText}
      />
    </ListPage>
  );
}
