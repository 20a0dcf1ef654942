import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Client } from '../../../domain/master-data';
import { PEOPLE_WRITE_ROLES } from '../../../domain/roles';
import { useCurrentUser } from '../../auth';
import { buttonClasses } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { DeleteDialog } from '../../components/ui/DeleteDialog';
import { ExportMenu } from '../../components/ui/ExportMenu';
import { ListStatus } from '../../components/ui/ListStatus';
import { PageHeader } from '../../components/ui/PageHeader';
import { Pagination } from '../../components/ui/Pagination';
import { RowActions } from '../../components/ui/RowActions';
import { SearchInput } from '../../components/ui/SearchInput';
import { usePagedList } from '../../lib/use-paged-list';
import { clientListQuery, useDeleteClient } from './api';

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

export function ClientsPage() {
  const canWrite = PEOPLE_WRITE_ROLES.includes(useCurrentUser().role);
  const list = usePagedList(clientListQuery);
  const remove = useDeleteClient();
  const [toDelete, setToDelete] = useState<Client | null>(null);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Clientes"
        actions={
          <div className="flex flex-wrap gap-2">
            <ExportMenu path="/api/clients/export" filters={{ q: list.q }} fileName="clientes" />
            {canWrite && (
              <Link to="/clients/new" className={buttonClasses()}>
                <Plus aria-hidden="true" className="size-4" />
                Nuevo Cliente
              </Link>
            )}
          </div>
        }
      />
      <SearchInput
        label="Buscar clientes por nombre, ID/RUT o email"
        placeholder="Buscar clientes..."
        value={list.search}
        onValueChange={list.setSearch}
        className="max-w-md"
      />
      <ListStatus
        isPending={list.query.isPending}
        error={list.query.error}
        isEmpty={list.rows.length === 0}
        loadingLabel="Cargando clientes..."
        errorTitle="Error loading clients"
        emptyText="No se encontraron clientes"
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
                      onDelete={() => setToDelete(client)}
                    />
                  </div>
                )}
              </Card>
            </li>
          ))}
        </ul>
      </ListStatus>
      <Pagination page={list.page} totalPages={list.totalPages} onPageChange={list.setPage} />
      <DeleteDialog
        target={toDelete}
        onClose={() => setToDelete(null)}
        title="¿Eliminar cliente?"
        errorTitle="Error deleting client"
        onDelete={remove.mutateAsync}
      />
    </div>
  );
}
