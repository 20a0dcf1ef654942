import { Controller } from 'react-hook-form';
import { type CurrencyRate, type CurrencyRateInput, currencyRateSchema } from '../../../domain/company';
import { inverseRateEquation, rateEquation } from '../../../domain/rate-text';
import { parseTypedDecimal, rateInputText } from '../../../domain/typed-decimal';
import { Field, RateField } from '../../components/ui/Field';
import { FormActions } from '../../components/ui/FormActions';
import { TargetModal } from '../../components/ui/Modal';
import { typedDecimalResolver } from '../../lib/decimal-resolver';
import { toastThen, useBoundForm } from '../../lib/form';
import { type CurrencyRateData, useSaveRate } from './api';
import { CurrencyPicker } from './CurrencyPicker';

/** The one message of the rate forms; the server's reason (e.g. a duplicate) goes under it. */
export const RATE_ERROR = 'Error al procesar la solicitud';

const resolver = typedDecimalResolver(currencyRateSchema, { rate: 'rate' });

/** While typing: the rate as the list will show it, and its inverse ('1 USD = 952,38 CLP'). */
function rateHint(currency: string | undefined, typed: unknown): string | undefined {
  if (!currency || typeof typed !== 'string' || typed.trim() === '') return undefined;
  const parsed = parseTypedDecimal(typed, 'rate');
  const inverse = parsed.ok ? inverseRateEquation(currency, parsed.value) : null;
  return parsed.ok && inverse ? `${rateEquation(currency, parsed.value)} · ${inverse}` : undefined;
}

interface CurrencyRateFormProps {
  /** The rate to edit; without it the form adds one. */
  rate?: CurrencyRate;
  onDone: () => void;
}

function CurrencyRateForm({ rate, onDone }: CurrencyRateFormProps) {
  const save = useSaveRate();
  const { register, control, handleSubmit, bind, watch } = useBoundForm<CurrencyRateInput, CurrencyRateData>({
    resolver,
    // On edit the currency stays in the values (so the shared schema passes) but has no input.
    defaultValues: {
      currency: rate?.currency ?? '',
      // Four decimals at least: a stored 1.085 shown as typed would read as a thousands group.
      rate: rate ? rateInputText(rate.rate) : '',
      isActive: rate?.isActive ?? true,
    },
  });

  const typed = watch('rate');
  const currency = rate?.currency ?? watch('currency');

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
      <RateField label="Tasa a USD" required hint={rateHint(currency, typed)} {...bind('rate')} />
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
