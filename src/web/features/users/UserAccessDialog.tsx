import { toast } from 'sonner';
import type { PublicUser } from '../../../domain/auth';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { whenClosed } from '../../components/ui/Modal';
import { useDeactivateUser, useUpdateUser } from './api';

const TEXTS = {
  deactivate: {
    title: '¿Desactivar usuario?',
    description: (name: string) => `${name} no podrá iniciar sesión y se cerrarán sus sesiones abiertas.`,
    confirm: 'Desactivar',
    pending: 'Desactivando...',
    error: 'Error al desactivar el usuario',
    done: (name: string) => `Usuario ${name} desactivado`,
  },
  reactivate: {
    title: '¿Reactivar usuario?',
    description: (name: string) => `${name} podrá volver a iniciar sesión.`,
    confirm: 'Reactivar',
    pending: 'Reactivando...',
    error: 'Error al reactivar el usuario',
    done: (name: string) => `Usuario ${name} reactivado`,
  },
};

interface UserAccessDialogProps {
  /** The user to deactivate (if active) or reactivate; the dialog is open while there is one. */
  user: PublicUser | null;
  onClose: () => void;
}

/** Confirms taking away or giving back a user's access; the server's refusal stays in the dialog. */
export function UserAccessDialog({ user, onClose }: UserAccessDialogProps) {
  const deactivate = useDeactivateUser();
  const update = useUpdateUser();
  const texts = TEXTS[user?.isActive === false ? 'reactivate' : 'deactivate'];
  const name = user?.username ?? '';

  const confirm = async () => {
    if (!user) return;
    if (user.isActive) await deactivate.mutateAsync(user.id);
    else await update.mutateAsync({ id: user.id, body: { isActive: true } });
    toast.success(texts.done(name));
  };

  return (
    <ConfirmDialog
      open={user !== null}
      onOpenChange={whenClosed(onClose)}
      title={texts.title}
      description={texts.description(name)}
      confirmLabel={texts.confirm}
      pendingLabel={texts.pending}
      errorTitle={texts.error}
      onConfirm={confirm}
    />
  );
}
