import { useForm } from 'react-hook-form';
import { toIsoDate } from '../../../domain/dates';
import { type Passenger, type PassengerInput, passengerSchema } from '../../../domain/master-data';
import { Button } from '../../components/ui/Button';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { Field } from '../../components/ui/Field';
import { blankAsNullResolver } from '../../lib/form';
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
      // Older records may hold dd/mm/yyyy; the date input only understands yyyy-mm-dd (spec 2).
      dateOfBirth: toIsoDate(passenger?.dateOfBirth) ?? '',
    },
  });

  const submit = (body: PassengerData) =>
    save.mutate(
      { id: passenger?.id, body },
      { onSuccess: ({ record, message }) => onSaved(record, message) },
    );

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        // In the sale item dialog React bubbles submit through the portal to the sale form; stop it here.
        event.stopPropagation();
        void handleSubmit(submit)(event);
      }}
    >
      <Field label="Nombre" required autoComplete="off" error={errors.name?.message} {...register('name')} />
      <Field
        label="ID/RUT del pasajero"
        required
        autoComplete="off"
        error={errors.passengerId?.message}
        {...register('passengerId')}
      />
      <Field
        label="Email"
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...register('email')}
      />
      <Field
        label="Fecha de nacimiento"
        type="date"
        required
        max={new Date().toISOString().slice(0, 10)}
        error={errors.dateOfBirth?.message}
        {...register('dateOfBirth')}
      />
      {save.error && (
        <ErrorAlert
          title={passenger ? 'Error updating passenger' : 'Error creating passenger'}
          error={save.error}
        />
      )}
      <div className="flex justify-end gap-3 pt-2">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancelar
          </Button>
        )}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Guardando...' : 'Guardar'}
        </Button>
      </div>
    </form>
  );
}
