import { ADMINS } from '../access';
import { backupListSchema, backupStartedSchema } from '../backups';
import { endpoint, ON_RECORD, SIGNED_IN } from './endpoint';
import { fileReply } from './files';
import { idParams } from './params';

/**
 * Respaldos (docs/product.md#backups-api): the backups the app made, one made now, and a backup's file. Admin only; 503
 * when the server has no backup folder configured.
 */
export const backupsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/backups',
    access: ADMINS,
    replies: { 200: backupListSchema },
    errors: [...SIGNED_IN, 503],
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/backups',
    access: ADMINS,
    replies: { 202: backupStartedSchema },
    // 409: a backup is already being written.
    errors: [...SIGNED_IN, 409, 503],
  }),
  download: endpoint({
    method: 'GET',
    path: '/api/backups/:id/download',
    access: ADMINS,
    params: idParams,
    replies: {
      200: fileReply('El archivo del respaldo: gzip, o cifrado con age', [
        'application/gzip',
        'application/octet-stream',
      ]),
    },
    errors: [...ON_RECORD, 503],
  }),
};
