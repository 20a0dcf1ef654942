import type { Resolver } from 'react-hook-form';
import { type Client, type ClientInput, clientSchema } from '../../../domain/master-data';
import { compactId, hasWrongRutDigit, INVALID_RUT_MESSAGE } from '../../../domain/rut';
import { useRecordSave } from '../../api/resource';
import { Field, RutField } from '../../components/ui/Field';
import { FormActions } from '../../components/ui/FormActions';
import { blankAsNullResolver, useBoundForm } from '../../lib/form';
import { type ClientData, clientsResource } from './api';
import { DuplicateClientWarning } from './DuplicateClientWarning';
import { ExistingClientLink } from './ExistingClientLink';

const schemaResolver = blankAsNullResolver(clientSchema);

/**
 * The shared schema, plus the RUT check digit (módulo 11) for an ID written like a Chilean RUT: a
 * mistyped digit would otherwise hide a duplicate. Only a new or changed ID is checked (compared as the
 * server compares it), so a client
 * saved before this check can still be edited (docs/decisions/0014, 0042: the server judges too).
 */
const resolverKeeping =
  (savedId: string | null | undefined): Resolver<ClientInput, unknown, ClientData> =>
  async (values, context, options) => {
    const result = await schemaResolver(values, context, options);
    const id = values.clientId?.trim() ?? '';
    const wrongDigit = compactId(id) !== compactId(savedId ?? '') && hasWrongRutDigit(id);
    if (!wrongDigit || result.errors.clientId) return result;
    return {
      values: {},
      errors: { ...result.errors, clientId: { type: 'rut', message: INVALID_RUT_MESSAGE } },
    };
  };

export interface ClientFormProps {
  /** The client to edit; without it the form creates one. */
  client?: Client;
  onSaved: (client: Client, message: string) => void;
  onCancel?: () => void;
}

/** Create or edit a client. Also used in the sale form's '+ Crear nuevo cliente' dialog. */
export function ClientForm({ client, onSaved, onCancel }: ClientFormProps) {
  const { save, submit } = useRecordSave(clientsResource, client?.id, onSaved);
  const { handleSubmit, watch, bind } = useBoundForm<ClientInput, ClientData>({
    resolver: resolverKeeping(client?.clientId),
    defaultValues: {
      name: client?.name ?? '',
      clientId: client?.clientId ?? '',
      email: client?.email ?? '',
      address: client?.address ?? '',
      phone: client?.phone ?? '',
      commune: client?.commune ?? '',
      businessActivity: client?.businessActivity ?? '',
    },
  });

  return (
    <form noValidate className="space-y-4" onSubmit={handleSubmit(submit)}>
      <Field label="Nombre" required autoComplete="off" {...bind('name')} />
      <RutField label="ID/RUT" {...bind('clientId')} />
      <DuplicateClientWarning clientId={watch('clientId') ?? ''} exceptId={client?.id} />
      <ExistingClientLink error={save.error} />
      <Field label="Email" type="email" autoComplete="off" {...bind('email')} />
      <Field label="Dirección" autoComplete="off" {...bind('address')} />
      <Field label="Teléfono" type="tel" autoComplete="off" {...bind('phone')} />
      <Field label="Comuna" autoComplete="off" {...bind('commune')} />
      <Field label="Giro" autoComplete="off" {...bind('businessActivity')} />
      <FormActions
        onCancel={onCancel}
        save={save}
        errorTitle={client ? 'Error updating client' : 'Error creating client'}
      />
    </form>
  );
}
