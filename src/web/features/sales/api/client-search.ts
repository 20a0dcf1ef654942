import { clientsResource } from '../../clients';
import { SEARCH_LIMIT, usePickerList } from './picker-list';

/** Clients whose name or ID/RUT contains `q`. */
export const useClientSearch = (q: string) =>
  usePickerList(clientsResource.listQuery({ q, page: 1, limit: SEARCH_LIMIT }), 'Error loading clients');
