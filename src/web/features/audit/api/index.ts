import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { auditApi } from '../../../../domain/api/audit';
import type { CallInput } from '../../../../domain/api/endpoint';
import { queryCall } from '../../../api/client';

export type { AuditPage } from '../../../../domain/audit';

/** The log's filters as GET /api/audit takes them, the page always given. */
export type AuditFilters = NonNullable<CallInput<typeof auditApi.list>['query']> & {
  page: number;
  limit: number;
};

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
    queryFn: queryCall(auditApi.list, { query: filters }),
    placeholderData: keepPreviousData,
  });
