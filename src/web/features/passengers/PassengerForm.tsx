import { localIsoDate, toIsoDate } from '../../../domain/dates';
import { type Passenger, type PassengerInput, passengerSchema } from '../../../domain/master-data';
import { useRecordSave } from '../../api/resource';
import { Field, RutField } from '../../components/ui/Field';
import { FormActions } from '../../components/ui/FormActions';
import { blankAsNullResolver, useBoundForm } from '../../lib/form';
import { type PassengerData, passengersResource } from './api';

const resolver = blankAsNullResolver(passengerSchema);

export interface PassengerFormProps {
  /** The passenger to edit; without it the form creates one. */
  passenger?: Passenger;
  onSaved: (passenger: Passenger, message: string) => void;
  onCancel?: () => void;
}

/** Create or edit a passenger. Also used in the sale item dialog to add a passenger on the spot. */
export function PassengerForm({ passenger, onSaved, onCancel }: PassengerFormProps) {
  const { save, submit } = useRecordSave(passengersResource, passenger?.id, onSaved);
  const { handleSubmit, bind } = useBoundForm<PassengerInput, PassengerData>({
    resolver,
    defaultValues: {
      name: passenger?.name ?? '',
      passengerId: passenger?.passengerId ?? '',
      email: passenger?.email ?? '',
      // Older records may hold dd/mm/yyyy; the date input only understands yyyy-mm-dd.
      dateOfBirth: toIsoDate(passenger?.dateOfBirth) ?? '',
    },
  });

  return (
    <form noValidate className="space-y-4" onSubmit={handleSubmit(submit)}>
      <Field label="Nombre" required autoComplete="off" {...bind('name')} />
      <RutField label="ID/RUT del pasajero" required {...bind('passengerId')} />
      <Field label="Email" type="email" autoComplete="off" {...bind('email')} />
      <Field label="Fecha de nacimiento" type="date" required max={localIsoDate()} {...bind('dateOfBirth')} />
      <FormActions
        onCancel={onCancel}
        save={save}
        errorTitle={passenger ? 'Error updating passenger' : 'Error creating passenger'}
      />
    </form>
  );
}
