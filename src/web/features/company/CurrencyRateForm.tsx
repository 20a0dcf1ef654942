import { zodResolver } from '@hookform/resolvers/zod';
import { Controller } from 'react-hook-form';
import { type CurrencyRate, type CurrencyRateInput, currencyRateSchema } from '../../../domain/company';
import { Field } from '../../components/ui/Field';
import { FormActions } from '../../components/ui/FormActions';
import { TargetModal } from '../../components/ui/Modal';
import { toastThen, useBoundForm } from '../../lib/form';
import { type CurrencyRateData, useSaveRate } from './api';
import { CurrencyPicker } from './CurrencyPicker';

/** The one message of the rate forms; the server's reason (e.g. a duplicate) goes under it. */
export const RATE_ERROR = 'Error al procesar la solicitud';

const resolver = zodResolver(currencyRateSchema);

interface CurrencyRateFormProps {
  /** The rate to edit; without it the form adds one. */
  rate?: CurrencyRate;
  onDone: () => void;
}

function CurrencyRateForm({ rate, onDone }: CurrencyRateFormProps) {
  const save = useSaveRate();
  const { register, control, handleSubmit, bind } = useBoundForm<CurrencyRateInput, CurrencyRateData>({
    resolver,
    // On edit the currency stays in the values (so the shared schema passes) but has no input.
    defaultValues: {
      currency: rate?.currency ?? '',
      rate: rate?.rate ?? '',
      isActive: rate?.isActive ?? true,
    },
  });

  const submit = (body: CurrencyRateData) =>
    save.mutate(
      { id: rate?.id, body },
      {
        onSuccess: (saved) =>
          toastThen(
            rate ? `Tasa de ${saved.currency} actualizada` : `Tasa de ${saved.currency} agregada`,
            onDone,
          ),
      },
    );

  return (
    <form noValidate className="space-y-4" onSubmit={handleSubmit(submit)}>
      {rate ? (
        <Field label="Moneda" value={rate.currency} disabled readOnly />
      ) : (
        <Controller
          name="currency"
          control={control}
          render={({ field, fieldState }) => (
            <CurrencyPicker
              value={field.value ?? ''}
              onChange={field.onChange}
              inputRef={field.ref}
              error={fieldState.error?.message}
            />
          )}
        />
      )}
      <Field
        label="Tasa a USD"
        type="number"
        inputMode="decimal"
        step="0.0001"
        min="0.0001"
        required
        {...bind('rate')}
      />
      <label className="flex items-center gap-2 text-sm font-medium text-gray-800">
        <input type="checkbox" className="size-4 accent-blue-600" {...register('isActive')} />
        Activa
      </label>
      <FormActions onCancel={onDone} save={save} errorTitle={RATE_ERROR} />
    </form>
  );
}

interface CurrencyRateDialogProps {
  /** null: closed; {}: adding a rate; { rate }: editing that rate. */
  target: { rate?: CurrencyRate } | null;
  onClose: () => void;
}

export function CurrencyRateDialog({ target, onClose }: CurrencyRateDialogProps) {
  return (
    <TargetModal
      target={target}
      onClose={onClose}
      title={target?.rate ? `Editar Tasa ${target.rate.currency}` : 'Agregar Tasa'}
      description="1 unidad de la moneda equivale a la tasa indicada en USD."
    >
      {({ rate }) => <CurrencyRateForm rate={rate} onDone={onClose} />}
    </TargetModal>
  );
}
