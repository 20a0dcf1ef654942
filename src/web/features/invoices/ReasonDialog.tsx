import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../components/ui/Button';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { CONTROL } from '../../components/ui/Field';
import { Modal } from '../../components/ui/Modal';
import { toastThen } from '../../lib/form';

/** What an annulment asks: a reason, then the mutation that records it. */
export interface ReasonAction {
  title: string;
  description: string;
  label: string;
  maxLength: number;
  submitLabel: string;
  pendingLabel: string;
  errorTitle: string;
  schema: z.ZodType<{ reason: string }, { reason: string }>;
  mutation: {
    mutate: (reason: string, options: { onSuccess: (saved: { message: string }) => void }) => void;
    isPending: boolean;
    error: Error | null;
  };
}

interface ReasonDialogProps {
  action: ReasonAction;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Annulling an internal invoice ("Anular Factura") asks a reason in a dialog whose text says what will
 * happen: the dialog is the confirmation. (A DTE's credit note has its own dialog, CreditNoteDialog.)
 */
export function ReasonDialog({ action, open, onOpenChange }: ReasonDialogProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={action.title} description={action.description}>
      {/* Mounted only while open, so every opening starts with an empty form and no old error. */}
      {open && <ReasonForm action={action} onDone={() => onOpenChange(false)} />}
    </Modal>
  );
}

function ReasonForm({ action, onDone }: { action: ReasonAction; onDone: () => void }) {
  const id = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ reason: string }>({ resolver: zodResolver(action.schema), defaultValues: { reason: '' } });
  const { mutation } = action;

  const submit = ({ reason }: { reason: string }) =>
    mutation.mutate(reason, { onSuccess: ({ message }) => toastThen(message, onDone) });

  const error = errors.reason?.message;
  return (
    <form noValidate className="space-y-4" onSubmit={handleSubmit(submit)}>
      {mutation.error && <ErrorAlert title={action.errorTitle} error={mutation.error} />}
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
          {action.label}
        </label>
        <textarea
          id={id}
          rows={3}
          maxLength={action.maxLength}
          className={CONTROL}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...register('reason')}
        />
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" variant="danger" disabled={mutation.isPending}>
          {mutation.isPending ? action.pendingLabel : action.submitLabel}
        </Button>
      </div>
    </form>
  );
}
