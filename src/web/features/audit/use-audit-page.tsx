import { useQuery } from '@tanstack/react-query';
import { useFilterPage } from '../../lib/use-paged-list';
import { AuditEntryItem } from './AuditEntryItem';
import { type AuditFilters, auditQuery } from './api';

const PAGE_SIZE = 20;

export type AuditListFilters = Omit<AuditFilters, 'page' | 'limit'>;

/** One page of the trail for these filters; other filters start again at page 1. */
export function useAuditPage(filters: AuditListFilters) {
  const [page, setPage] = useFilterPage(JSON.stringify(filters));
  const query = useQuery(auditQuery({ ...filters, page, limit: PAGE_SIZE }));
  const entries = query.data?.entries ?? [];
  return {
    entries,
    status: { isPending: query.isPending, error: query.error, isEmpty: entries.length === 0 },
    pagination: { page, totalPages: query.data?.pagination.totalPages ?? 0, onPageChange: setPage },
  };
}

interface AuditEntryListProps {
  label: string;
  entries: ReturnType<typeof useAuditPage>['entries'];
  showIp?: boolean;
  /** A sale's own history leaves out the sale's name on its own entries, keeping it on its payments'. */
  saleId?: number;
  timeZone: string;
}

/** The entries, newest first, as a named ordered list. */
export function AuditEntryList({ label, entries, showIp, saleId, timeZone }: AuditEntryListProps) {
  return (
    <ol aria-label={label} className="divide-y divide-gray-200 rounded-md border border-gray-200 bg-white">
      {entries.map((entry) => (
        <AuditEntryItem
          key={entry.id}
          entry={entry}
          showIp={showIp}
          showSubject={!(entry.entity === 'sale' && entry.entityId === saleId)}
          timeZone={timeZone}
        />
      ))}
    </ol>
  );
}
