import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useState } from 'react';
import { Button } from './Button';
import { ErrorAlert } from './ErrorAlert';
import { Modal } from './Modal';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel?: string;
  /** The button that backs out; 'Volver' where the action itself is called 'Cancelar ...'. */
  cancelLabel?: string;
  pendingLabel?: string;
  /** Shown, with the server's reason, when onConfirm fails; the dialog then stays open. */
  errorTitle: string;
  /** The action; the dialog closes when it resolves. */
  onConfirm: () => Promise<unknown>;
}

/** Asks before a destructive action. Focus starts on Cancelar so that Enter never deletes by accident. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = 'Eliminar',
  cancelLabel = 'Cancelar',
  pendingLabel = 'Eliminando...',
  errorTitle,
  onConfirm,
}: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const changeOpen = (next: boolean) => {
    // A refusal shown for one record must not greet the next one.
    if (!next) setError(null);
    onOpenChange(next);
  };

  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      await onConfirm();
      changeOpen(false);
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal open={open} onOpenChange={changeOpen} title={title} description={description}>
      {error !== null && <ErrorAlert title={errorTitle} error={error} className="mb-4" />}
      <div className="flex flex-wrap justify-end gap-3">
        <Dialog.Close asChild>
          <Button variant="secondary">{cancelLabel}</Button>
        </Dialog.Close>
        <Button variant="danger" onClick={confirm} disabled={pending}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
