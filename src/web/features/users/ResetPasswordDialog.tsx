import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { type PublicUser, passwordSchema } from '../../../domain/auth';
import { Field } from '../../components/ui/Field';
import { FormActions } from '../../components/ui/FormActions';
import { TargetModal } from '../../components/ui/Modal';
import { toastThen, useBoundForm } from '../../lib/form';
import { useUpdateUser } from './api';

const resolver = zodResolver(z.strictObject({ password: passwordSchema }));

function ResetPasswordForm({ user, onDone }: { user: PublicUser; onDone: () => void }) {
  const save = useUpdateUser();
  const { handleSubmit, bind } = useBoundForm<{ password: string }>({
    resolver,
    defaultValues: { password: '' },
  });

  const submit = ({ password }: { password: string }) =>
    save.mutate(
      { id: user.id, body: { password } },
      {
        onSuccess: () => toastThen(`Contraseña de ${user.username} restablecida`, onDone),
      },
    );

  return (
    <form noValidate className="space-y-4" onSubmit={handleSubmit(submit)}>
      <Field
        label="Nueva contraseña"
        type="password"
        required
        autoComplete="new-password"
        {...bind('password')}
      />
      <FormActions
        onCancel={onDone}
        save={save}
        errorTitle="Error al restablecer la contraseña"
        submitLabel="Restablecer"
      />
    </form>
  );
}

interface ResetPasswordDialogProps {
  /** The user whose password is reset; the dialog is open while there is one. */
  user: PublicUser | null;
  onClose: () => void;
}

export function ResetPasswordDialog({ user, onClose }: ResetPasswordDialogProps) {
  return (
    <TargetModal
      target={user}
      onClose={onClose}
      title="Restablecer contraseña"
      description={
        user && (
          <>{user.username} deberá usar la nueva contraseña y se cerrarán todas sus sesiones abiertas.</>
        )
      }
    >
      {(target) => <ResetPasswordForm user={target} onDone={onClose} />}
    </TargetModal>
  );
}
