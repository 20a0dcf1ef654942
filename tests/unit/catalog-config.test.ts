// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CATALOGS, type CatalogKind } from '../../src/domain/master-data';
import { CATALOG_TEXTS } from '../../src/web/features/catalogs/config';

// Written out from the product's screen texts and error messages (docs/product.md#catalogs) rather than
// derived, so that a typo in the config shows.
const EXPECTED: Record<CatalogKind, Partial<Record<keyof (typeof CATALOG_TEXTS)[CatalogKind], string>>> = {
  suppliers: {
    title: 'Proveedores',
    newTitle: 'Nuevo Proveedor',
    editTitle: 'Editar Proveedor',
    searchPlaceholder: 'Buscar proveedores...',
    empty: 'No se encontraron proveedores',
    loadListError: 'Error loading suppliers',
    loadError: 'Error loading supplier',
    createError: 'Error creating supplier',
    updateError: 'Error updating supplier',
    deleteError: 'Error deleting supplier',
    notFound: 'Proveedor no encontrado',
  },
  operators: {
    title: 'Operadores',
    newTitle: 'Nuevo Operador',
    editTitle: 'Editar Operador',
    searchPlaceholder: 'Buscar operadores...',
    empty: 'No se encontraron operadores',
    loadListError: 'Error al cargar operadores',
    loadError: 'Error al cargar operador',
    createError: 'Error al crear operador',
    updateError: 'Error al actualizar operador',
    deleteError: 'Error al eliminar operador',
    notFound: 'Operador no encontrado',
  },
  classifications: {
    title: 'Clasificaciones',
    newTitle: 'Nueva Clasificación',
    editTitle: 'Editar Clasificación',
    searchPlaceholder: 'Buscar clasificaciones...',
    empty: 'No se encontraron clasificaciones',
    loadListError: 'Error al cargar clasificaciones',
    loadError: 'Error al cargar clasificación',
    createError: 'Error al crear clasificación',
    updateError: 'Error al actualizar clasificación',
    deleteError: 'Error al eliminar clasificación',
    notFound: 'Clasificación no encontrada',
  },
};

describe('catalog screens configuration', () => {
  it('covers exactly the catalog kinds of the domain', () => {
    expect(Object.keys(CATALOG_TEXTS).sort()).toEqual(Object.keys(CATALOGS).sort());
  });

  for (const kind of Object.keys(EXPECTED) as CatalogKind[]) {
    it(`uses the product's texts for ${kind}`, () => {
      expect(CATALOG_TEXTS[kind]).toMatchObject(EXPECTED[kind]);
      // The not-found text is the server's own 404 message, so the two never drift apart.
      expect(CATALOG_TEXTS[kind].notFound).toBe(CATALOGS[kind].notFound);
    });

    it(`gives ${kind} a complete set of non-empty texts`, () => {
      for (const [key, text] of Object.entries(CATALOG_TEXTS[kind])) {
        expect(text.trim(), `${kind}.${key}`).not.toBe('');
      }
    });
  }
});
