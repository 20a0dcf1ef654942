import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { type Database, type DatabaseHandle, openPglite } from '../../../src/server/db/client';
import {
  codeMigrations,
  DatabaseNewerError,
  MigrationFailedError,
  migrationStatus,
  migrationsFolder,
} from '../../../src/server/db/migrations';
import { migrationsCopy, type StartingPoint, startingPoint } from '../../helpers/scratch-databases';
import { insertUser, openTestDatabase, type TestDatabase } from '../../helpers/test-app';

/**
 * Upgrades that cannot eat data: a database made by the previous release (every migration but the
 * last two) upgrades in one transaction; a migration that fails midway leaves it exactly as it was and
 * names itself and the backup; a database a newer release migrated is refused untouched.
 */
const PREVIOUS_RELEASE_DROPS = 2;
const previousRelease = migrationsCopy({ drop: PREVIOUS_RELEASE_DROPS });
// Changes data and schema, then fails: none of it, nor the real pending migrations, may remain.
const faulty = migrationsCopy({
  extra: {
    tag: '0099_falla_a_mitad',
    sql: [
      'CREATE TABLE "upgrade_probe" ("id" integer);',
      'INSERT INTO "upgrade_probe" VALUES (1);',
      `UPDATE "users" SET "email" = 'perdido@test.cl';`,
      'SELECT 1 / 0;',
    ].join('\n--> statement-breakpoint\n'),
  },
});
let start: StartingPoint;

beforeAll(async () => {
  start = await startingPoint(previousRelease.folder);
});
afterAll(async () => {
  await start?.drop();
  previousRelease.remove();
  faulty.remove();
});

const rows = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/** Everything an upgrade could change: tables and their columns, functions, recorded migrations, users. */
async function fingerprint(db: Database) {
  const columns = rows(
    await db.execute(sql`select table_schema, table_name, column_name, data_type from information_schema.columns
      where table_schema in ('public', 'drizzle') order by 1, 2, 3`),
  );
  const functions = rows(
    await db.execute(sql`select p.proname, md5(p.prosrc) as body from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' order by 1, 2`),
  );
  const migrations = rows(
    await db.execute(sql`select hash, created_at from drizzle.__drizzle_migrations order by id`),
  );
  const users = rows(await db.execute(sql`select id, email, role from users order by id`));
  return { columns, functions, migrations, users };
}

async function withDatabase(
  open: () => Promise<DatabaseHandle>,
  test: (database: DatabaseHandle) => Promise<void>,
) {
  const database = await open();
  try {
    await test(database);
  } finally {
    await database.close();
  }
}

describe('upgrading a database made by the previous release', () => {
  it('applies the pending migrations after the backup, and only then', async () => {
    await withDatabase(start.open, async (database) => {
      const status = await migrationStatus(database.db);
      expect(status.pending).toHaveLength(PREVIOUS_RELEASE_DROPS);
      await insertUser(database.db, 'admin', 'anterior');
      const beforeMigrate = vi.fn(async () => '/respaldos/antes.tar');
      await database.migrate({ beforeMigrate });
      expect(beforeMigrate).toHaveBeenCalledTimes(1);
      expect(beforeMigrate).toHaveBeenCalledWith(status.pending);
      expect(await migrationStatus(database.db)).toEqual({
        applied: status.applied + 2,
        pending: [],
        unknown: [],
      });
      await database.migrate({ beforeMigrate });
      expect(beforeMigrate, 'nothing pending: no backup').toHaveBeenCalledTimes(1);
    });
  });

  it('leaves every table and row as it was when a migration fails midway, and says which and where the backup is', async () => {
    await withDatabase(start.open, async (database) => {
      await insertUser(database.db, 'admin', 'intacto');
      const before = await fingerprint(database.db);
      const error = await database
        .migrate({ migrationsFolder: faulty.folder, beforeMigrate: async () => '/respaldos/antes.tar' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MigrationFailedError);
      expect((error as Error).message).toBe(
        'La migración 0099_falla_a_mitad falló: division by zero. La base de datos quedó como estaba antes ' +
          'de actualizar (no se aplicó ninguna migración). Respaldo hecho antes de migrar: /respaldos/antes.tar.',
      );
      expect(await fingerprint(database.db)).toEqual(before);
      expect(rows(await database.db.execute(sql`select to_regclass('upgrade_probe') as t`))).toEqual([
        { t: null },
      ]);
      const status = await migrationStatus(database.db, faulty.folder);
      expect(status.pending).toHaveLength(PREVIOUS_RELEASE_DROPS + 1);
      // The release's own migrations still apply afterwards.
      await database.migrate();
      expect((await migrationStatus(database.db)).pending).toEqual([]);
    });
  });
});

describe('a database newer than the code', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  it('is refused with a clear message, before any backup, and nothing changes', async () => {
    const current = migrationsCopy({});
    try {
      const future = migrationsCopy({ extra: { tag: '0099_de_una_version_futura', sql: 'SELECT 1;' } });
      // A newer release migrated it: its journal knows one more migration than this code's.
      await database.migrate({ migrationsFolder: future.folder });
      future.remove();
      const before = await fingerprint(database.db);
      const beforeMigrate = vi.fn(async () => undefined);
      const error = await database
        .migrate({ beforeMigrate, migrationsFolder: current.folder })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DatabaseNewerError);
      // The code's newest migration by name: each release adds its own.
      const last = codeMigrations().at(-1)?.tag;
      expect((error as Error).message).toMatch(
        new RegExp(
          `^La base de datos fue actualizada por una versión más nueva de la aplicación \\(1 migración\\(es\\) que esta versión no conoce, la más reciente del \\d{4}-\\d\\d-\\d\\d; la última de esta versión es ${last}\\)\\. Actualiza la aplicación`,
        ),
      );
      expect(beforeMigrate).not.toHaveBeenCalled();
      expect(await fingerprint(database.db)).toEqual(before);
      expect((await migrationStatus(database.db, migrationsFolder)).unknown).toHaveLength(1);
    } finally {
      current.remove();
    }
  });
});

describe('starting the server on a database newer than the code', () => {
  it('stops with the message and exit status 78, so systemd does not restart it in a loop', {
    timeout: 60_000,
  }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'base-nueva-'));
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DEMO_DATA: 'false' };
    delete env.DATABASE_URL;
    const database: TestDatabase =
      process.env.TEST_DB_KIND === 'postgres'
        ? await openTestDatabase()
        : await openPglite(path.join(dataDir, 'pglite'), new Blob([readFileSync(inject('pgliteSnapshot'))]));
    if (database.url) env.DATABASE_URL = database.url;
    // On PostgreSQL too: the generated secret-key file goes beside DATA_DIR, never into the checkout.
    env.DATA_DIR = dataDir;
    try {
      await database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('futura', ${Date.now() + 86_400_000})`,
      );
      // PGlite is single-process: the server opens the folder only once this handle closed it.
      if (!env.DATABASE_URL) await database.close();
      const server = promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        env,
      });
      const failure = await server.then(
        () => undefined,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failure?.code).toBe(78);
      expect(failure?.stderr).toMatch(
        /^La base de datos fue actualizada por una versión más nueva de la aplicación/,
      );
    } finally {
      if (env.DATABASE_URL) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
