import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { $ZodError, type $ZodType } from 'zod/v4/core';
import { parsedJsonTexts, replyJson, withoutNulls } from '../lib/json-text';

/**
 * How a reply meets its route's declared schema (decision 0059):
 * - `check` (the tests and `npm run dev`): every reply is encoded with its zod schema and must come out
 *   unchanged, so a field the schema does not declare, a wrong type or a transform fails the request
 *   (a 500 naming the route). An undeclared status fails too (declared-replies.ts).
 * - `trust` (production): the reply is sent as the handler built it. TypeScript types each handler's
 *   reply from the same schema, and the tests prove at run time that what is sent equals what the
 *   schema lets through, so checking it again on every request only costs CPU.
 */
export type ReplyChecks = 'check' | 'trust';

export const serializeReply = replyJson;

function zodSchemaOf(schema: unknown): $ZodType {
  if (schema && typeof schema === 'object' && '_zod' in schema) return schema as $ZodType;
  throw new Error(`A reply schema must be a zod schema: ${JSON.stringify(schema)}`);
}

/** The serializer compiler of every route's declared replies. */
export function replySerializerCompiler(checks: ReplyChecks): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    if (checks === 'trust') return serializeReply;
    const zodSchema = zodSchemaOf(schema) as unknown as { safeEncode(data: unknown): EncodeResult };
    return (data) => {
      // JSON texts built by PostgreSQL are checked as the values they hold, and what is sent is
      // production's text: a null or a field the schema lacks in such a text fails here too.
      const result = zodSchema.safeEncode(parsedJsonTexts(data));
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      const sent = replyJson(data);
      if (!isDeepStrictEqual(withoutNulls(result.data), JSON.parse(sent)))
        throw new ResponseSerializationError(method, url, {
          cause: new $ZodError([
            {
              code: 'custom',
              path: [],
              input: data,
              message:
                'the reply holds fields its schema does not declare or would change: production sends it as built',
            },
          ]),
        });
      return sent;
    };
  };
}

type EncodeResult = { success: true; data: unknown } | { success: false; error: $ZodError };
