import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ListPage } from '../../../api/resource';

/** How many records a picker lists at once: the first page, large enough to scroll through. */
export const PICKER_LIMIT = 100;
/** How many clients or passengers a search shows, as the server's own picker search does. */
export const SEARCH_LIMIT = 20;

/**
 * A picker's records from another feature's list query (under that feature's keys, so a record saved
 * there shows here). A picker that fails to load is only logged, with its own message; the select
 * simply stays empty.
 */
export function usePickerList<T, Key extends QueryKey, Picked = T[]>(
  options: UseQueryOptions<ListPage<T>, Error, ListPage<T>, Key>,
  message: string,
  pick: (rows: T[]) => Picked = (rows) => rows as Picked,
  enabled = true,
) {
  const query = useQuery({ ...options, select: (page: ListPage<T>) => pick(page.data), enabled });
  useEffect(() => {
    if (query.error) console.error(message, query.error);
  }, [query.error, message]);
  return query;
}
