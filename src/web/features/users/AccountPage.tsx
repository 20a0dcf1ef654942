import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { passwordSchema, usernameSchema } from '../../../domain/auth';
import { useAuth, useCurrentUser } from '../../auth';
import { Card } from '../../components/ui/Card';
import { Field } from '../../components/ui/Field';
import { FormActions } from '../../components/ui/FormActions';
import { PageHeader } from '../../components/ui/PageHeader';
import { toastThen, useBoundForm } from '../../lib/form';
import { useUpdateMe } from './api';

const CURRENT_REQUIRED = 'La contraseña actual es requerida';

const detailsSchema = z.strictObject({
  username: usernameSchema,
  email: z.email('El email no es válido'),
  currentPassword: z.string(),
});
type DetailsInput = z.input<typeof detailsSchema>;
type Details = z.output<typeof detailsSchema>;
const detailsResolver = zodResolver(detailsSchema);

const passwordChangeSchema = z
  .strictObject({
    currentPassword: z.string().min(1, CURRENT_REQUIRED),
    password: passwordSchema,
    repeated: z.string(),
  })
  .refine((v) => v.password === v.repeated, {
    message: 'Las contraseñas no coinciden',
    path: ['repeated'],
  });
type PasswordChange = z.infer<typeof passwordChangeSchema>;
const passwordResolver = zodResolver(passwordChangeSchema);

/** Name and e-mail. A new e-mail asks for the current password, as the server does. */
function DetailsForm() {
  const user = useCurrentUser();
  const { replaceUser } = useAuth();
  const save = useUpdateMe();
  const { handleSubmit, bind, setError, reset, watch } = useBoundForm<DetailsInput, Details>({
    resolver: detailsResolver,
    defaultValues: { username: user.username, email: user.email, currentPassword: '' },
  });
  const emailChanged = watch('email').trim().toLowerCase() !== user.email;

  const submit = ({ username, email, currentPassword }: Details) => {
    if (emailChanged && currentPassword === '') {
      setError('currentPassword', { type: 'required', message: CURRENT_REQUIRED });
      return;
    }
    save.mutate(emailChanged ? { username, email, currentPassword } : { username }, {
      onSuccess: (saved) =>
        toastThen('Tus datos se guardaron', () => {
          replaceUser(saved);
          reset({ username: saved.username, email: saved.email, currentPassword: '' });
        }),
    });
  };

  return (
    <form noValidate className="space-y-4" onSubmit={handleSubmit(submit)}>
      <Field label="Nombre" required autoComplete="name" {...bind('username')} />
      <Field label="Email" type="email" required autoComplete="email" {...bind('email')} />
      {emailChanged && (
        <Field
          label="Contraseña actual"
          type="password"
          required
          autoComplete="current-password"
          hint="Para cambiar tu email confirma que eres tú"
          {...bind('currentPassword')}
        />
      )}
      <FormActions save={save} errorTitle="Error al guardar tus datos" submitLabel="Guardar datos" />
    </form>
  );
}

/** A new password, after the current one; the server then ends this user's other sessions. */
function PasswordForm() {
  const save = useUpdateMe();
  const { handleSubmit, bind, reset } = useBoundForm<PasswordChange>({
    resolver: passwordResolver,
    defaultValues: { currentPassword: '', password: '', repeated: '' },
  });

  const submit = ({ currentPassword, password }: PasswordChange) =>
    save.mutate(
      { currentPassword, password },
      {
        onSuccess: () =>
          toastThen('Contraseña cambiada: se cerraron tus sesiones en otros equipos', () => reset()),
      },
    );

  return (
    <form noValidate className="space-y-4" onSubmit={handleSubmit(submit)}>
      <Field
        label="Contraseña actual"
        type="password"
        required
        autoComplete="current-password"
        {...bind('currentPassword')}
      />
      <Field
        label="Nueva contraseña"
        type="password"
        required
        autoComplete="new-password"
        {...bind('password')}
      />
      <Field
        label="Repite la nueva contraseña"
        type="password"
        required
        autoComplete="new-password"
        {...bind('repeated')}
      />
      <FormActions save={save} errorTitle="Error al cambiar la contraseña" submitLabel="Cambiar contraseña" />
    </form>
  );
}

/** "Mi cuenta": every user's own name, e-mail and password (PUT /api/users/me). */
export function AccountPage() {
  return (
    <div className="max-w-2xl space-y-6">
      <PageHeader title="Mi cuenta" />
      <Card>
        <h2 className="mb-4 text-lg font-semibold text-gray-900">Mis datos</h2>
        <DetailsForm />
      </Card>
      <Card>
        <h2 className="mb-4 text-lg font-semibold text-gray-900">Cambiar contraseña</h2>
        <PasswordForm />
      </Card>
    </div>
  );
}
