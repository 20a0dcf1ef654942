import { useQuery } from '@tanstack/react-query';
import { passengerListQuery } from '../../passengers';
import { SEARCH_LIMIT } from './client-search';
import { useLoggedFailure } from './picker-failure';

/** Passengers whose name or ID contains `q`, under the passengers' own keys. */
export function usePassengerSearch(q: string) {
  const query = useQuery({
    ...passengerListQuery({ q, page: 1, limit: SEARCH_LIMIT }),
    select: (page) => page.data,
  });
  useLoggedFailure(query.error, 'Error loading passengers');
  return query;
}
