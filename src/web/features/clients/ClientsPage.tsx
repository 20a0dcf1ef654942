import { PEOPLE_WRITE_ROLES } from '../../../domain/roles';
import { useCurrentUser } from '../../auth';
import { Card } from '../../components/ui/Card';
import { useDeleteDialog } from '../../components/ui/DeleteDialog';
import { ListPage } from '../../components/ui/ListPage';
import { RowActions } from '../../components/ui/RowActions';
import { usePagedList } from '../../lib/use-paged-list';
import { clientListQuery, useDeleteClient } from './api';

const SEARCH_LABEL = 'Buscar clientes por nombre, ID/RUT o email';
const DELETE_TEXTS = { title: '¿Eliminar cliente?', errorTitle: 'Error deleting client' };
const TEXTS = {
  loadingLabel: 'Cargando clientes...',
  errorTitle: 'Error loading clients',
  emptyText: 'No se encontraron clientes',
};

function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <>
      <dt className="text-gray-600">{label}</dt>
      <dd className={value ? 'wrap-anywhere text-gray-900' : 'text-gray-600 italic'}>
        {value ?? 'No indicado'}
      </dd>
    </>
  );
}

/** /clients: a card per client, since the address is read as a whole and does not fit a column. */
export function ClientsPage() {
  const canWrite = PEOPLE_WRITE_ROLES.includes(useCurrentUser().role);
  const list = usePagedList(clientListQuery);
  const remove = useDeleteDialog(useDeleteClient().mutateAsync, DELETE_TEXTS);

  return (
    <ListPage
      title="Clientes"
      exportMenu={{ path: '/api/clients/export', filters: { q: list.q }, fileName: 'clientes' }}
      create={canWrite ? { label: 'Nuevo Cliente', to: '/clients/new' } : undefined}
      search={{ ...list.searchBox, label: SEARCH_LABEL, placeholder: 'Buscar clientes...' }}
      list={{ ...list.status, ...TEXTS }}
      pagination={list.pagination}
      dialogs={remove.dialog}
    >
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {list.rows.map((client) => (
          <li key={client.id}>
            <Card className="flex h-full flex-col gap-4 p-5">
              <h2 className="text-lg font-semibold text-gray-900">{client.name}</h2>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <Detail label="ID/RUT" value={client.clientId} />
                <Detail label="Email" value={client.email} />
                <Detail label="Dirección" value={client.address} />
              </dl>
              {canWrite && (
                <div className="mt-auto">
                  <RowActions
                    name={client.name}
                    editTo={`/clients/${client.id}/edit`}
                    onDelete={() => remove.ask(client)}
                  />
                </div>
              )}
            </Card>
          </li>
        ))}
      </ul>
    </ListPage>
  );
}
