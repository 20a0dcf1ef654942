import type { CatalogKind } from '../../../../domain/master-data';
import { catalogResource } from '../../catalogs';
import { PICKER_LIMIT, usePickerList } from './picker-list';

const LOAD_ERRORS: Record<CatalogKind, string> = {
  classifications: 'Error al cargar clasificaciones',
  suppliers: 'Error al cargar proveedores',
  operators: 'Error al cargar operadores',
};

/** A catalog's first page, for the item dialog's selects and the list's filters. */
export const useCatalogOptions = (kind: CatalogKind) =>
  usePickerList(catalogResource(kind).listQuery({ q: '', page: 1, limit: PICKER_LIMIT }), LOAD_ERRORS[kind]);
