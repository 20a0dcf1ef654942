import { catalogsApi } from '../../../domain/api/master-data';
import { CATALOGS, type CatalogKind } from '../../../domain/master-data';
import { TAX_TREATMENT_LABELS, type TaxTreatment } from '../../../domain/tax-treatment';
import { classifications, operators, suppliers } from '../../db/schema';
import type { Row } from '../../lib/crud-resource';
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
    recordChange: recordCrudChange,
    export: {
      fileName: EXPORT_NAMES[kind],
      columns: [
        { header: 'Nombre', kind: 'text', value: (row) => row.name as string },
        // A classification's tax treatment; the other catalogs have none.
        ...(kind === 'classifications'
          ? [
              {
                header: 'Tratamiento tributario',
                kind: 'text' as const,
                value: (row: Row) => TAX_TREATMENT_LABELS[row.taxTreatment as TaxTreatment] ?? '',
              },
            ]
          : []),
      ],
    },
    messages: CATALOGS[kind],
  });
