import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from './ConfirmDialog';
import { whenClosed } from './Modal';

interface DeleteDialogProps {
  /** The record to delete; the dialog is open while there is one. */
  target: { id: number; name: string } | null;
  onClose: () => void;
  title: string;
  /** E.g. 'Error deleting client'; the server's reason (such as "in use") is shown under it. */
  errorTitle: string;
  onDelete: (id: number) => Promise<{ message: string }>;
}

/** Confirms deleting a named record, toasts the server's message on success, keeps the refusal in view. */
export function DeleteDialog({ target, onClose, title, errorTitle, onDelete }: DeleteDialogProps) {
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={whenClosed(onClose)}
      title={title}
      description={target && <>Se eliminará «{target.name}». Esta acción no se puede deshacer.</>}
      errorTitle={errorTitle}
      onConfirm={async () => {
        if (!target) return;
        const { message } = await onDelete(target.id);
        toast.success(message);
      }}
    />
  );
}

/**
 * The delete dialog of a list: `ask(record)` opens it for that record, `dialog` goes where the list
 * renders its dialogs.
 */
export function useDeleteDialog(
  onDelete: DeleteDialogProps['onDelete'],
  texts: Pick<DeleteDialogProps, 'title' | 'errorTitle'>,
) {
  const [target, setTarget] = useState<DeleteDialogProps['target']>(null);
  return {
    ask: setTarget,
    dialog: <DeleteDialog target={target} onClose={() => setTarget(null)} onDelete={onDelete} {...texts} />,
  };
}
