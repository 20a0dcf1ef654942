import { and, asc, count, eq, getTableColumns, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { masterDataReplies } from '../../domain/master-data-replies';
import {
  optionalPaginationQuerySchema,
  PAGE_LIMIT,
  paginationOf,
  paginationQuerySchema,
} from '../../domain/pagination';
import { messageReplySchema } from '../../domain/replies';
import type { Database } from '../db/client';
import { nameSortKey } from '../db/name-order';
import type { CrudResource, Row } from './crud-resource';
import { exportQuery, exportReplies, sendListExport } from './export';
import { conflict, notFound, pgErrorCode } from './http-errors';
import { sendPagingHeaders, WHOLE_LIST_CAP } from './paging-headers';
import { errorReplies, idParams } from './schemas';

/** How many matches the pickers' search returns. */
const SEARCH_LIMIT = 20;

export function crudRoutes<Body extends z.ZodType>(
  resource: CrudResource<Body>,
): FastifyPluginAsyncZod<{ db: Database }> {
  const { path, table, messages } = resource;
  const t = table as PgTable & { id: AnyPgColumn };
  const where = (q: string | undefined) => (q ? or(...resource.search(q)) : undefined);
  const list = (db: Database, q: string | undefined, limit: number, offset: number, after?: SQL) =>
    db
      .select()
      .from(t)
      .where(and(where(q), after))
      .orderBy(asc(nameSortKey(resource.orderBy)), asc(t.id))
      .limit(limit)
      .offset(offset) as unknown as Promise<Row[]>;
  /** The property of the sort column, to continue an export after the last row read (keyset). */
  const orderKey = Object.entries(getTableColumns(t)).find(([, c]) => c === resource.orderBy)?.[0] ?? 'id';
  const after = (row: Row | undefined) =>
    row &&
    sql`(${nameSortKey(resource.orderBy)}, ${t.id}) > (${nameSortKey(sql`${row[orderKey]}::text`)}, ${row.id})`;
  const findById = async (db: Database, id: number) => {
    const [row] = (await db.select().from(t).where(eq(t.id, id))) as unknown as Row[];
    if (!row) throw notFound(messages.notFound);
    return row;
  };
  /** Turns the database's own refusals into the resource's Spanish 409s. */
  const translate = (error: unknown): never => {
    const code = pgErrorCode(error);
    if (code === '23505' && messages.duplicate) throw conflict(messages.duplicate);
    if (code === '23503' || code === '23001') throw conflict(messages.inUse);
    throw error;
  };
  const tags = [resource.tag];
  /** The trail names the record as the responses do: client, passenger, supplier... */
  const entity = resource.one;
  const q = z.string().trim().max(100, 'La búsqueda no puede superar 100 caracteres').optional();
  const replies = masterDataReplies(resource.one, resource.many, resource.dto);
  const bareRecord = resource.paging === 'headers';
  const ok = <Schema extends z.ZodType>(schema: Schema) => ({ 200: schema, ...errorReplies });
  const checkWrite = resource.checkWrite ?? (async () => {});

  return async (app, { db }) => {
    /** One page of the list and the count of all that match. */
    const read = async (text: string | undefined, page: number, limit: number) => {
      const [rows, [total]] = await Promise.all([
        list(db, text, limit, (page - 1) * limit),
        db.select({ n: count() }).from(t).where(where(text)),
      ]);
      return [rows, total?.n ?? 0] as const;
    };

    if (resource.paging === 'headers') {
      app.get(
        path,
        {
          config: { access: resource.access.read },
          schema: {
            tags,
            querystring: optionalPaginationQuerySchema.extend({ q }),
            response: ok(z.array(resource.dto)),
          },
        },
        async (request, reply) => {
          const { q: text } = request.query;
          const asked = request.query.page !== undefined || request.query.limit !== undefined;
          const page = request.query.page ?? 1;
          const limit = request.query.limit ?? (asked ? PAGE_LIMIT : WHOLE_LIST_CAP);
          const [rows, total] = await read(text, page, limit);
          sendPagingHeaders(reply, path, request.query, page, limit, total);
          return rows.map(resource.toDto);
        },
      );
    } else {
      app.get(
        path,
        {
          config: { access: resource.access.read },
          schema: {
            tags,
            querystring: paginationQuerySchema.extend({ q }),
            response: ok(replies.page),
          },
        },
        async (request) => {
          const { page, limit, q: text } = request.query;
          const [rows, total] = await read(text, page, limit);
          return { data: rows.map(resource.toDto), pagination: paginationOf(page, limit, total) };
        },
      );
    }

    app.get(
      `${path}/export`,
      {
        config: { access: resource.access.read },
        schema: { tags, querystring: exportQuery({ q }), response: exportReplies },
      },
      async (request, reply) =>
        sendListExport(request, reply, request.query, {
          ...resource.export,
          read: (filters, last: Row | undefined, limit) => list(db, filters.q, limit, 0, after(last)),
        }),
    );

    app.get(
      `${path}/search`,
      {
        config: { access: resource.access.read },
        schema: {
          tags,
          querystring: z.object({ q }),
          response: ok(replies.search),
        },
      },
      async (request) => ({
        [resource.many]: (await list(db, request.query.q, SEARCH_LIMIT, 0)).map(resource.toDto),
      }),
    );

    app.get(
      `${path}/:id`,
      {
        config: { access: resource.access.read },
        schema: { tags, params: idParams, response: ok(bareRecord ? resource.dto : replies.one) },
      },
      async (request) => {
        const record = resource.toDto(await findById(db, request.params.id));
        return bareRecord ? record : { data: record };
      },
    );

    app.post(
      path,
      {
        config: { access: resource.access.write },
        schema: {
          tags,
          body: resource.body,
          response: { 201: replies.saved, ...errorReplies, ...resource.writeReplies },
        },
      },
      async (request, reply) => {
        const row = await db
          .transaction(async (tx) => {
            await checkWrite(tx, request.body as z.output<Body>);
            const [created] = (await tx
              .insert(t)
              .values(request.body as never)
              .returning()) as Row[];
            if (!created) throw new Error('insert returned no row');
            await resource.recordChange(tx, request, {
              action: 'create',
              entity,
              entityId: created.id,
              before: {},
              after: created,
            });
            return created;
          })
          .catch(translate);
        return reply
          .status(201)
          .send({ message: messages.created, [resource.one]: resource.toDto(row as Row) });
      },
    );

    app.put(
      `${path}/:id`,
      {
        config: { access: resource.access.write },
        schema: {
          tags,
          params: idParams,
          body: resource.body,
          response: { ...ok(replies.saved), ...resource.writeReplies },
        },
      },
      async (request) => {
        const id = request.params.id;
        const row = await db
          .transaction(async (tx) => {
            const [before] = (await tx.select().from(t).where(eq(t.id, id)).for('update')) as Row[];
            if (!before) throw notFound(messages.notFound);
            await checkWrite(tx, request.body as z.output<Body>, before);
            const [after] = (await tx
              .update(t)
              .set({ ...(request.body as object), updatedAt: new Date() } as never)
              .where(eq(t.id, id))
              .returning()) as Row[];
            await resource.recordChange(tx, request, {
              action: 'update',
              entity,
              entityId: id,
              before,
              after: after ?? {},
            });
            return after as Row;
          })
          .catch(translate);
        return { message: messages.updated, [resource.one]: resource.toDto(row) };
      },
    );

    app.delete(
      `${path}/:id`,
      {
        config: { access: resource.access.write },
        schema: { tags, params: idParams, response: ok(messageReplySchema) },
      },
      async (request) => {
        const id = request.params.id;
        await db
          .transaction(async (tx) => {
            const [deleted] = (await tx.delete(t).where(eq(t.id, id)).returning()) as Row[];
            if (!deleted) throw notFound(messages.notFound);
            await resource.recordChange(tx, request, {
              action: 'delete',
              entity,
              entityId: id,
              before: deleted,
              after: {},
            });
          })
          .catch(translate);
        return { message: messages.deleted };
      },
    );
  };
}
