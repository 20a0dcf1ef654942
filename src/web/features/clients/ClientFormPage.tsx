import { RecordFormPage } from '../../components/ui/RecordFormPage';
import { clientQuery } from './api';
import { ClientForm } from './ClientForm';

/** /clients/new and /clients/{id}/edit. */
export function ClientFormPage() {
  return (
    <RecordFormPage
      recordQuery={clientQuery}
      listPath="/clients"
      newTitle="Nuevo Cliente"
      editTitle="Editar Cliente"
      loadingLabel="Cargando cliente..."
      notFound="Cliente no encontrado"
      loadError="Error loading client"
    >
      {({ record, onSaved, onCancel }) => (
        <ClientForm client={record} onSaved={(_client, message) => onSaved(message)} onCancel={onCancel} />
      )}
    </RecordFormPage>
  );
}
