import { RecordFormPage } from '../../components/ui/RecordFormPage';
import { useAgencyPreferences } from '../company';
import { Communications } from '../emails';
import { clientsResource } from './api';
import { ClientForm } from './ClientForm';
import { CLIENT_TEXTS } from './texts';

/** What was sent to a saved client, in the agency's zone (read only once a client is shown). */
function ClientCommunications({ clientId }: { clientId: number }) {
  const { timeZone } = useAgencyPreferences();
  return (
    <div className="mt-6 border-t border-gray-200 pt-6">
      <Communications clientId={clientId} timeZone={timeZone} />
    </div>
  );
}

/** /clients/new and /clients/{id}/edit; a saved client shows "Comunicaciones" below its form. */
export function ClientFormPage() {
  return (
    <RecordFormPage resource={clientsResource} texts={CLIENT_TEXTS}>
      {({ record, onSaved, onCancel }) => (
        <>
          <ClientForm client={record} onSaved={onSaved} onCancel={onCancel} />
          {record && <ClientCommunications clientId={record.id} />}
        </>
      )}
    </RecordFormPage>
  );
}
