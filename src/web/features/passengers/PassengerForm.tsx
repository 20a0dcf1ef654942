import { COUNTRY_OPTIONS } from '../../../domain/countries';
import { localIsoDate, toIsoDate } from '../../../domain/dates';
import { type Passenger, type PassengerInput, passengerSchema } from '../../../domain/master-data';
import { DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES } from '../../../domain/travel-document';
import { useRecordSave } from '../../api/resource';
import { Field, RutField } from '../../components/ui/Field';
import { FormActions } from '../../components/ui/FormActions';
import { SelectField } from '../../components/ui/SelectField';
import { blankAsNullResolver, useBoundForm } from '../../lib/form';
import { type PassengerData, passengersResource } from './api';

const resolver = blankAsNullResolver(passengerSchema);
const DOCUMENT_TYPE_OPTIONS = DOCUMENT_TYPES.map((value) => ({ value, label: DOCUMENT_TYPE_LABELS[value] }));

export interface PassengerFormProps {
  /** The passenger to edit; without it the form creates one. */
  passenger?: Passenger;
  onSaved: (passenger: Passenger, message: string) => void;
  onCancel?: () => void;
}

/** Create or edit a passenger. Also used in the sale item dialog to add a passenger on the spot. */
export function PassengerForm({ passenger, onSaved, onCancel }: PassengerFormProps) {
  const { save, submit } = useRecordSave(passengersResource, passenger?.id, onSaved);
  const { handleSubmit, bind, watch } = useBoundForm<PassengerInput, PassengerData>({
    resolver,
    defaultValues: {
      name: passenger?.name ?? '',
      passengerId: passenger?.passengerId ?? '',
      email: passenger?.email ?? '',
      // Older records may hold dd/mm/yyyy; the date input only understands yyyy-mm-dd.
      dateOfBirth: toIsoDate(passenger?.dateOfBirth) ?? '',
      // The form sends every field, so a field emptied here is cleared (blank is null).
      nationality: passenger?.nationality ?? '',
      documentType: passenger?.documentType ?? null,
      documentNumber: passenger?.documentNumber ?? '',
      documentExpiry: passenger?.documentExpiry ?? '',
      phone: passenger?.phone ?? '',
    },
  });
  // A RUT document is shown as it will be stored once left, as the ID/RUT above.
  const NumberField = watch('documentType') === 'rut' ? RutField : Field;

  return (
    <form noValidate className="space-y-4" onSubmit={handleSubmit(submit)}>
      <Field label="Nombre" required autoComplete="off" {...bind('name')} />
      <RutField label="ID/RUT del pasajero" required {...bind('passengerId')} />
      <Field label="Email" type="email" autoComplete="off" {...bind('email')} />
      <Field label="Fecha de nacimiento" type="date" required max={localIsoDate()} {...bind('dateOfBirth')} />
      <Field label="Teléfono" type="tel" autoComplete="off" {...bind('phone')} />
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-gray-900">Documento de viaje</legend>
        <SelectField
          label="Nacionalidad"
          placeholder="Sin indicar"
          options={COUNTRY_OPTIONS}
          {...bind('nationality')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Tipo de documento"
            placeholder="Sin indicar"
            options={DOCUMENT_TYPE_OPTIONS}
            {...bind('documentType')}
          />
          <NumberField label="Número de documento" autoComplete="off" {...bind('documentNumber')} />
        </div>
        <Field label="Vencimiento del documento" type="date" {...bind('documentExpiry')} />
      </fieldset>
      <FormActions
        onCancel={onCancel}
        save={save}
        errorTitle={passenger ? 'Error updating passenger' : 'Error creating passenger'}
      />
    </form>
  );
}
