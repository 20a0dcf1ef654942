import type { FastifyRequest } from 'fastify';
import { badRequest } from './http-errors';

export const NOT_AN_OBJECT = 'El cuerpo de la solicitud debe ser un objeto JSON';

/**
 * The preValidation of a route whose JSON body is optional (declared `.nullish()`): a call without a
 * body and without a content type reaches the route as null and is no body; a JSON `null` sent on
 * purpose, with its content type, is no object and is refused like any other.
 */
export async function refuseJsonNull(request: FastifyRequest): Promise<void> {
  if (request.body === null && request.headers['content-type']) throw badRequest(NOT_AN_OBJECT);
}
