import type { Access } from '../../domain/access';
import { type EndpointShape, type ErrorStatus, errorReplySchema } from '../../domain/api/endpoint';

type ErrorReplies<E extends EndpointShape> = { [S in E['errors'][number]]: typeof errorReplySchema };

/** Fastify's route schema of an endpoint: its inputs, its replies and the `{ message }` of each error. */
export type RouteSchemaOf<E extends EndpointShape> = {
  tags: string[];
  params: E['params'];
  querystring: E['query'];
  body: E['body'];
  response: Omit<ErrorReplies<E>, keyof E['replies']> & E['replies'];
};

/**
 * The route options an endpoint gives its server route: method, path, schema and who may call it
 * (`config.access`, which the access guard enforces), so the route serves exactly what `src/domain/api`
 * declares. The route adds its handler: `app.route({ ...routeOf(paymentsApi.list, tags), handler })`.
 */
export function routeOf<E extends EndpointShape>(
  declared: E,
  tags: string[],
): { method: E['method']; url: E['path']; schema: RouteSchemaOf<E>; config: { access: Access } } {
  const errors = Object.fromEntries(declared.errors.map((status: ErrorStatus) => [status, errorReplySchema]));
  return {
    method: declared.method,
    url: declared.path,
    config: { access: declared.access },
    // Inputs the endpoint does not take are left out, not set to undefined: Fastify would describe them.
    schema: {
      tags,
      ...(declared.params && { params: declared.params }),
      ...(declared.query && { querystring: declared.query }),
      ...(declared.body && { body: declared.body }),
      response: { ...errors, ...declared.replies },
    } as RouteSchemaOf<E>,
  };
}
