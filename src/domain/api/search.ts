import { STAFF } from '../access';
import { searchQuerySchema, searchReplySchema } from '../search';
import { endpoint, SIGNED_IN } from './endpoint';

/** The global search of the top bar. */
export const searchApi = {
  search: endpoint({
    method: 'GET',
    path: '/api/search',
    access: STAFF,
    query: searchQuerySchema,
    replies: { 200: searchReplySchema },
    errors: SIGNED_IN,
  }),
};
