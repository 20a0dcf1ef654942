import { useQuery } from '@tanstack/react-query';
import type { CatalogKind } from '../../../../domain/master-data';
import { catalogListQuery } from '../../catalogs';
import { PICKER_LIMIT, useLoggedFailure } from './picker-failure';

const LOAD_ERRORS: Record<CatalogKind, string> = {
  classifications: 'Error al cargar clasificaciones',
  suppliers: 'Error al cargar proveedores',
  operators: 'Error al cargar operadores',
};

/** A catalog's first page for a select, under the catalog's own keys: a record saved there shows here. */
export function useCatalogOptions(kind: CatalogKind) {
  const query = useQuery({
    ...catalogListQuery(kind)({ q: '', page: 1, limit: PICKER_LIMIT }),
    select: (page) => page.data,
  });
  useLoggedFailure(query.error, LOAD_ERRORS[kind]);
  return query;
}
