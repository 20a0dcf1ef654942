import { useForm } from 'react-hook-form';
import { type Client, type ClientInput, clientSchema } from '../../../domain/master-data';
import { Button } from '../../components/ui/Button';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { Field } from '../../components/ui/Field';
import { blankAsNullResolver } from '../../lib/form';
import { type ClientData, useSaveClient } from './api';

const resolver = blankAsNullResolver(clientSchema);

export interface ClientFormProps {
  /** The client to edit; without it the form creates one. */
  client?: Client;
  onSaved: (client: Client, message: string) => void;
  onCancel?: () => void;
}

/** Create or edit a client. Also used in the sale form's '+ Crear nuevo cliente' dialog. */
export function ClientForm({ client, onSaved, onCancel }: ClientFormProps) {
  const save = useSaveClient();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ClientInput, unknown, ClientData>({
    resolver,
    defaultValues: {
      name: client?.name ?? '',
      clientId: client?.clientId ?? '',
      email: client?.email ?? '',
      address: client?.address ?? '',
    },
  });

  const submit = (body: ClientData) =>
    save.mutate({ id: client?.id, body }, { onSuccess: ({ record, message }) => onSaved(record, message) });

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        // In the sale form this form sits in a dialog, and React bubbles submit through portals:
        // without this the sale form would be submitted too.
        event.stopPropagation();
        void handleSubmit(submit)(event);
      }}
    >
      <Field label="Nombre" required autoComplete="off" error={errors.name?.message} {...register('name')} />
      <Field label="ID/RUT" autoComplete="off" error={errors.clientId?.message} {...register('clientId')} />
      <Field
        label="Email"
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...register('email')}
      />
      <Field label="Dirección" autoComplete="off" error={errors.address?.message} {...register('address')} />
      {save.error && (
        <ErrorAlert title={client ? 'Error updating client' : 'Error creating client'} error={save.error} />
      )}
      <div className="flex justify-end gap-3 pt-2">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancelar
          </Button>
        )}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Guardando...' : 'Guardar'}
        </Button>
      </div>
    </form>
  );
}
