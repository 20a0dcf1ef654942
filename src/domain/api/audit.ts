import { ADMINS, STAFF } from '../access';
import { auditPageSchema, auditQuerySchema, auditVerifySchema } from '../audit';
import { endpoint, SIGNED_IN } from './endpoint';
import { exportFileReply, exportQuery } from './files';

const { page: _page, limit: _limit, ...auditFilters } = auditQuerySchema.shape;

/** Auditoría: the log, its export, and the check of its hash chain. */
export const auditApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/audit',
    access: STAFF,
    query: auditQuerySchema,
    replies: { 200: auditPageSchema },
    // 404: a seller asking for the history of a sale that is not theirs.
    errors: [...SIGNED_IN, 404],
  }),
  export: endpoint({
    method: 'GET',
    path: '/api/audit/export',
    access: STAFF,
    query: exportQuery(auditFilters),
    replies: { 200: exportFileReply },
    errors: [...SIGNED_IN, 404],
  }),
  verify: endpoint({
    method: 'GET',
    path: '/api/audit/verify',
    access: ADMINS,
    replies: { 200: auditVerifySchema },
    errors: SIGNED_IN,
  }),
};
