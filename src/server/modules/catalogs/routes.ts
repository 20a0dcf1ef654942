import { catalogsApi } from '../../../domain/api/master-data';
import { CATALOGS, type CatalogKind } from '../../../domain/master-data';
import { classifications, operators, suppliers } from '../../db/schema';
import { crudRoutes } from '../../lib/crud-routes';
import { nameContains } from '../../lib/search';
import { recordCrudChange } from '../audit';

const TABLES = { suppliers, operators, classifications } as const;
const EXPORT_NAMES: Record<CatalogKind, string> = {
  suppliers: 'proveedores',
  operators: 'operadores',
  classifications: 'clasificaciones',
};

/** Suppliers, operators and classifications: readable by every role (the sale form's pickers), written by admins. */
export const catalogRoutes = (kind: CatalogKind) =>
  crudRoutes({
    api: catalogsApi[kind],
    table: TABLES[kind],
    orderBy: TABLES[kind].name,
    search: (q) => [nameContains(TABLES[kind].name, q)],
    access: { read: ['admin', 'sales', 'finance'], write: ['admin'] },
    recordChange: recordCrudChange,
    export: {
      fileName: EXPORT_NAMES[kind],
      columns: [{ header: 'Nombre', kind: 'text', value: (row) => row.name as string }],
    },
    messages: CATALOGS[kind],
  });
