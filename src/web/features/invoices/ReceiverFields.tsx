import type { ReceiverFieldName } from '../../../domain/invoice-preview';
import { Field } from '../../components/ui/Field';

/** The receiver's fields a factura electrónica may ask for, with the SII's lengths. */
export const RECEIVER_FIELDS = [
  { name: 'receiverActivity', label: 'Giro del cliente', maxLength: 40, required: 'Indica el giro' },
  { name: 'receiverAddress', label: 'Dirección del cliente', maxLength: 70, required: 'Indica la dirección' },
  { name: 'receiverCommune', label: 'Comuna del cliente', maxLength: 20, required: 'Indica la comuna' },
] as const satisfies readonly {
  name: ReceiverFieldName;
  label: string;
  maxLength: number;
  required: string;
}[];

export type ReceiverValues = Partial<Record<ReceiverFieldName, string>>;

interface ReceiverFieldsProps {
  /** The fields to ask for: those the client's record and its last DTE lack. */
  asked: readonly ReceiverFieldName[];
  values: ReceiverValues;
  /** Each field's message: left blank, or the server's. */
  errors: Partial<Record<ReceiverFieldName, string>>;
  onChange: (values: ReceiverValues) => void;
}

/** The giro, address and comuna the invoice needs and the client's record lacks; none asked, nothing shown. */
export function ReceiverFields({ asked, values, errors, onChange }: ReceiverFieldsProps) {
  const fields = RECEIVER_FIELDS.filter((field) => asked.includes(field.name));
  if (fields.length === 0) return null;
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-gray-900">Datos del receptor que faltan</legend>
      <p className="text-sm text-gray-700">
        Se guardan en esta factura y se proponen en las próximas de este cliente.
      </p>
      {fields.map((field) => (
        <Field
          key={field.name}
          label={field.label}
          required
          maxLength={field.maxLength}
          value={values[field.name] ?? ''}
          error={errors[field.name]}
          onChange={(event) => onChange({ ...values, [field.name]: event.target.value })}
        />
      ))}
    </fieldset>
  );
}
