import type { z } from 'zod';
import type { CatalogItem, CatalogKind, catalogSchema } from '../../../domain/master-data';
import { createResource, type Resource } from '../../api/resource';

export type CatalogData = z.output<ReturnType<typeof catalogSchema>>;

const RESOURCES: Record<CatalogKind, Resource<CatalogItem, CatalogData>> = {
  suppliers: createResource('suppliers', 'supplier'),
  operators: createResource('operators', 'operator'),
  classifications: createResource('classifications', 'classification'),
};

export const catalogResource = (kind: CatalogKind) => RESOURCES[kind];
