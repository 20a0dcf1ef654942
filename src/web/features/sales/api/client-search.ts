import { useQuery } from '@tanstack/react-query';
import { clientListQuery } from '../../clients';
import { useLoggedFailure } from './picker-failure';

/** How many clients or passengers a search shows, as the server's own picker search does. */
export const SEARCH_LIMIT = 20;

/** Clients whose name or ID/RUT contains `q`, under the clients' own keys. */
export function useClientSearch(q: string) {
  const query = useQuery({
    ...clientListQuery({ q, page: 1, limit: SEARCH_LIMIT }),
    select: (page) => page.data,
  });
  useLoggedFailure(query.error, 'Error loading clients');
  return query;
}
