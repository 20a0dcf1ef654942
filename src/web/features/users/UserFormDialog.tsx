import { zodResolver } from '@hookform/resolvers/zod';
import { type PublicUser, type UserCreateInput, userCreateSchema } from '../../../domain/auth';
import { Field } from '../../components/ui/Field';
import { FormActions } from '../../components/ui/FormActions';
import { TargetModal } from '../../components/ui/Modal';
import { toastThen, useBoundForm } from '../../lib/form';
import { useCreateUser, useUpdateUser } from './api';
import { RoleSelect } from './RoleSelect';

const createResolver = zodResolver(userCreateSchema);
// The password is not edited here: it changes only through the reset dialog, which warns about sessions.
const editSchema = userCreateSchema.omit({ password: true });
type UserEditData = Omit<UserCreateInput, 'password'>;
const editResolver = zodResolver(editSchema);

function CreateUserForm({ onDone }: { onDone: () => void }) {
  const save = useCreateUser();
  const { register, handleSubmit, bind } = useBoundForm<UserCreateInput>({
    resolver: createResolver,
    defaultValues: { username: '', email: '', role: 'sales', password: '' },
  });

  const submit = (body: UserCreateInput) =>
    save.mutate(body, {
      onSuccess: (user) => toastThen(`Usuario ${user.username} creado`, onDone),
    });

  return (
    <form noValidate className="space-y-4" onSubmit={handleSubmit(submit)}>
      <Field label="Nombre de usuario" required autoComplete="off" {...bind('username')} />
      <Field label="Email" type="email" required autoComplete="off" {...bind('email')} />
      <RoleSelect label="Rol" {...register('role')} />
      <Field
        label="Contraseña inicial"
        type="password"
        required
        autoComplete="new-password"
        {...bind('password')}
      />
      <FormActions onCancel={onDone} save={save} errorTitle="Error al crear el usuario" />
    </form>
  );
}

interface EditUserFormProps {
  user: PublicUser;
  isSelf: boolean;
  onDone: () => void;
}

function EditUserForm({ user, isSelf, onDone }: EditUserFormProps) {
  const save = useUpdateUser();
  const { register, handleSubmit, bind } = useBoundForm<UserEditData>({
    resolver: editResolver,
    defaultValues: { username: user.username, email: user.email, role: user.role },
  });

  const submit = ({ role, ...details }: UserEditData) =>
    save.mutate(
      // Your own role is not sent at all: the select is locked, and a stale value must not demote you.
      { id: user.id, body: isSelf ? details : { ...details, role } },
      {
        onSuccess: (saved) => toastThen(`Usuario ${saved.username} actualizado`, onDone),
      },
    );

  return (
    <form noValidate className="space-y-4" onSubmit={handleSubmit(submit)}>
      <Field label="Nombre de usuario" required autoComplete="off" {...bind('username')} />
      <Field label="Email" type="email" required autoComplete="off" {...bind('email')} />
      {/* Unregistered when locked, so the role stays in the values from the defaults. */}
      {isSelf ? (
        <RoleSelect
          label="Rol"
          value={user.role}
          disabled
          hint="No puedes cambiar tu propio rol: pídeselo a otro administrador."
        />
      ) : (
        <RoleSelect label="Rol" {...register('role')} />
      )}
      <FormActions onCancel={onDone} save={save} errorTitle="Error al actualizar el usuario" />
    </form>
  );
}

interface UserFormDialogProps {
  /** null: closed; {}: creating a user; { user }: editing that user. */
  target: { user?: PublicUser } | null;
  /** Whether the target is the signed-in admin, whose role is locked. */
  isSelf: boolean;
  onClose: () => void;
}

export function UserFormDialog({ target, isSelf, onClose }: UserFormDialogProps) {
  const user = target?.user;
  return (
    <TargetModal
      target={target}
      onClose={onClose}
      title={user ? `Editar Usuario ${user.username}` : 'Nuevo Usuario'}
    >
      {() =>
        user ? (
          <EditUserForm user={user} isSelf={isSelf} onDone={onClose} />
        ) : (
          <CreateUserForm onDone={onClose} />
        )
      }
    </TargetModal>
  );
}
