import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type Payment,
  type PaymentUpdate,
  type PaymentUpdateInput,
  paymentUpdateSchema,
} from '../../../domain/payments';
import { Button } from '../../components/ui/Button';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { Field } from '../../components/ui/Field';
import { Modal } from '../../components/ui/Modal';
import { SelectField } from '../../components/ui/SelectField';
import { useCreatePayment, useUpdatePayment } from './api';
import { paymentFormDefaults } from './payment-model';

const METHOD_OPTIONS = PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }));
const resolver = zodResolver(paymentUpdateSchema);

export interface PaymentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  saleId: number;
  /** The payment to edit; without it the dialog registers a new one. */
  payment?: Payment;
}

/** 'Registrar Pago' / 'Editar Pago' (spec 2). It closes only when the server has accepted the payment. */
export function PaymentDialog({ open, onOpenChange, saleId, payment }: PaymentDialogProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={payment ? 'Editar Pago' : 'Registrar Pago'}>
      {/* Radix mounts the content only while open, so each opening starts from fresh values. */}
      <PaymentForm saleId={saleId} payment={payment} onDone={() => onOpenChange(false)} />
    </Modal>
  );
}

interface PaymentFormProps {
  saleId: number;
  payment?: Payment;
  onDone: () => void;
}

function PaymentForm({ saleId, payment, onDone }: PaymentFormProps) {
  const create = useCreatePayment();
  const update = useUpdatePayment();
  const save = payment ? update : create;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PaymentUpdateInput, unknown, PaymentUpdate>({
    resolver,
    defaultValues: paymentFormDefaults(payment),
  });

  const submit = async (body: PaymentUpdate) => {
    try {
      const { message } = payment
        ? await update.mutateAsync({ id: payment.id, body })
        : await create.mutateAsync({ saleId, ...body });
      toast.success(message);
      onDone();
    } catch {
      // Shown by the alert below from the mutation's error; the dialog stays open (spec 8).
    }
  };

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        // The dialog is portalled but React bubbles submit through portals to any enclosing form.
        event.stopPropagation();
        void handleSubmit(submit)(event);
      }}
    >
      <Field label="Fecha de pago" type="date" required error={errors.date?.message} {...register('date')} />
      <Field
        label="Monto"
        type="number"
        step="0.01"
        min="0"
        inputMode="decimal"
        required
        error={errors.amount?.message}
        {...register('amount')}
      />
      <SelectField label="Método de pago" options={METHOD_OPTIONS} {...register('method')} />
      <Field
        label="Referencia"
        autoComplete="off"
        error={errors.reference?.message}
        {...register('reference')}
      />
      {save.error && (
        <ErrorAlert
          title={payment ? 'Failed to update payment' : 'Failed to create payment'}
          error={save.error}
        />
      )}
      <div className="flex justify-end gap-3 pt-2">
        <Button variant="secondary" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Guardando...' : 'Guardar Pago'}
        </Button>
      </div>
    </form>
  );
}
