import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ListPage } from '../../components/ui/ListPage';
import { serverPages } from '../../components/ui/Pagination';
import { emailsQuery } from './api';
import { EmailsTable } from './EmailsTable';

/**
 * "Comunicaciones" of a sale or a client: what was sent (or is waiting), to whom, when, and its
 * status. The server shows a seller only their own sales' messages. The agency's zone comes from the
 * screen that mounts it (it owns Configuraciones' preferences), and so does the frame around it.
 */
export function Communications({
  timeZone,
  ...filter
}: { timeZone: string } & ({ saleId: number } | { clientId: number })) {
  const [page, setPage] = useState(1);
  const list = useQuery(emailsQuery({ ...filter, page }));
  return (
    <ListPage
      title="Comunicaciones"
      level={2}
      className="space-y-4"
      list={{
        isPending: list.isPending,
        error: list.error,
        isEmpty: list.data?.emails.length === 0,
        loadingLabel: 'Cargando comunicaciones...',
        errorTitle: 'No se pudieron cargar las comunicaciones',
        emptyText: 'Aún no se ha enviado nada',
      }}
      pagination={serverPages(list.data?.pagination, setPage)}
    >
      <EmailsTable caption="Comunicaciones" emails={list.data?.emails ?? []} timeZone={timeZone} />
    </ListPage>
  );
}
