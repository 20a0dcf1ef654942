import { RecordFormPage } from '../../components/ui/RecordFormPage';
import { passengersResource } from './api';
import { PassengerForm } from './PassengerForm';
import { PASSENGER_TEXTS } from './texts';

/** /passengers/new and /passengers/{id}/edit. */
export function PassengerFormPage() {
  return (
    <RecordFormPage resource={passengersResource} texts={PASSENGER_TEXTS}>
      {({ record, onSaved, onCancel }) => (
        <PassengerForm passenger={record} onSaved={onSaved} onCancel={onCancel} />
      )}
    </RecordFormPage>
  );
}
