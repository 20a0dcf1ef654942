import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EXPORT_CONTENT_TYPES } from '../../../domain/api/files';
import { importsApi } from '../../../domain/api/imports';
import { IMPORT_FILE_TYPES } from '../../../domain/imports';
import type { Database } from '../../db/client';
import { requestTimeZone } from '../../lib/agency-zone';
import { exportFileName } from '../../lib/export/columns';
import { badRequest, HttpError } from '../../lib/http-errors';
import { routeOf } from '../../lib/route';
import { currentUser } from '../../plugins/current-user';
import { auditActor } from '../audit';
import { ImportFile, templateFile } from './files';
import { runImport } from './service';

/** 20,000 rows of a wide sheet fit well within it. */
const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;
const WRONG_TYPE_MESSAGE = 'Tipo de contenido no admitido: envíe un archivo .xlsx o CSV';
const EMPTY_FILE_MESSAGE = 'Envíe el archivo (.xlsx o CSV) como cuerpo de la solicitud';

const FILE_NAMES = {
  clients: 'plantilla-clientes',
  passengers: 'plantilla-pasajeros',
  suppliers: 'plantilla-proveedores',
  operators: 'plantilla-operadores',
  classifications: 'plantilla-clasificaciones',
  sales: 'plantilla-ventas',
} as const;

/** Importar (docs/decisions/0095-imports.md); the file parsers are this plugin's alone. */
export const importsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addContentTypeParser(
    [...IMPORT_FILE_TYPES],
    { parseAs: 'buffer', bodyLimit: IMPORT_BODY_LIMIT },
    (_req, body, done) => done(null, new ImportFile(body as Buffer)),
  );
  const tags = ['imports'];

  app.route({
    ...routeOf(importsApi.template, tags),
    handler: async (request, reply) => {
      const { kind } = request.params;
      const { format } = request.query;
      const file = await templateFile(kind, format);
      const name = exportFileName(FILE_NAMES[kind], format, await requestTimeZone(request));
      return reply
        .header('content-type', EXPORT_CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(file);
    },
  });

  app.route({
    ...routeOf(importsApi.run, tags),
    bodyLimit: IMPORT_BODY_LIMIT,
    handler: async (request, reply) => {
      const file = request.body as unknown;
      if (file !== undefined && !(file instanceof ImportFile)) throw new HttpError(415, WRONG_TYPE_MESSAGE);
      if (!(file instanceof ImportFile) || file.bytes.length === 0) throw badRequest(EMPTY_FILE_MESSAGE);
      const outcome = await runImport(
        db,
        request.params.kind,
        file,
        request.query.dryRun,
        currentUser(request),
        auditActor(request),
      );
      return reply.status(outcome.status).send(outcome.body);
    },
  });
};
