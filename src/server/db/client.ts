import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { ADVISORY_LOCKS } from './advisory-locks';
import { applyMigrations, type MigrateOptions } from './migrations';
import { type Listen, listenPostgres } from './notifications';
import * as schema from './schema';
import { users } from './schema';

/** One type for both drivers: features write SQL once and run on PGlite and PostgreSQL alike. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /**
   * Applies the committed migrations in one transaction (src/server/db/migrations.ts); safe to call
   * from several instances at once.
   */
  migrate(options?: MigrateOptions): Promise<void>;
  close(): Promise<void>;
  /** NOTIFY messages of a channel, for state kept in memory by each app instance. */
  listen?: Listen;
  /** PGlite only: the whole database as a tarball that `openPglite` can start from. */
  snapshot?(): Promise<Blob>;
  /** PostgreSQL only: where the pool connects, for a worker thread's own connection (backups). */
  connectionString?: string;
  /** PostgreSQL only: the pool's connections, for /metrics. */
  poolUse?(): { total: number; idle: number; waiting: number };
}

/**
 * Opens PGlite in `dataDir`, or in memory when `dataDir` is undefined (tests). `snapshot` (a
 * `dumpDataDir` tarball) starts from a copy of another database instead of running initdb, which
 * takes seconds in WebAssembly: the tests start from one migrated copy (tests/helpers/pglite-reuse.ts).
 */
export async function openPglite(dataDir: string | undefined, snapshot?: Blob): Promise<DatabaseHandle> {
  return pgliteHandle(await startPglite(dataDir, snapshot));
}

/** The PGlite engine of `openPglite`, with the extensions the migrations use. */
export async function startPglite(dataDir: string | undefined, snapshot?: Blob): Promise<PGlite> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return PGlite.create(dataDir, { extensions: { unaccent, pg_trgm }, loadDataDir: snapshot });
}

/** The handle of a PGlite engine already started (the tests lend one engine to file after file). */
export function pgliteHandle(client: PGlite): DatabaseHandle {
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: (options) => applyMigrations(db, options),
    close: () => client.close(),
    // In-process: nothing can drop between the engine and its listeners.
    async listen(channel, onMessage, onState) {
      const unlisten = await client.listen(channel, onMessage);
      onState(true);
      return async () => {
        onState(false);
        await unlisten().catch(() => undefined);
      };
    },
    snapshot: () => client.dumpDataDir('none'),
  };
}

export async function openPostgres(connectionString: string, poolSize = 10): Promise<DatabaseHandle> {
  // JIT off: its compilation (hundreds of ms to seconds, triggered by cost estimates of report
  // queries) costs far more than the few milliseconds these queries run (docs/performance.md).
  const pool = new pg.Pool({ connectionString, max: poolSize, options: '-c jit=off' });
  // An idle connection dropped by the server (restart, failover) must not crash the process; the
  // pool replaces it on the next query.
  pool.on('error', (error) => console.error('PostgreSQL: conexión inactiva cerrada:', error.message));
  // Fail at start-up with the driver's own message rather than on the first request.
  await pool.query('select 1');
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    connectionString,
    async migrate(options) {
      // Several app instances may start together; one migrates while the others wait.
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [ADVISORY_LOCKS.migrations]);
        await applyMigrations(drizzleNodePg(lockClient, { schema }) as unknown as Database, options);
      } finally {
        await lockClient
          .query('select pg_advisory_unlock($1)', [ADVISORY_LOCKS.migrations])
          .catch(() => undefined);
        lockClient.release();
      }
    },
    listen: listenPostgres(connectionString),
    close: () => pool.end(),
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** True once any user exists: the demo seed and the first-admin registration both depend on it. */
export async function hasAnyUser(db: Database): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}
