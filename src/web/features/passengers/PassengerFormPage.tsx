import { RecordFormPage } from '../../components/ui/RecordFormPage';
import { passengerQuery } from './api';
import { PassengerForm } from './PassengerForm';

/** /passengers/new and /passengers/{id}/edit. */
export function PassengerFormPage() {
  return (
    <RecordFormPage
      recordQuery={passengerQuery}
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
