import { passengersApi } from '../../../domain/api/master-data';
import { countryName } from '../../../domain/countries';
import { formatDate } from '../../../domain/format';
import type { Passenger } from '../../../domain/master-data';
import { documentSummary } from '../../../domain/travel-document';
import { useCanCall } from '../../auth';
import { DataTable, type DataTableColumn } from '../../components/ui/DataTable';
import { ListPage } from '../../components/ui/ListPage';
import { RowActions } from '../../components/ui/RowActions';
import { useRecordList } from '../../components/ui/use-record-list';
import { passengersResource } from './api';
import { PASSENGER_TEXTS } from './texts';

const COLUMNS: ReadonlyArray<DataTableColumn<Passenger>> = [
  { key: 'name', header: 'Nombre', rowHeader: true, className: 'font-medium', cell: (p) => p.name },
  { key: 'passengerId', header: 'ID/RUT', cell: (p) => p.passengerId },
  {
    key: 'email',
    header: 'Email',
    cell: (p) => p.email ?? <span className="text-gray-600 italic">Sin email</span>,
  },
  { key: 'dateOfBirth', header: 'Fecha de nacimiento', cell: (p) => formatDate(p.dateOfBirth) },
  {
    key: 'document',
    header: 'Documento',
    cell: (p) => documentSummary(p) ?? <span className="text-gray-600 italic">Sin documento</span>,
  },
  {
    key: 'nationality',
    header: 'Nacionalidad',
    secondary: true,
    cell: (p) => (p.nationality ? countryName(p.nationality) : '—'),
  },
  { key: 'phone', header: 'Teléfono', secondary: true, cell: (p) => p.phone ?? '—' },
];

/**
 * /passengers: a dense table, since a sale's passengers are looked up by name, RUT or email; the
 * document says what they travel with and until when.
 */
export function PassengersPage() {
  const canWrite = useCanCall(passengersApi.create);
  const { rows, askDelete, listPage } = useRecordList(passengersResource, PASSENGER_TEXTS, canWrite);
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
              onDelete={() => askDelete(passenger)}
            />
          ),
        },
      ]
    : COLUMNS;

  return (
    <ListPage {...listPage}>
      <DataTable
        caption={PASSENGER_TEXTS.title}
        columns={columns}
        rows={rows}
        rowKey={(passenger) => passenger.id}
        emptyText={PASSENGER_TEXTS.empty}
      />
    </ListPage>
  );
}
