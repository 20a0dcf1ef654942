import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditPage } from '../../../domain/audit';
import { queryGet } from '../../api/client';

export type { AuditPage } from '../../../domain/audit';

export interface AuditFilters {
  entity?: string;
  entityId?: number;
  userId?: number;
  action?: string;
  from?: string;
  to?: string;
  page: number;
  limit: number;
}

/**
 * Keys start with 'sales' for a sale's history, so every write that refreshes the sale's views
 * (edits, status changes, payments) refreshes its history too.
 */
export const auditQuery = (filters: AuditFilters) =>
  queryOptions({
    queryKey:
      filters.entity === 'sale' && filters.entityId !== undefined
        ? ['sales', 'history', filters]
        : ['audit', filters],
    queryFn: queryGet<AuditPage>('/api/audit', { ...filters }),
    placeholderData: keepPreviousData,
  });
