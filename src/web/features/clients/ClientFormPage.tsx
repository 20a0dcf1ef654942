import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { RecordFormPage } from '../../components/ui/RecordFormPage';
import { clientQuery } from './api';
import { ClientForm } from './ClientForm';

/** /clients/new and /clients/{id}/edit. */
export function ClientFormPage() {
  const { id } = useParams();
  const query = useQuery({ ...clientQuery(id ?? ''), enabled: id !== undefined });
  return (
    <RecordFormPage
      id={id}
      query={query}
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
