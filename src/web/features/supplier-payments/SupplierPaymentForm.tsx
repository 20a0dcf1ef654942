import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, type FieldErrors, useForm } from 'react-hook-form';
import { foreignLargeAmountWarning } from '../../../domain/sanity';
import {
  SUPPLIER_CURRENCIES,
  SUPPLIER_PAYMENT_METHOD_LABELS,
  SUPPLIER_PAYMENT_METHODS,
  type SupplierPaymentData,
  type SupplierPaymentInput,
  supplierPaymentSchema,
} from '../../../domain/supplier-payments';
import { Field, MoneyField, TextareaField } from '../../components/ui/Field';
import { FormActions } from '../../components/ui/FormActions';
import { SelectField } from '../../components/ui/SelectField';
import { typedDecimalResolver } from '../../lib/decimal-resolver';
import { currencyRatesQuery, useAgencyPreferences, useAgencyToday } from '../company';
import { type SupplierOption, type SupplierPayment, useCreateSupplierPayment } from './api';
import { followsOffer, offeredAmount } from './offered-amount';
import { RelatedSalesField } from './RelatedSalesField';
import { SupplierPicker } from './SupplierPicker';

const resolver = typedDecimalResolver(supplierPaymentSchema, { amount: 'money' });

const CURRENCY_OPTIONS = SUPPLIER_CURRENCIES.map((c) => ({ value: c, label: c }));
const METHOD_OPTIONS = SUPPLIER_PAYMENT_METHODS.map((m) => ({
  value: m,
  label: SUPPLIER_PAYMENT_METHOD_LABELS[m],
}));

/** A new payment starts at amount 0, in USD, dated `today` (the agency's day), by transfer. */
function defaultsFor(supplier: SupplierOption | null, today: string): SupplierPaymentInput {
  return {
    supplierId: supplier?.id ?? '',
    amount: '0',
    currency: 'USD',
    paymentDate: today,
    paymentMethod: 'transfer',
    description: '',
    reference: '',
    relatedSales: [],
  };
}

/**
 * Every rule of the schema reports the single 'Por favor completa todos los campos requeridos',
 * so the messages are gathered into one alert instead of repeating it under each field.
 */
function errorMessages(errors: FieldErrors<SupplierPaymentInput>): string[] {
  const messages = Object.values(errors).map((error) => error?.message);
  return [...new Set(messages.filter((m): m is string => typeof m === 'string' && m !== ''))];
}

interface SupplierPaymentFormProps {
  initialSupplier: SupplierOption | null;
  onCancel: () => void;
  onCreated: (payment: SupplierPayment, message: string) => void;
}

export function SupplierPaymentForm({ initialSupplier, onCancel, onCreated }: SupplierPaymentFormProps) {
  const errorsId = useId();
  const create = useCreateSupplierPayment();
  const [supplier, setSupplier] = useState(initialSupplier);
  const today = useAgencyToday();
  const { largeAmountThreshold, numberFormat } = useAgencyPreferences();
  // Supplier payments are an admin's, who may read the rates.
  const rates = useQuery(currencyRatesQuery());
  // The large amount the user was warned about; submitting it again sends it.
  const [large, setLarge] = useState<{ amount: string; warning: string } | null>(null);
  // What Monto was last filled with for the ticked sales, and their pending in USD.
  const [offer, setOffer] = useState<{ pendingUsd: number; amount: string } | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<SupplierPaymentInput, unknown, SupplierPaymentData>({
    resolver,
    defaultValues: defaultsFor(initialSupplier, today),
  });
  const rateOf = (currency: string) => rates.data?.find((r) => r.currency === currency && r.isActive)?.rate;
  // Monto follows the ticked sales' pending until the person types an amount of their own.
  const offerAmount = (pendingUsd: number, currency: string) => {
    if (!followsOffer(String(getValues('amount')), offer?.amount ?? null)) return;
    const amount = offeredAmount(pendingUsd, currency, rateOf(currency)) ?? '0';
    setValue('amount', amount);
    setOffer({ pendingUsd, amount });
    setLarge(null);
  };
  const messages = errorMessages(errors);
  const invalid = (name: keyof SupplierPaymentInput) =>
    errors[name] ? { 'aria-invalid': true, 'aria-describedby': errorsId } : {};

  // The server's refusal (e.g. no active rate for the currency) is shown below and the form stays open.
  const submit = (data: SupplierPaymentData) => {
    // The threshold is in USD: an amount in another currency is valued with its rate first.
    const amount = String(data.amount);
    const rate = rateOf(data.currency);
    const warning = foreignLargeAmountWarning(
      amount,
      data.currency,
      rate,
      largeAmountThreshold,
      numberFormat,
    );
    const key = `${amount} ${data.currency}`;
    if (warning && large?.amount !== key) {
      setLarge({ amount: key, warning });
      return;
    }
    create.mutate(data, { onSuccess: ({ payment, message }) => onCreated(payment, message) });
  };

  return (
    <form noValidate className="space-y-5" onSubmit={handleSubmit(submit)}>
      <Controller
        control={control}
        name="supplierId"
        render={({ field }) => (
          <SupplierPicker
            selected={supplier}
            onSelect={(next) => {
              setSupplier(next);
              field.onChange(next?.id ?? '');
              // Ticked sales belong to the previous supplier; the server would refuse them.
              setValue('relatedSales', []);
              offerAmount(0, String(getValues('currency')));
            }}
            invalid={Boolean(errors.supplierId)}
            describedBy={errors.supplierId ? errorsId : undefined}
            inputRef={field.ref}
          />
        )}
      />
      {/* min-w-0: date and number inputs would otherwise push a narrow column wider than the card. */}
      <div className="grid gap-4 sm:grid-cols-2 [&>*]:min-w-0">
        <MoneyField
          label="Monto"
          required
          {...invalid('amount')}
          {...register('amount', { onChange: () => setLarge(null) })}
        />
        <SelectField
          label="Moneda"
          options={CURRENCY_OPTIONS}
          required
          {...register('currency', {
            onChange: (event) => {
              if (offer) offerAmount(offer.pendingUsd, event.target.value);
            },
          })}
        />
        <Field
          label="Fecha de Pago"
          type="date"
          required
          {...invalid('paymentDate')}
          {...register('paymentDate')}
        />
        <SelectField
          label="Método de Pago"
          options={METHOD_OPTIONS}
          required
          {...register('paymentMethod')}
        />
      </div>
      <TextareaField
        label="Descripción"
        required
        rows={3}
        maxLength={500}
        {...invalid('description')}
        {...register('description')}
      />
      <Field label="Referencia" autoComplete="off" maxLength={100} {...register('reference')} />
      <Controller
        control={control}
        name="relatedSales"
        render={({ field }) => (
          <RelatedSalesField
            supplierId={supplier?.id ?? null}
            value={field.value ?? []}
            onChange={(saleIds, pendingUsd) => {
              field.onChange(saleIds);
              offerAmount(pendingUsd, String(getValues('currency')));
            }}
          />
        )}
      />

      {messages.length > 0 && (
        <div id={errorsId} role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3">
          {messages.map((message) => (
            <p key={message} className="text-sm font-medium text-red-800">
              {message}
            </p>
          ))}
        </div>
      )}
      {large && (
        <p role="alert" className="rounded-md bg-yellow-50 px-3 py-2 text-sm text-yellow-900">
          {large.warning} Revisa el monto o pulsa «Confirmar pago».
        </p>
      )}
      <FormActions
        onCancel={onCancel}
        save={create}
        errorTitle="Error al crear el pago"
        submitLabel={large ? 'Confirmar pago' : 'Crear Pago'}
        pendingLabel="Creando pago..."
      />
    </form>
  );
}
