import { RecordFormPage } from '../../components/ui/RecordFormPage';
import { clientsResource } from './api';
import { ClientForm } from './ClientForm';
import { CLIENT_TEXTS } from './texts';

/** /clients/new and /clients/{id}/edit. */
export function ClientFormPage() {
  return (
    <RecordFormPage resource={clientsResource} texts={CLIENT_TEXTS}>
      {({ record, onSaved, onCancel }) => (
        <ClientForm client={record} onSaved={onSaved} onCancel={onCancel} />
      )}
    </RecordFormPage>
  );
}
