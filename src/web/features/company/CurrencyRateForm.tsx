import { useId, useState } from 'react';
import { Controller, type Resolver } from 'react-hook-form';
import {
  type CurrencyRate,
  type CurrencyRateCreate,
  type CurrencyRateInput,
  currencyRateSchema,
} from '../../../domain/company';
import { styled } from '../../../domain/format';
import { rateInputText } from '../../../domain/typed-decimal';
import { Field, LABEL, RateField } from '../../components/ui/Field';
import { FormActions } from '../../components/ui/FormActions';
import { TargetModal } from '../../components/ui/Modal';
import { typedDecimalResolver } from '../../lib/decimal-resolver';
import { toastThen, useBoundForm } from '../../lib/form';
import { useNumberFormat } from '../../lib/use-money';
import { useSaveRate } from './api';
import { CurrencyPicker } from './CurrencyPicker';
import { RateChangeQuestion } from './RateChangeQuestion';
import {
  bigChange,
  defaultSide,
  otherSide,
  type RateChange,
  type RateSide,
  rateBody,
  rateHint,
  switchedText,
} from './rate-form-model';

/** The one message of the rate forms; the server's reason (e.g. a duplicate) goes under it. */
export const RATE_ERROR = 'Error al procesar la solicitud';

const readTyped = typedDecimalResolver(currencyRateSchema, { rate: 'rate', unitsPerUsd: 'rate' });

/**
 * The shared schema reads the side being typed only (a body carries one side, decision 0086), which
 * the form hands over as its context; the other keeps its text, so switching back shows it again.
 */
const resolver: Resolver<CurrencyRateInput, unknown, CurrencyRateCreate> = (values, side, options) =>
  readTyped({ ...values, [otherSide(side === 'rate' ? 'rate' : 'unitsPerUsd')]: undefined }, side, options);

interface CurrencyRateFormProps {
  /** The rate to edit; without it the form adds one. */
  rate?: CurrencyRate;
  onDone: () => void;
}

function CurrencyRateForm({ rate, onDone }: CurrencyRateFormProps) {
  const save = useSaveRate();
  const style = useNumberFormat();
  // The side being typed: the schema's context, the radio buttons' choice.
  const [side, setSide] = useState<RateSide>(defaultSide(rate));
  const { register, control, handleSubmit, bind, watch, getValues, setValue, setFocus } = useBoundForm<
    CurrencyRateInput,
    CurrencyRateCreate
  >({
    resolver,
    context: side,
    // On edit the currency stays in the values (so the shared schema passes) but has no input.
    defaultValues: {
      currency: rate?.currency ?? '',
      // Four decimals at least: a stored 1.085 shown as typed would read as a thousands group.
      rate: rate ? rateInputText(rate.rate) : '',
      unitsPerUsd: rate ? rateInputText(rate.unitsPerUsd) : '',
      isActive: rate?.isActive ?? true,
    },
  });
  // The side the person last typed in: what is sent (a switch only shows its reciprocal).
  const [typedOn, setTypedOn] = useState<RateSide | null>(null);
  // A change of more than 20 % waiting for Confirmar, with the body that saves it.
  const [question, setQuestion] = useState<{ change: RateChange; body: CurrencyRateCreate } | null>(null);

  const currency = rate?.currency ?? watch('currency');
  const textOf = (name: RateSide) => String(getValues(name) ?? '');
  const radios = useId();
  const code = currency || 'moneda';

  const send = (body: CurrencyRateCreate) =>
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

  const submit = (checked: CurrencyRateCreate) => {
    const texts = { rate: textOf('rate'), unitsPerUsd: textOf('unitsPerUsd') };
    const body = rateBody(checked, side, typedOn, texts, rate !== undefined);
    const change = rate ? bigChange(rate, body, style) : null;
    if (change) setQuestion({ change, body });
    else send(body);
  };

  // Back to the form as it was left, focus on the rate (react-hook-form focuses after the render that
  // shows it again); Confirmar saves from there too, so a refusal shows under what was typed.
  const back = () => {
    setQuestion(null);
    setFocus(side);
  };
  const confirm = (body: CurrencyRateCreate) => {
    back();
    send(body);
  };

  // After typing on one side, the other shows its reciprocal; what was typed stays in its own field.
  const switchSide = (next: RateSide) => {
    setSide(next);
    const from = otherSide(next);
    if (typedOn !== from) return;
    const shown = switchedText(textOf(from));
    if (shown === null) setTypedOn(null);
    else setValue(next, shown);
  };

  return (
    <>
      {question && (
        <RateChangeQuestion change={question.change} onBack={back} onConfirm={() => confirm(question.body)} />
      )}
      <form noValidate className="space-y-4" hidden={question !== null} onSubmit={handleSubmit(submit)}>
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
        <fieldset>
          <legend className={LABEL}>Escribir la tasa como</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {(['unitsPerUsd', 'rate'] as const).map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm text-gray-800">
                <input
                  type="radio"
                  name={radios}
                  value={value}
                  checked={side === value}
                  className="size-4 accent-blue-600"
                  onChange={() => switchSide(value)}
                />
                {value === 'unitsPerUsd' ? `1 USD = ___ ${code}` : `1 ${code} = ___ USD`}
              </label>
            ))}
          </div>
        </fieldset>
        {/* One field at a time; the other keeps its text in the form's values. */}
        <RateField
          key={side}
          label={side === 'rate' ? 'Tasa a USD' : `${currency || 'Unidades'} por 1 USD`}
          required
          hint={rateHint(currency, side, String(watch(side) ?? ''), style)}
          {...bind(side, { onChange: () => setTypedOn(side) })}
        />
        <label className="flex items-center gap-2 text-sm font-medium text-gray-800">
          <input type="checkbox" className="size-4 accent-blue-600" {...register('isActive')} />
          Activa
        </label>
        <FormActions onCancel={onDone} save={save} errorTitle={RATE_ERROR} />
      </form>
    </>
  );
}

interface CurrencyRateDialogProps {
  /** null: closed; {}: adding a rate; { rate }: editing that rate. */
  target: { rate?: CurrencyRate } | null;
  onClose: () => void;
}

export function CurrencyRateDialog({ target, onClose }: CurrencyRateDialogProps) {
  // The example is written like the rates around it (typing takes both forms anyway).
  const example = styled('1.08', useNumberFormat());
  return (
    <TargetModal
      target={target}
      onClose={onClose}
      title={target?.rate ? `Editar Tasa ${target.rate.currency}` : 'Agregar Tasa'}
      description={`Escríbela como se dice: 1 USD = 945 CLP, o 1 EUR = ${example} USD.`}
    >
      {({ rate }) => <CurrencyRateForm rate={rate} onDone={onClose} />}
    </TargetModal>
  );
}
