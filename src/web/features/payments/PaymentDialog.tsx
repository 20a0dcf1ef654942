import { useState } from 'react';
import { BASE_CURRENCY } from '../../../domain/company';
import type { Payment, PaymentCurrency } from '../../../domain/payment-replies';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentFormInput,
  type PaymentForm as PaymentFormValues,
  paymentFormSchema,
} from '../../../domain/payments';
import { foreignLargeAmountWarning } from '../../../domain/sanity';
import { Field, MoneyField } from '../../components/ui/Field';
import { FormActions } from '../../components/ui/FormActions';
import { Modal } from '../../components/ui/Modal';
import { SelectField } from '../../components/ui/SelectField';
import { typedDecimalResolver } from '../../lib/decimal-resolver';
import { toastThen, useBoundForm } from '../../lib/form';
import { useMoney, useNumberFormat } from '../../lib/use-money';
import { useAgencyPreferences, useAgencyToday } from '../company';
import { useCreatePayment, usePaymentCurrencies, useUpdatePayment } from './api';
import { PaymentCurrencyFields } from './PaymentCurrencyFields';
import { overpayment, paymentFormDefaults, saleValueOf } from './payment-model';

const METHOD_OPTIONS = PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }));
const resolver = typedDecimalResolver(paymentFormSchema, { amount: 'money', exchangeRate: 'rate' });

export interface PaymentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  saleId: number;
  /** The sale's Pendiente, so that a payment above it is confirmed before it is sent. */
  balance: number;
  /** The payment to edit; without it the dialog registers a new one. */
  payment?: Payment;
  /** The sale's currency, which a new payment starts in and whose value it is judged by. */
  saleCurrency?: string;
  /** The sale's frozen rate, to value payments with when its currency has no active rate today. */
  saleExchangeRate?: number;
}

/** 'Registrar Pago' / 'Editar Pago'. It closes only when the server has accepted the payment. */
export function PaymentDialog({
  open,
  onOpenChange,
  saleId,
  balance,
  payment,
  saleCurrency = BASE_CURRENCY,
  saleExchangeRate = 1,
}: PaymentDialogProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={payment ? 'Editar Pago' : 'Registrar Pago'}>
      {/* Radix mounts the content only while open, so each opening starts from fresh values. */}
      <CurrenciesThen
        saleId={saleId}
        balance={balance}
        payment={payment}
        saleCurrency={saleCurrency}
        saleExchangeRate={saleExchangeRate}
        onDone={() => onOpenChange(false)}
      />
    </Modal>
  );
}

interface PaymentFormProps {
  saleId: number;
  balance: number;
  payment?: Payment;
  saleCurrency: string;
  saleExchangeRate: number;
  onDone: () => void;
}

/**
 * The form starts once the currencies are known, so that a new payment's rate is filled in from the
 * first render. Without them (a failed load) it still opens: USD needs no rate, and the server refuses
 * what it cannot value.
 */
function CurrenciesThen(props: PaymentFormProps) {
  const currencies = usePaymentCurrencies();
  if (currencies.isPending) return <p className="text-sm text-gray-700">Cargando monedas...</p>;
  return <PaymentForm {...props} currencies={currencies.data ?? [{ currency: BASE_CURRENCY, rate: 1 }]} />;
}

function PaymentForm({
  saleId,
  balance,
  payment,
  saleCurrency,
  saleExchangeRate,
  onDone,
  currencies,
}: PaymentFormProps & { currencies: readonly PaymentCurrency[] }) {
  // The sale currency's rate of today (the server's), or the sale's own when it has none any more.
  const sale = {
    currency: saleCurrency,
    rate: currencies.find((c) => c.currency === saleCurrency)?.rate ?? saleExchangeRate,
  };
  const create = useCreatePayment();
  const update = useUpdatePayment();
  const save = payment ? update : create;
  const today = useAgencyToday();
  const formatMoney = useMoney();
  const numberFormat = useNumberFormat();
  // The amount the user agreed to overpay; typing another amount asks again.
  const [confirmedAmount, setConfirmedAmount] = useState<string | null>(null);
  const [overpaid, setOverpaid] = useState<ReturnType<typeof overpayment> | null>(null);
  // Set to the amount's warning when it is above the company's large-amount threshold.
  const [large, setLarge] = useState<string | null>(null);
  const { largeAmountThreshold } = useAgencyPreferences();
  // A typed rate is sent (the server notes it); an untouched one is left to the server's rate of today.
  const [rateTouched, setRateTouched] = useState(false);
  // An edited payment keeps its frozen rate for its own currency; any other starts at today's rate.
  const rateOf = (currency: string) =>
    payment?.currency === currency
      ? payment.exchangeRate
      : currencies.find((c) => c.currency === currency)?.rate;
  // The payment's own currency stays selectable even if Configuraciones has since deactivated it.
  const options =
    payment && !currencies.some((c) => c.currency === payment.currency)
      ? [...currencies, { currency: payment.currency, rate: payment.exchangeRate }]
      : currencies;
  const form = useBoundForm<PaymentFormInput, PaymentFormValues>({
    resolver,
    defaultValues: paymentFormDefaults(payment, today, {
      currency: saleCurrency,
      rate: rateOf(saleCurrency),
    }),
  });
  const { register, handleSubmit, bind } = form;
  const resetQuestions = () => {
    setOverpaid(null);
    setLarge(null);
    setConfirmedAmount(null);
  };

  const submit = async ({ exchangeRate, ...values }: PaymentFormValues) => {
    // The server accepts a credit in favour of the client; the dialog only makes sure
    // it is meant, since a slipped digit would otherwise go through silently.
    // The same question for an amount above the threshold: a slipped digit or a decimal comma misread.
    // The overpayment is judged on the value in the sale's currency, which is what counts toward it.
    const value = saleValueOf(values.amount, values.currency, exchangeRate, sale) ?? values.amount;
    const check = overpayment(value, balance, payment);
    const tooLarge = foreignLargeAmountWarning(
      values.amount,
      values.currency,
      exchangeRate,
      largeAmountThreshold,
      numberFormat,
    );
    const asked = `${values.amount} ${values.currency} ${exchangeRate}`;
    if ((check.over > 0 || tooLarge) && confirmedAmount !== asked) {
      setOverpaid(check.over > 0 ? check : null);
      setLarge(tooLarge);
      setConfirmedAmount(asked);
      return;
    }
    const body = rateTouched ? { ...values, exchangeRate } : values;
    try {
      const { message } = payment
        ? await update.mutateAsync({ id: payment.id, body })
        : await create.mutateAsync({ saleId, ...body });
      toastThen(message, onDone);
    } catch {
      // Shown by the alert below from the mutation's error; the dialog stays open with what was typed.
    }
  };

  return (
    <form noValidate className="space-y-4" onSubmit={handleSubmit(submit)}>
      <Field label="Fecha de pago" type="date" required {...bind('date')} />
      <MoneyField
        label="Monto"
        required
        currency={form.watch('currency')}
        {...bind('amount', { onChange: resetQuestions })}
      />
      <PaymentCurrencyFields
        form={form}
        currencies={options}
        rateOf={rateOf}
        sale={sale}
        onRateTouched={(touched) => {
          setRateTouched(touched);
          resetQuestions();
        }}
      />
      {overpaid && (
        <p role="alert" className="rounded-md bg-yellow-50 px-3 py-2 text-sm text-yellow-900">
          Lo pendiente de la venta es <strong>{formatMoney(overpaid.owed, saleCurrency)}</strong> y este pago
          lo supera en <strong>{formatMoney(overpaid.over, saleCurrency)}</strong>, que quedará como saldo a
          favor del cliente. Revisa el monto o pulsa «Confirmar pago».
        </p>
      )}
      {large && (
        <p role="alert" className="rounded-md bg-yellow-50 px-3 py-2 text-sm text-yellow-900">
          {large} Revisa el monto o pulsa «Confirmar pago».
        </p>
      )}
      <SelectField label="Método de pago" options={METHOD_OPTIONS} {...register('method')} />
      <Field label="Referencia" autoComplete="off" {...bind('reference')} />
      <FormActions
        onCancel={onDone}
        save={save}
        errorTitle={payment ? 'Failed to update payment' : 'Failed to create payment'}
        submitLabel={overpaid || large ? 'Confirmar pago' : 'Guardar Pago'}
      />
    </form>
  );
}
