import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './Button';
import { ErrorAlert } from './ErrorAlert';

/** The mutation a form sends: while it runs the submit is pending, and its failure shows above the row. */
type SaveState =
  | { save: { isPending: boolean; error: Error | null }; errorTitle: string }
  | { save?: undefined; errorTitle?: undefined };

type FormActionsProps = SaveState & {
  /** Without it there is no Cancelar button (a form that is a whole page section). */
  onCancel?: () => void;
  /** While the form is being sent: the submit button is disabled and says so. */
  pending?: boolean;
  submitLabel?: string;
  pendingLabel?: string;
  /** Disables the submit button for another reason (nothing to save yet). */
  disabled?: boolean;
  /** Another way to send the form, beside the submit button (e.g. "Guardar como borrador"). */
  alternative?: ReactNode;
  className?: string;
};

/** What ends every form: the save's failure if any, then the row of Cancelar and the submit button on the right. */
export function FormActions({
  save,
  errorTitle,
  onCancel,
  pending = save?.isPending ?? false,
  submitLabel = 'Guardar',
  pendingLabel = 'Guardando...',
  disabled = false,
  alternative,
  className,
}: FormActionsProps) {
  return (
    <>
      {save?.error && <ErrorAlert title={errorTitle} error={save.error} className={className} />}
      <div className={cn('flex justify-end gap-3 pt-2', className)}>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancelar
          </Button>
        )}
        {alternative}
        <Button type="submit" disabled={pending || disabled}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </>
  );
}
