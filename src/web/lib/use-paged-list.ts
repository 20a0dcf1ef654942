import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ListPage, ListParams } from '../api/resource';
import { useDebouncedValue } from './use-debounced-value';

const LIST_PAGE_SIZE = 20;
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * State of a searchable, paged list: the search box text, the debounced server query and the page.
 * A new search starts again at page 1, and a page left empty by a deletion falls back to the last one.
 */
export function usePagedList<T, Key extends QueryKey>(
  listQuery: (params: ListParams) => UseQueryOptions<ListPage<T>, Error, ListPage<T>, Key>,
) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // The page remembers which search it belongs to, so a new search needs no extra render or request.
  const [paging, setPaging] = useState({ q, page: 1 });
  const page = paging.q === q ? paging.page : 1;
  const setPage = (next: number) => setPaging({ q, page: next });

  const query = useQuery(listQuery({ q, page, limit: LIST_PAGE_SIZE }));
  const totalPages = query.data?.pagination.totalPages ?? 0;

  useEffect(() => {
    if (!query.isPlaceholderData && totalPages > 0 && page > totalPages) setPaging({ q, page: totalPages });
  }, [query.isPlaceholderData, totalPages, page, q]);

  return { search, setSearch, q, page, setPage, totalPages, query, rows: query.data?.data ?? [] };
}
