import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { type PublicUser, passwordSchema } from '../../../domain/auth';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { Field } from '../../components/ui/Field';
import { FormActions } from '../../components/ui/FormActions';
import { Modal, whenClosed } from '../../components/ui/Modal';
import { fieldBinder } from '../../lib/form';
import { useUpdateUser } from './api';

const resolver = zodResolver(z.strictObject({ password: passwordSchema }));

function ResetPasswordForm({ user, onDone }: { user: PublicUser; onDone: () => void }) {
  const save = useUpdateUser();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ password: string }>({ resolver, defaultValues: { password: '' } });
  const bind = fieldBinder(register, errors);

  const submit = ({ password }: { password: string }) =>
    save.mutate(
      { id: user.id, body: { password } },
      {
        onSuccess: () => {
          toast.success(`Contraseña de ${user.username} restablecida`);
          onDone();
        },
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
      {save.error && <ErrorAlert title="Error al restablecer la contraseña" error={save.error} />}
      <FormActions onCancel={onDone} pending={save.isPending} submitLabel="Restablecer" />
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
    <Modal
      open={user !== null}
      onOpenChange={whenClosed(onClose)}
      title="Restablecer contraseña"
      description={
        user && (
          <>{user.username} deberá usar la nueva contraseña y se cerrarán todas sus sesiones abiertas.</>
        )
      }
    >
      {user && <ResetPasswordForm user={user} onDone={onClose} />}
    </Modal>
  );
}
