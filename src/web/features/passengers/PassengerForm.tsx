import { useForm } from 'react-hook-form';
import { localIsoDate, toIsoDate } from '../../../domain/dates';
import { type Passenger, type PassengerInput, passengerSchema } from '../../../domain/master-data';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { Field } from '../../components/ui/Field';
import { FormActions } from '../../components/ui/FormActions';
import { blankAsNullResolver, fieldBinder } from '../../lib/form';
import { type PassengerData, useSavePassenger } from './api';

const resolver = blankAsNullResolver(passengerSchema);

export interface PassengerFormProps {
  /** The passenger to edit; without it the form creates one. */
  passenger?: Passenger;
  onSaved: (passenger: Passenger, message: string) => void;
  onCancel?: () => void;
}

/** Create or edit a passenger. Also used in the sale item dialog to add a passenger on the spot. */
export function PassengerForm({ passenger, onSaved, onCancel }: PassengerFormProps) {
  const save = useSavePassenger();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PassengerInput, unknown, PassengerData>({
    resolver,
    defaultValues: {
      name: passenger?.name ?? '',
      passengerId: passenger?.passengerId ?? '',
      email: passenger?.email ?? '',
      // Older records may hold dd/mm/yyyy; the date input only understands yyyy-mm-dd.
      dateOfBirth: toIsoDate(passenger?.dateOfBirth) ?? '',
    },
  });
  const bind = fieldBinder(register, errors);

  const submit = (body: PassengerData) =>
    save.mutate(
      { id: passenger?.id, body },
      { onSuccess: ({ record, message }) => onSaved(record, message) },
    );

  return (
    <form noValidate className="space-y-4" onSubmit={handleSubmit(submit)}>
      <Field label="Nombre" required autoComplete="off" {...bind('name')} />
      <Field label="ID/RUT del pasajero" required autoComplete="off" {...bind('passengerId')} />
      <Field label="Email" type="email" autoComplete="off" {...bind('email')} />
      <Field label="Fecha de nacimiento" type="date" required max={localIsoDate()} {...bind('dateOfBirth')} />
      {save.error && (
        <ErrorAlert
          title={passenger ? 'Error updating passenger' : 'Error creating passenger'}
          error={save.error}
        />
      )}
      <FormActions onCancel={onCancel} pending={save.isPending} />
    </form>
  );
}
