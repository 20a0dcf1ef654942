import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { RecordFormPage } from '../../components/ui/RecordFormPage';
import { passengerQuery } from './api';
import { PassengerForm } from './PassengerForm';

/** /passengers/new and /passengers/{id}/edit. */
export function PassengerFormPage() {
  const { id } = useParams();
  const query = useQuery({ ...passengerQuery(id ?? ''), enabled: id !== undefined });
  return (
    <RecordFormPage
      id={id}
      query={query}
      listPath="/passengers"
      newTitle="Nuevo Pasajero"
      editTitle="Editar Pasajero"
      loadingLabel="Cargando pasajero..."
      notFound="Pasajero no encontrado"
      loadError="Error loading passenger"
    >
      {({ record, onSaved, onCancel }) => (
        <PassengerForm
          passenger={record}
          onSaved={(_passenger, message) => onSaved(message)}
          onCancel={onCancel}
        />
      )}
    </RecordFormPage>
  );
}
