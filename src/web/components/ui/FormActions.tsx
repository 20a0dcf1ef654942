import { cn } from '../../lib/cn';
import { Button } from './Button';

interface FormActionsProps {
  /** Without it there is no Cancelar button (a form that is a whole page section). */
  onCancel?: () => void;
  /** While the form is being sent: the submit button is disabled and says so. */
  pending?: boolean;
  submitLabel?: string;
  pendingLabel?: string;
  /** Disables the submit button for another reason (nothing to save yet). */
  disabled?: boolean;
  className?: string;
}

/** The row that ends every form: Cancelar, then the submit button, on the right. */
export function FormActions({
  onCancel,
  pending = false,
  submitLabel = 'Guardar',
  pendingLabel = 'Guardando...',
  disabled = false,
  className,
}: FormActionsProps) {
  return (
    <div className={cn('flex justify-end gap-3 pt-2', className)}>
      {onCancel && (
        <Button variant="secondary" onClick={onCancel}>
          Cancelar
        </Button>
      )}
      <Button type="submit" disabled={pending || disabled}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </div>
  );
}
