import { useState } from 'react';
import { formatMoney } from '../../../domain/format';
import type { Payment } from '../../../domain/payment-replies';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentFormInput,
  type PaymentForm as PaymentFormValues,
  paymentFormSchema,
} from '../../../domain/payments';
import { isLargeAmount, largeAmountWarning } from '../../../domain/sanity';
import { Field, MoneyField } from '../../components/ui/Field';
import { FormActions } from '../../components/ui/FormActions';
import { Modal } from '../../components/ui/Modal';
import { SelectField } from '../../components/ui/SelectField';
import { typedDecimalResolver } from '../../lib/decimal-resolver';
import { toastThen, useBoundForm } from '../../lib/form';
import { useAgencyPreferences, useAgencyToday } from '../company';
import { useCreatePayment, useUpdatePayment } from './api';
import { overpayment, paymentFormDefaults } from './payment-model';

const METHOD_OPTIONS = PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }));
const resolver = typedDecimalResolver(paymentFormSchema, { amount: 'money' });

export interface PaymentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  saleId: number;
  /** The sale's Pendiente, so that a payment above it is confirmed before it is sent. */
  balance: number;
  /** The payment to edit; without it the dialog registers a new one. */
  payment?: Payment;
}

/** 'Registrar Pago' / 'Editar Pago'. It closes only when the server has accepted the payment. */
export function PaymentDialog({ open, onOpenChange, saleId, balance, payment }: PaymentDialogProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={payment ? 'Editar Pago' : 'Registrar Pago'}>
      {/* Radix mounts the content only while open, so each opening starts from fresh values. */}
      <PaymentForm saleId={saleId} balance={balance} payment={payment} onDone={() => onOpenChange(false)} />
    </Modal>
  );
}

interface PaymentFormProps {
  saleId: number;
  balance: number;
  payment?: Payment;
  onDone: () => void;
}

function PaymentForm({ saleId, balance, payment, onDone }: PaymentFormProps) {
  const create = useCreatePayment();
  const update = useUpdatePayment();
  const save = payment ? update : create;
  const today = useAgencyToday();
  // The amount the user agreed to overpay; typing another amount asks again.
  const [confirmedAmount, setConfirmedAmount] = useState<string | null>(null);
  const [overpaid, setOverpaid] = useState<ReturnType<typeof overpayment> | null>(null);
  // Set to the amount's warning when it is above the company's large-amount threshold.
  const [large, setLarge] = useState<string | null>(null);
  const { largeAmountThreshold } = useAgencyPreferences();
  const { register, handleSubmit, bind } = useBoundForm<PaymentFormInput, PaymentFormValues>({
    resolver,
    defaultValues: paymentFormDefaults(payment, today),
  });

  const submit = async (body: PaymentFormValues) => {
    // The server accepts a credit in favour of the client; the dialog only makes sure
    // it is meant, since a slipped digit would otherwise go through silently.
    // The same question for an amount above the threshold: a slipped digit or a decimal comma misread.
    const check = overpayment(body.amount, balance, payment);
    const tooLarge = isLargeAmount(body.amount, largeAmountThreshold);
    if ((check.over > 0 || tooLarge) && confirmedAmount !== body.amount) {
      setOverpaid(check.over > 0 ? check : null);
      setLarge(tooLarge ? largeAmountWarning(body.amount, largeAmountThreshold) : null);
      setConfirmedAmount(body.amount);
      return;
    }
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
        {...bind('amount', {
          onChange: () => {
            setOverpaid(null);
            setLarge(null);
            setConfirmedAmount(null);
          },
        })}
      />
      {overpaid && (
        <p role="alert" className="rounded-md bg-yellow-50 px-3 py-2 text-sm text-yellow-900">
          Lo pendiente de la venta es <strong>{formatMoney(overpaid.owed)}</strong> y este pago lo supera en{' '}
          <strong>{formatMoney(overpaid.over)}</strong>, que quedará como saldo a favor del cliente. Revisa el
          monto o pulsa «Confirmar pago».
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
