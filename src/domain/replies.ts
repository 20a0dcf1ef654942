import { z } from 'zod';
import { paginationReplySchema } from './pagination';

/**
 * Building blocks of the API's reply schemas. The server declares its replies with them (and checks
 * every reply it sends against them); the web takes its types from the same schemas.
 */
export const messageReplySchema = z.object({ message: z.string() });
export type MessageReply = z.infer<typeof messageReplySchema>;

/**
 * A reply field that may have no value. The server checks its reply against the schema with the null
 * still in it, then the serialiser's replacer (`omitNull` in src/server/app.ts) drops the key, so the
 * client receives no key at all: the type must say `undefined` as well as `null`, or web code that
 * tests `=== null` misses the absent field.
 */
export const absentWhenNull = <Schema extends z.ZodType>(schema: Schema) => schema.nullish();

/** `{ message, <key>: record }`, the reply of a create or an update. */
export const savedReply = <Key extends string, Record extends z.ZodType>(key: Key, record: Record) =>
  z.object({ message: z.string(), [key]: record } as { message: z.ZodString } & { [K in Key]: Record });

/** `{ data: record }`, the reply of a master record or a company setting. */
export const dataReply = <Record extends z.ZodType>(record: Record) => z.object({ data: record });

/** `{ <key>: rows, pagination }`, one page of a list. */
export const pagedReply = <Key extends string, Row extends z.ZodType>(key: Key, row: Row) =>
  z.object({ [key]: z.array(row), pagination: paginationReplySchema } as {
    pagination: typeof paginationReplySchema;
  } & { [K in Key]: z.ZodArray<Row> });
