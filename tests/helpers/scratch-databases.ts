import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { type DatabaseHandle, openPglite, openPostgres } from '../../src/server/db/client';
import { migrationsFolder } from '../../src/server/db/migrations';
import { pgliteSnapshot } from './database-templates';

/**
 * Databases at other migration levels than the suite's template, for the upgrade tests: a copy of the
 * migrations folder without its last migrations (the previous release) or with one more (a faulty
 * upgrade), and databases copied from a starting point on the project's driver.
 */

/**
 * A copy of the migrations without the last `drop` (or without `before` and every later one: the
 * release before a given migration, whatever came after it) and with `extra` appended; `remove()`
 * deletes it.
 */
export function migrationsCopy(options: {
  drop?: number;
  before?: string;
  extra?: { tag: string; sql: string };
}) {
  const folder = mkdtempSync(path.join(tmpdir(), 'migraciones-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
  const cut = options.before
    ? journal.entries.findIndex((entry: { tag: string }) => entry.tag === options.before)
    : journal.entries.length - (options.drop ?? 0);
  if (cut < 0) throw new Error(`no migration ${options.before}`);
  journal.entries = journal.entries.slice(0, cut);
  if (options.extra) {
    const last = journal.entries.at(-1);
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: options.extra.tag });
    writeFileSync(path.join(folder, `${options.extra.tag}.sql`), options.extra.sql);
  }
  writeFileSync(journalPath, JSON.stringify(journal, null, 2));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/** Where copies start from: a PGlite tarball, or a PostgreSQL database used as a template. */
export interface StartingPoint {
  open(): Promise<DatabaseHandle>;
  drop(): Promise<void>;
}

const isPostgres = () => process.env.TEST_DB_KIND === 'postgres';

async function adminQuery(text: string) {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

function urlOf(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

const scratchName = () => `test_upgrade_${process.pid}_${randomBytes(4).toString('hex')}`;

/** A PostgreSQL database copied from `template`, dropped on close. */
async function openPostgresCopy(template: string): Promise<DatabaseHandle> {
  const name = scratchName();
  await adminQuery(`create database ${name} template ${template}`);
  const handle = await openPostgres(urlOf(name), 3);
  return {
    ...handle,
    async close() {
      await handle.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/** An empty database migrated with `folder`'s migrations, from which each test opens a copy. */
export async function startingPoint(folder: string): Promise<StartingPoint> {
  if (isPostgres()) {
    const name = scratchName();
    await adminQuery(`create database ${name}`);
    const builder = await openPostgres(urlOf(name), 1);
    await builder.migrate({ migrationsFolder: folder }).finally(() => builder.close());
    return {
      open: () => openPostgresCopy(name),
      drop: () => adminQuery(`drop database if exists ${name} with (force)`),
    };
  }
  const snapshot = new Blob([readFileSync(await pgliteSnapshot(folder))]);
  return { open: () => openPglite(undefined, snapshot), drop: async () => {} };
}

/**
 * For a test file of one migration's upgrade: the database of the release before `tag`, made before the
 * file's tests and dropped after them. Each test opens its own copy with `open()`.
 */
export function releaseBefore(tag: string): Pick<StartingPoint, 'open'> {
  const before = migrationsCopy({ before: tag });
  let start: StartingPoint | undefined;
  beforeAll(async () => {
    start = await startingPoint(before.folder);
  });
  afterAll(async () => {
    await start?.drop();
    before.remove();
  });
  return {
    open: () => {
      if (!start) throw new Error(`the release before ${tag} is not ready: call open() inside a test`);
      return start.open();
    },
  };
}

/** The rows of a raw `db.execute`, which both drivers answer as { rows }. */
export const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;
