import { z } from 'zod';
import type { Access } from '../access';

/**
 * One HTTP call of the API, declared once for both sides: the server registers its route from it
 * (`src/server/lib/route.ts`) and the web calls it through `call()` (`src/web/api/client.ts`), so a
 * path, a body or a reply cannot differ between them, nor who may call it: the server's access guard
 * enforces `access` and the web hides what it forbids (`canCall`).
 */

/** Every error leaves the server as `{ message, errors? }`; `errors` names the fields at fault. */
export const errorReplySchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorReply = z.infer<typeof errorReplySchema>;
export type FieldError = NonNullable<ErrorReply['errors']>[number];

/**
 * The errors a call can answer, by cause. 400 comes with any input (an unknown query parameter is
 * refused on every route); 401 and 403 with a session; 404 with a record in the path; 413 and 415
 * with a JSON body; 409 and 429 where the route says so; 503 where the route needs a setting the
 * server may lack (a backup folder).
 */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EndpointShape {
  method: Method;
  path: string;
  /** Who may call it (`src/domain/access.ts`); a role set answers 403 to the others, so lists 403. */
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * A body that is a file, not JSON (an import's spreadsheet): the content types it may be sent as. Such
   * a call answers 413 and 415 as a JSON body's does.
   */
  upload?: readonly string[];
  /** The success replies by status (a file's is described, not a schema). */
  replies: Record<number, unknown>;
  /** The error statuses this call can answer, each `{ message, errors? }` unless `replies` says more. */
  errors: readonly ErrorStatus[];
}

/** Declares an endpoint, keeping its literal path and schemas for the types that read it. */
export const endpoint = <const E extends EndpointShape>(declared: E): E => declared;

/** The errors of a call that needs a session: refused without one (401) or for the role (403). */
export const SIGNED_IN = [400, 401, 403] as const;
/** A signed-in call on one record named in the path. */
export const ON_RECORD = [...SIGNED_IN, 404] as const;
/** A signed-in call with a JSON body. */
export const WITH_BODY = [...SIGNED_IN, 413, 415] as const;
/** A signed-in call with a JSON body on one record named in the path. */
export const ON_RECORD_WITH_BODY = [...ON_RECORD, 413, 415] as const;

/** The success status a call answers with: 201 for a create, 202 for work started, else 200. */
type SuccessStatus<E extends EndpointShape> = 201 extends keyof E['replies']
  ? 201
  : 202 extends keyof E['replies']
    ? 202
    : 200;

/** The JSON a call answers with on success. */
export type ReplyOf<E extends EndpointShape> = E['replies'][SuccessStatus<E>] extends z.ZodType
  ? z.output<E['replies'][SuccessStatus<E>]>
  : never;

/**
 * What a caller passes for a path or query value: the schemas take text (that is what a URL carries),
 * and a number is written as its digits.
 */
type UrlValue<T> = T extends string ? (string extends T ? string | number : T) : T;
type UrlValues<T> = { [K in keyof T]: UrlValue<T[K]> };

type Part<E extends EndpointShape, K extends 'params' | 'query' | 'body'> = E[K] extends z.ZodType
  ? K extends 'body'
    ? z.input<E[K]>
    : UrlValues<z.input<E[K]>>
  : never;

/** The arguments of a call: the path's values, the query and the body its schemas take. */
export type CallInput<E extends EndpointShape> = (E['params'] extends z.ZodType
  ? { params: Part<E, 'params'> }
  : { params?: never }) &
  (E['query'] extends z.ZodType ? { query?: Part<E, 'query'> } : { query?: never }) &
  (E['body'] extends z.ZodType ? { body: Part<E, 'body'> } : { body?: never });
