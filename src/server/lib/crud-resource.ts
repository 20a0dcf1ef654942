import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { CrudApi, CrudDeclaration } from '../../domain/api/master-data';
import type { Database } from '../db/client';
import type { ExportColumn } from './export';

/** What a master-data resource declares; `crud-routes.ts` turns it into its routes. */

export type Row = Record<string, unknown> & { id: number };

/** One write of a resource, for its audit entry: `before` is {} on a create, `after` is {} on a delete. */
export interface CrudChange {
  action: 'create' | 'update' | 'delete';
  entity: string;
  entityId: number;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}
/**
 * Records a write in the audit trail inside its transaction. The module passes audit's
 * (`recordCrudChange`): the helpers are below the modules and do not import them.
 */
export type RecordCrudChange = (tx: Database, request: FastifyRequest, change: CrudChange) => Promise<void>;

/**
 * One master-data resource (clients, passengers, suppliers, operators, classifications): the same
 * calls (list, export, search, read, create, update, delete) with the same reply shapes. Its path,
 * body, record and reply keys are its endpoints' (`crudApi` in `src/domain/api/master-data.ts`);
 * this adds what only the server knows: the table, the search, the rules and the texts.
 */
export interface CrudResource<D extends CrudDeclaration> {
  api: CrudApi<D>;
  table: PgTable & { id: AnyPgColumn };
  /** The name the list is ordered by, in Spanish order (nameSortKey). */
  orderBy: AnyPgColumn;
  search(q: string): (SQL | undefined)[];
  recordChange: RecordCrudChange;
  /**
   * Rules the schema cannot judge alone, run in the write's transaction before it: `before` is the
   * saved record on an update (absent on a create), so a rule can spare a value that did not change.
   */
  checkWrite?(tx: Database, body: z.output<D['body']>, before?: Row): Promise<void>;
  /** GET {path}/export: the list's columns in Spanish and the file's base name (`clientes`). */
  export: { fileName: string; columns: ExportColumn<Row>[] };
  messages: {
    notFound: string;
    duplicate?: string;
    inUse: string;
    created: string;
    updated: string;
    deleted: string;
  };
}
