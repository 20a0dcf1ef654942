import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientsApi } from '../../../domain/api/master-data';
import type { Database } from '../../db/client';
import { clients } from '../../db/schema';
import { crudRoutes } from '../../lib/crud-routes';
import { routeOf } from '../../lib/route';
import { personContains } from '../../lib/search';
import { recordCrudChange } from '../audit';
import { checkClientId, clientIdProblems } from './client-ids';

const clientCrudRoutes = crudRoutes({
  api: clientsApi,
  table: clients,
  orderBy: clients.name,
  // The client list filters by name, ID/RUT or e-mail.
  search: (q) => [personContains(clients.searchText, q)],
  recordChange: recordCrudChange,
  checkWrite: (tx, body, before) => checkClientId(tx, body.clientId, before),
  export: {
    fileName: 'clientes',
    columns: [
      { header: 'Nombre', kind: 'text', value: (c) => c.name as string },
      { header: 'ID/RUT', kind: 'text', value: (c) => c.clientId as string | null },
      { header: 'Email', kind: 'text', value: (c) => c.email as string | null },
      { header: 'Dirección', kind: 'text', value: (c) => c.address as string | null },
      { header: 'Teléfono', kind: 'text', value: (c) => c.phone as string | null },
      { header: 'Comuna', kind: 'text', value: (c) => c.commune as string | null },
      { header: 'Giro', kind: 'text', value: (c) => c.businessActivity as string | null },
    ],
  },
  messages: {
    notFound: 'Cliente no encontrado',
    inUse: 'No se puede eliminar el cliente porque tiene ventas asociadas',
    created: 'Cliente creado',
    updated: 'Cliente actualizado',
    deleted: 'Cliente eliminado',
  },
});

/** The clients' calls, and the admin's list of saved IDs that break the ID/RUT rules (decision 0042). */
export const clientsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  await app.register(clientCrudRoutes, { db });
  app.route({
    ...routeOf(clientsApi.idProblems, ['clients']),
    handler: async () => clientIdProblems(db),
  });
};
