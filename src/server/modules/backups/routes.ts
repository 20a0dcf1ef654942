import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backupsApi } from '../../../domain/api/backups';
import type { DatabaseHandle } from '../../db/client';
import { HttpError, notFound } from '../../lib/http-errors';
import { routeOf } from '../../lib/route';
import { currentUser } from '../../plugins/current-user';
import { failInterrupted, findBackup, lastFailure, listBackups } from './queries';
import type { BackupSettings, backupService } from './service';

/**
 * Respaldos: without a backup folder (AppOptions.backups) every route answers 503. The service is the
 * app's (app.ts), shared with the daily schedule so a backup by hand and the scheduled one never overlap.
 */
export const backupsRoutes: FastifyPluginAsyncZod<{
  database: DatabaseHandle;
  settings?: BackupSettings;
  service?: ReturnType<typeof backupService>;
}> = async (app, { database, settings, service }) => {
  const tags = ['backups'];
  const { db } = database;
  if (settings && service) {
    // On PGlite this process owns the data folder: any running row is a previous run's.
    await failInterrupted(db, database.kind === 'pglite');
    // A backup being written holds a transaction: the database closes after it (a verification is stopped).
    app.addHook('onClose', () => service.stop());
  }
  const configured = () => {
    if (!settings || !service) throw new HttpError(503, 'Respaldos no configurados');
    return { settings, service };
  };

  app.route({
    ...routeOf(backupsApi.list, tags),
    handler: async () => {
      configured();
      return { backups: await listBackups(db), lastFailure: await lastFailure(db) };
    },
  });

  app.route({
    ...routeOf(backupsApi.create, tags),
    handler: async (request, reply) => {
      const backup = await configured().service.start(currentUser(request).id);
      return reply.status(202).send({ message: 'Respaldo iniciado', backup });
    },
  });

  app.route({
    ...routeOf(backupsApi.download, tags),
    handler: async (request, reply) => {
      const { dir } = configured().settings;
      const row = await findBackup(db, request.params.id);
      if (!row) throw notFound('Respaldo no encontrado');
      const file = path.join(dir, row.fileName);
      const size = (await stat(file).catch(() => null))?.size;
      if (size === undefined)
        throw notFound('El archivo de este respaldo ya no está en la carpeta de respaldos');
      return reply
        .header(
          'content-type',
          row.fileName.endsWith('.age') ? 'application/octet-stream' : 'application/gzip',
        )
        .header('content-length', size)
        .header('content-disposition', `attachment; filename="${row.fileName}"`)
        .send(createReadStream(file));
    },
  });
};
