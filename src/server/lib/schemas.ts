import { z } from 'zod';
import { pathIdSchema } from '../../domain/input';

/** Shapes shared by many routes' OpenAPI descriptions. */
export const errorResponse = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export const messageResponse = z.object({ message: z.string() });

export const idParams = z.object({ id: pathIdSchema() });

/**
 * The error replies every route declares beside its 2xx ones (`response: { 200: X, ...errorReplies }`):
 * whatever the error handler answers with these statuses is `{ message, errors? }`.
 */
export const errorReplies = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
} as const;

/**
 * The 200 of a route that sends a file (an export, a PDF): documented by its content types. Fastify
 * does not serialize a stream or a buffer, so the schema only describes the reply.
 */
export const fileReply = (description: string, contentTypes: readonly string[]) => ({
  description,
  content: Object.fromEntries(
    contentTypes.map((type) => [type, { schema: z.any().meta({ type: 'string', format: 'binary' }) }]),
  ),
});
