import { CATALOGS, type CatalogKind } from '../../../domain/master-data';
import type { RecordTexts } from '../../components/ui/use-record-list';

/** Everything that differs between the supplier, operator and classification screens. */
export interface CatalogTexts extends RecordTexts {
  createError: string;
  updateError: string;
}

// Suppliers have English error messages and operators and classifications Spanish ones, as the original
// client shows them (docs/product.md#catalogs); they are kept as written.
export const CATALOG_TEXTS: Record<CatalogKind, CatalogTexts> = {
  suppliers: {
    title: 'Proveedores',
    newTitle: 'Nuevo Proveedor',
    editTitle: 'Editar Proveedor',
    searchLabel: 'Buscar proveedores por nombre',
    searchPlaceholder: 'Buscar proveedores...',
    loadingList: 'Cargando proveedores...',
    loadingOne: 'Cargando proveedor...',
    empty: 'No se encontraron proveedores',
    loadListError: 'Error loading suppliers',
    loadError: 'Error loading supplier',
    createError: 'Error creating supplier',
    updateError: 'Error updating supplier',
    deleteError: 'Error deleting supplier',
    deleteTitle: '¿Eliminar proveedor?',
    notFound: CATALOGS.suppliers.notFound,
  },
  operators: {
    title: 'Operadores',
    newTitle: 'Nuevo Operador',
    editTitle: 'Editar Operador',
    searchLabel: 'Buscar operadores por nombre',
    searchPlaceholder: 'Buscar operadores...',
    loadingList: 'Cargando operadores...',
    loadingOne: 'Cargando operador...',
    empty: 'No se encontraron operadores',
    loadListError: 'Error al cargar operadores',
    loadError: 'Error al cargar operador',
    createError: 'Error al crear operador',
    updateError: 'Error al actualizar operador',
    deleteError: 'Error al eliminar operador',
    deleteTitle: '¿Eliminar operador?',
    notFound: CATALOGS.operators.notFound,
  },
  classifications: {
    title: 'Clasificaciones',
    newTitle: 'Nueva Clasificación',
    editTitle: 'Editar Clasificación',
    searchLabel: 'Buscar clasificaciones por nombre',
    searchPlaceholder: 'Buscar clasificaciones...',
    loadingList: 'Cargando clasificaciones...',
    loadingOne: 'Cargando clasificación...',
    empty: 'No se encontraron clasificaciones',
    loadListError: 'Error al cargar clasificaciones',
    loadError: 'Error al cargar clasificación',
    createError: 'Error al crear clasificación',
    updateError: 'Error al actualizar clasificación',
    deleteError: 'Error al eliminar clasificación',
    deleteTitle: '¿Eliminar clasificación?',
    notFound: CATALOGS.classifications.notFound,
  },
};
