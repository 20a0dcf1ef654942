import { and, asc, count, eq, getTableColumns, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type CrudApi, type CrudDeclaration, DECLARED } from '../../domain/api/master-data';
import { PAGE_LIMIT, paginationOf } from '../../domain/pagination';
import type { Database } from '../db/client';
import { nameSortKey } from '../db/name-order';
import type { CrudResource, Row } from './crud-resource';
import { sendListExport } from './export';
import { conflict, notFound, pgErrorCode } from './http-errors';
import { sendPagingHeaders, WHOLE_LIST_CAP } from './paging-headers';
import { routeOf } from './route';

/** How many matches the pickers' search returns. */
const SEARCH_LIMIT = 20;

export function crudRoutes<D extends CrudDeclaration>(
  resource: CrudResource<D>,
): FastifyPluginAsyncZod<{ db: Database }> {
  const { table, messages } = resource;
  // One route builder for every resource: its endpoints are read as the general shape.
  const api = resource.api as unknown as CrudApi;
  const declared = api[DECLARED];
  type Body = z.output<D['body']>;
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
  const tags = [declared.many];
  /** The trail names the record as the responses do: client, passenger, supplier... */
  const entity = declared.one;
  const toDto = (row: Row) => declared.record.parse(row);
  const bareRecord = declared.paging === 'headers';
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

    app.route({
      ...routeOf(api.list, tags),
      handler: async (request, reply) => {
        // The catalogs' query leaves page and limit out when the whole list is asked for.
        const query: { page?: number; limit?: number; q?: string } = request.query;
        const asked = query.page !== undefined || query.limit !== undefined;
        const page = query.page ?? 1;
        const limit = query.limit ?? (asked ? PAGE_LIMIT : WHOLE_LIST_CAP);
        const [rows, total] = await read(query.q, page, limit);
        if (!bareRecord) return { data: rows.map(toDto), pagination: paginationOf(page, limit, total) };
        sendPagingHeaders(reply, declared.path, query, page, limit, total);
        return rows.map(toDto);
      },
    });

    app.route({
      ...routeOf(api.export, tags),
      handler: async (request, reply) =>
        sendListExport(request, reply, request.query, {
          ...resource.export,
          read: (filters, last: Row | undefined, limit) => list(db, filters.q, limit, 0, after(last)),
        }),
    });

    app.route({
      ...routeOf(api.search, tags),
      handler: async (request) => ({
        [declared.many]: (await list(db, request.query.q, SEARCH_LIMIT, 0)).map(toDto),
      }),
    });

    app.route({
      ...routeOf(api.read, tags),
      handler: async (request) => {
        const record = toDto(await findById(db, request.params.id));
        return bareRecord ? record : { data: record };
      },
    });

    app.route({
      ...routeOf(api.create, tags),
      handler: async (request, reply) => {
        const body = request.body as Body;
        const row = await db
          .transaction(async (tx) => {
            await checkWrite(tx, body);
            const [created] = (await tx
              .insert(t)
              .values(body as never)
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
        return reply.status(201).send({ message: messages.created, [entity]: toDto(row as Row) });
      },
    });

    app.route({
      ...routeOf(api.update, tags),
      handler: async (request) => {
        const id = request.params.id;
        const body = request.body as Body;
        const row = await db
          .transaction(async (tx) => {
            const [before] = (await tx.select().from(t).where(eq(t.id, id)).for('update')) as Row[];
            if (!before) throw notFound(messages.notFound);
            await checkWrite(tx, body, before);
            const [after] = (await tx
              .update(t)
              .set({ ...(body as object), updatedAt: new Date() } as never)
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
        return { message: messages.updated, [entity]: toDto(row) };
      },
    });

    app.route({
      ...routeOf(api.remove, tags),
      handler: async (request) => {
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
    });
  };
}
