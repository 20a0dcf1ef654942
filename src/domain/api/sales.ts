import { saleFilterShape, withOrderedRanges } from '../sale-filters';
import { endpoint, SIGNED_IN } from './endpoint';
import { exportFileReply, exportQuery } from './files';

/** Sales (spec 6). Only the list's export so far: the sales screens still call their other routes by path. */
export const salesApi = {
  export: endpoint({
    method: 'GET',
    path: '/api/sales/export',
    query: withOrderedRanges(exportQuery(saleFilterShape)),
    replies: { 200: exportFileReply },
    errors: SIGNED_IN,
  }),
};
