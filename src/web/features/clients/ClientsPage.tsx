import { clientsApi } from '../../../domain/api/master-data';
import type { Client } from '../../../domain/master-data-replies';
import { whatsAppLink } from '../../../domain/phone';
import { canCall, useCurrentUser } from '../../auth';
import { FOCUS_RING } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ListPage } from '../../components/ui/ListPage';
import { RowActions } from '../../components/ui/RowActions';
import { useRecordList } from '../../components/ui/use-record-list';
import { cn } from '../../lib/cn';
import { StatementButton } from '../documents';
import { clientsResource } from './api';
import { ClientIdProblemsNotice } from './ClientIdProblemsNotice';
import { CLIENT_TEXTS } from './texts';

function Detail({ label, value }: { label: string; value?: string | null }) {
  return (
    <>
      <dt className="text-gray-600">{label}</dt>
      <dd className={value ? 'wrap-anywhere text-gray-900' : 'text-gray-600 italic'}>
        {value ?? 'No indicado'}
      </dd>
    </>
  );
}

/** A chat with the client in WhatsApp, from the phone saved for them (nothing without one). */
function WhatsAppLink({ client }: { client: Client }) {
  const href = whatsAppLink(client.phone);
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`WhatsApp de ${client.name}`}
      className={cn('self-start text-sm font-medium text-green-700 underline', FOCUS_RING)}
    >
      WhatsApp
    </a>
  );
}

/** /clients: a card per client, since the address is read as a whole and does not fit a column. */
export function ClientsPage() {
  const { role } = useCurrentUser();
  const canWrite = canCall(clientsApi.create, role);
  const { rows, askDelete, listPage } = useRecordList(clientsResource, CLIENT_TEXTS, canWrite);

  return (
    <ListPage {...listPage} intro={canCall(clientsApi.idProblems, role) && <ClientIdProblemsNotice />}>
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {rows.map((client) => (
          <li key={client.id}>
            <Card className="flex h-full flex-col gap-4 p-5">
              <h2 className="text-lg font-semibold text-gray-900">{client.name}</h2>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <Detail label="ID/RUT" value={client.clientId} />
                <Detail label="Email" value={client.email} />
                <Detail label="Dirección" value={client.address} />
                <Detail label="Teléfono" value={client.phone} />
                <Detail label="Comuna" value={client.commune} />
                <Detail label="Giro" value={client.businessActivity} />
              </dl>
              <WhatsAppLink client={client} />
              <div className="mt-auto flex flex-wrap items-center gap-2">
                <StatementButton client={client} />
                {canWrite && (
                  <RowActions
                    name={client.name}
                    editTo={`/clients/${client.id}/edit`}
                    onDelete={() => askDelete(client)}
                  />
                )}
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </ListPage>
  );
}
