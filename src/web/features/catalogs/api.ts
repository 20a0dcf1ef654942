import type { z } from 'zod';
import type { CatalogItem, CatalogKind, catalogSchema } from '../../../domain/master-data';
import { createResource, type Resource, useDeleteMutation, useSaveMutation } from '../../api/resource';

export type CatalogData = z.output<ReturnType<typeof catalogSchema>>;

const RESOURCES: Record<CatalogKind, Resource<CatalogItem, CatalogData>> = {
  suppliers: createResource('suppliers', 'supplier'),
  operators: createResource('operators', 'operator'),
  classifications: createResource('classifications', 'classification'),
};

export const catalogKeys = (kind: CatalogKind) => RESOURCES[kind].keys;
export const catalogListQuery = (kind: CatalogKind) => RESOURCES[kind].listQuery;
export const catalogItemQuery = (kind: CatalogKind) => RESOURCES[kind].detailQuery;

export const useSaveCatalogItem = (kind: CatalogKind) => useSaveMutation(RESOURCES[kind]);
export const useDeleteCatalogItem = (kind: CatalogKind) => useDeleteMutation(RESOURCES[kind]);
