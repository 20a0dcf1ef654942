import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientConflictReplySchema, clientIdProblemsReplySchema } from '../../../domain/client-ids';
import { clientSchema } from '../../../domain/master-data';
import { clientReplySchema } from '../../../domain/master-data-replies';
import type { Database } from '../../db/client';
import { clients } from '../../db/schema';
import { crudRoutes } from '../../lib/crud-routes';
import { errorReplies } from '../../lib/schemas';
import { personContains } from '../../lib/search';
import { recordCrudChange } from '../audit';
import { checkClientId, clientIdProblems } from './client-ids';

const clientCrudRoutes = crudRoutes({
  path: '/api/clients',
  tag: 'clients',
  table: clients,
  orderBy: clients.name,
  body: clientSchema,
  dto: clientReplySchema,
  toDto: (row) => clientReplySchema.parse(row),
  one: 'client',
  many: 'clients',
  paging: 'body',
  // The client list filters by name, ID/RUT or e-mail.
  search: (q) => [personContains(clients.searchText, q)],
  access: { read: ['admin', 'sales', 'finance'], write: ['admin', 'sales'] },
  recordChange: recordCrudChange,
  checkWrite: (tx, body, before) => checkClientId(tx, body.clientId, before),
  writeReplies: { 409: clientConflictReplySchema },
  export: {
    fileName: 'clientes',
    columns: [
      { header: 'Nombre', kind: 'text', value: (c) => c.name as string },
      { header: 'ID/RUT', kind: 'text', value: (c) => c.clientId as string | null },
      { header: 'Email', kind: 'text', value: (c) => c.email as string | null },
      { header: 'Dirección', kind: 'text', value: (c) => c.address as string | null },
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
  app.get(
    '/api/clients/id-problems',
    {
      config: { access: ['admin'] },
      schema: { tags: ['clients'], response: { 200: clientIdProblemsReplySchema, ...errorReplies } },
    },
    async () => clientIdProblems(db),
  );
};
