import type { z } from 'zod';
import { catalogsApi } from '../../../../domain/api/master-data';
import type { CatalogItem, CatalogKind, catalogSchema } from '../../../../domain/master-data';
import { createResource, type Resource } from '../../../api/resource';

export type CatalogData = z.output<ReturnType<typeof catalogSchema>>;

/**
 * The catalogs reply a bare array and a bare record, as the original client reads them
 * (docs/product.md#master-data-api).
 */
const RESOURCES: Record<CatalogKind, Resource<CatalogItem, CatalogData>> = {
  suppliers: createResource(catalogsApi.suppliers),
  operators: createResource(catalogsApi.operators),
  classifications: createResource(catalogsApi.classifications),
};

export const catalogResource = (kind: CatalogKind) => RESOURCES[kind];
