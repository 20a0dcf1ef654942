import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { ListPage, ListParams } from '../api/resource';
import { useDebouncedValue } from './use-debounced-value';

const LIST_PAGE_SIZE = 20;
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The page of a list that belongs to one set of filters (`filterKey` joins them): when any filter
 * changes the list starts again at page 1, with no extra render or request.
 */
export function useFilterPage(filterKey: string) {
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const setPage = useCallback((next: number) => setPaging({ filterKey, page: next }), [filterKey]);
  return [page, setPage] as const;
}

/** A search box's text and the trimmed query that follows it once typing pauses. */
export function useSearchBox() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  return { q, box: { value: search, onValueChange: setSearch } };
}

/**
 * State of a searchable, paged list: the search box text, the debounced server query and the page.
 * A new search starts again at page 1, and a page left empty by a deletion falls back to the last one.
 */
export function usePagedList<T, Key extends QueryKey>(
  listQuery: (params: ListParams) => UseQueryOptions<ListPage<T>, Error, ListPage<T>, Key>,
) {
  const { q, box } = useSearchBox();
  const [page, setPage] = useFilterPage(q);

  const query = useQuery(listQuery({ q, page, limit: LIST_PAGE_SIZE }));
  const totalPages = query.data?.pagination.totalPages ?? 0;

  useEffect(() => {
    if (!query.isPlaceholderData && totalPages > 0 && page > totalPages) setPage(totalPages);
  }, [query.isPlaceholderData, totalPages, page, setPage]);

  const rows = query.data?.data ?? [];
  return {
    /** Value and change handler of the list's search box. */
    searchBox: box,
    q,
    page,
    setPage,
    totalPages,
    query,
    rows,
    /** What a list frame needs to show loading, failure, emptiness and the pages. */
    status: { isPending: query.isPending, error: query.error, isEmpty: rows.length === 0 },
    pagination: { page, totalPages, onPageChange: setPage },
  };
}
