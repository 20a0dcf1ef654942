import { ADMINS } from '../access';
import {
  IMPORT_FILE_TYPES,
  importParamsSchema,
  importQuerySchema,
  importRefusedSchema,
  importResultSchema,
} from '../imports';
import { endpoint, SIGNED_IN } from './endpoint';
import { EXPORT_CONTENT_TYPES, exportQuery, fileReply } from './files';

/**
 * Importar (docs/decisions/0095-imports.md): a kind's file to fill, and a filled file (CSV or .xlsx, the
 * raw request body) checked whole and written in one transaction, or refused with every error. Admin only.
 */
export const importsApi = {
  template: endpoint({
    method: 'GET',
    path: '/api/imports/:kind/template',
    access: ADMINS,
    params: importParamsSchema,
    query: exportQuery({}),
    replies: {
      200: fileReply('La planilla a llenar: .xlsx (con la hoja Instrucciones) o CSV', [
        ...Object.values(EXPORT_CONTENT_TYPES),
      ]),
    },
    errors: SIGNED_IN,
  }),
  run: endpoint({
    method: 'POST',
    path: '/api/imports/:kind',
    access: ADMINS,
    params: importParamsSchema,
    query: importQuerySchema,
    upload: IMPORT_FILE_TYPES,
    // 422: some row is wrong; every error is listed and nothing is written.
    replies: { 200: importResultSchema, 422: importRefusedSchema },
    errors: [...SIGNED_IN, 413, 415],
  }),
};
