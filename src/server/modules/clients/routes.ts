import { clientSchema } from '../../../domain/master-data';
import { clientReplySchema } from '../../../domain/master-data-replies';
import { clients } from '../../db/schema';
import { crudRoutes } from '../../lib/crud-routes';
import { personContains } from '../../lib/search';

export const clientsRoutes = crudRoutes({
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
