import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchApi } from '../../../../domain/api/search';
import { SEARCH_MIN_LENGTH } from '../../../../domain/search';
import { queryCall } from '../../../api/client';

export const searchKeys = {
  all: ['search'] as const,
  text: (q: string) => [...searchKeys.all, q] as const,
};

/**
 * What a text finds across the agency (the server scopes it to the caller). The previous results stay
 * on screen while the next ones load, so the list does not blink at every key.
 */
export function useGlobalSearch(q: string) {
  return useQuery({
    queryKey: searchKeys.text(q),
    queryFn: queryCall(searchApi.search, { query: { q } }),
    enabled: q.length >= SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
