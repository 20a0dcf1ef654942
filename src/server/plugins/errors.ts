import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, pgErrorCode } from '../lib/http-errors';

/** Fastify's own client errors, reworded for the Spanish UI. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'El cuerpo de la solicitud no es JSON válido',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'El cuerpo de la solicitud está vacío',
  FST_ERR_CTP_BODY_TOO_LARGE: 'La solicitud es demasiado grande',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Tipo de contenido no admitido; envía JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Longitud de contenido inválida',
};

/**
 * Every error leaves as `{ message, errors? }` (the web shows `message` and marks each field named
 * in `errors`); every route declares that shape for its 4xx replies. Bad input is always a 4xx; only
 * a real fault of ours is a 500, logged with its stack and answered without internals.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'Valor inválido',
      }));
      return reply.status(400).send({ message: errors[0]?.message ?? 'Datos inválidos', errors });
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({
        message: error.message,
        ...(error.errors && { errors: error.errors }),
        ...error.details,
      });
    }
    const pgCode = pgErrorCode(error);
    if (pgCode === '23505')
      return reply.status(409).send({ message: 'Ya existe un registro con esos datos' });
    if (pgCode === '23503' || pgCode === '23001') {
      return reply
        .status(409)
        .send({ message: 'El registro está en uso por otros datos y no se puede modificar' });
    }
    if (pgCode === '40001' || pgCode === '40P01') {
      return reply
        .status(409)
        .send({ message: 'Otro usuario modificó estos datos al mismo tiempo; inténtalo de nuevo' });
    }
    // A value the database cannot store (out of range, badly formed, a NUL or invalid byte sequence,
    // a string too long): bad input that slipped past a schema, still a 400 and never a 500.
    if (pgCode?.startsWith('22')) {
      return reply.status(400).send({ message: 'Valor fuera de rango o con formato inválido' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = (error.code && FASTIFY_MESSAGES[error.code]) || error.message;
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Error interno del servidor' });
  });
});
