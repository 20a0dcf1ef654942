import type { z } from 'zod';
import type { CatalogItem, CatalogKind, catalogSchema } from '../../../domain/master-data';
import { createResource, type Resource } from '../../api/resource';

export type CatalogData = z.output<ReturnType<typeof catalogSchema>>;

/** The catalogs reply a bare array and a bare record, as the spec's own client reads them. */
const RESOURCES: Record<CatalogKind, Resource<CatalogItem, CatalogData>> = {
  suppliers: createResource('suppliers', 'supplier', 'headers'),
  operators: createResource('operators', 'operator', 'headers'),
  classifications: createResource('classifications', 'classification', 'headers'),
};

export const catalogResource = (kind: CatalogKind) => RESOURCES[kind];
