import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openPglite, openPostgres } from '../../src/server/db/client';
import { seedDemoData } from '../../src/server/demo/seed';
import { seedLarge } from '../seed-large';

/** The bench's PostgreSQL database unless BENCH_DATABASE_URL names another (dropped and re-created). */
export const BENCH_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/travel_bench';

/**
 * The benchmark's databases, seeded once and reused by later runs with the same size (a marker
 * records the size; `--fresh` seeds again).
 */
async function seed(handle: DatabaseHandle, sales: number): Promise<number> {
  const started = Date.now();
  try {
    await handle.migrate();
    await seedDemoData(handle.db);
    await seedLarge(handle.db, { sales });
  } finally {
    await handle.close();
  }
  return (Date.now() - started) / 1000;
}

/** PGlite in `dir/pglite`, the layout `npm start` uses for DATA_DIR. Returns the seeding time, if seeded. */
export async function preparePglite(dir: string, sales: number, fresh: boolean): Promise<number | undefined> {
  const marker = path.join(dir, `sembrado-${sales}`);
  if (!fresh && existsSync(marker)) return undefined;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const seconds = await seed(await openPglite(path.join(dir, 'pglite')), sales);
  writeFileSync(marker, new Date().toISOString());
  return seconds;
}

/**
 * A dedicated PostgreSQL database (never the app's own): dropped and created again when it was not
 * seeded with this size. Returns undefined when PostgreSQL cannot be reached, so the bench goes on.
 */
export async function preparePostgres(
  url: string,
  sales: number,
  fresh: boolean,
): Promise<{ reachable: boolean; seconds?: number }> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Nombre de base de datos no admitido: ${name}`);
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  try {
    await admin.connect();
  } catch {
    return { reachable: false };
  }
  const label = `sembrado:${sales}`;
  try {
    const existing = await admin.query<{ note: string | null }>(
      `select shobj_description(oid, 'pg_database') as note from pg_database where datname = $1`,
      [name],
    );
    if (!fresh && existing.rows[0]?.note === label) {
      // Migrated here, without the server's backup before migrating: at 1,000,000 sales that backup
      // takes minutes, longer than the bench waits for the server, and the data can be seeded again.
      const database = await openPostgres(url);
      await database.migrate().finally(() => database.close());
      return { reachable: true };
    }
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const seconds = await seed(await openPostgres(url), sales);
    await admin.query(`comment on database ${name} is '${label}'`);
    return { reachable: true, seconds };
  } finally {
    await admin.end();
  }
}

/**
 * Fresh statistics and no vacuum at work before measuring: right after seeding (or after a migration
 * backfill at start-up) autovacuum works through the new rows for minutes, and a run measured then
 * says more about autovacuum than about the app. VACUUM ANALYZE first, then wait until no autovacuum
 * worker runs in this database.
 */
export async function settleDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('vacuum analyze');
    const deadline = Date.now() + 30 * 60_000;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ busy: number }>(
        `select (select count(*) from pg_stat_progress_vacuum where datname = current_database())
              + (select count(*) from pg_stat_activity
                 where datname = current_database() and backend_type = 'autovacuum worker')::int as busy`,
      );
      if (Number(rows[0]?.busy ?? 0) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  } finally {
    await client.end();
  }
}
