import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import type { Role } from '../../src/domain/roles';
import { type AppOptions, buildApp } from '../../src/server/app';
import { type Database, type DatabaseHandle, openPostgres } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { createSession } from '../../src/server/modules/auth';
import { SESSION_CACHE_TTL_MS } from '../../src/server/modules/auth/session-cache';
import type { BackupSettings } from '../../src/server/modules/backups/service';
import { hashPassword } from '../../src/server/modules/users';
import { openReusedPglite } from './pglite-reuse';

export type Who = 'anonymous' | Role;

/** A test database; `url` is set on PostgreSQL so a test can open a second, independent pool. */
export type TestDatabase = DatabaseHandle & { url?: string };

/**
 * A fresh, migrated database for one test file: in-memory PGlite (emptied by the worker after an earlier
 * file, see pglite-reuse.ts), or a throw-away database on the PostgreSQL server of TEST_DATABASE_URL
 * when the suite runs as the api-postgres project.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  // Both start from the migrated copy that tests/helpers/database-templates.ts made for this run.
  if (process.env.TEST_DB_KIND !== 'postgres') {
    return openReusedPglite();
  }
  return scratchPostgres('test', { template: inject('postgresTemplate'), poolSize: 5 });
}

/**
 * A throw-away database on the PostgreSQL server of TEST_DATABASE_URL (`prefix_pid_random`), empty or
 * copied from `template`, dropped by `close`.
 */
export async function scratchPostgres(
  prefix: string,
  options: { template?: string; poolSize: number },
): Promise<DatabaseHandle & { url: string }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is required for the api-postgres project');
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}${options.template ? ` template ${options.template}` : ''}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), options.poolSize);
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      const cleaner = new pg.Client({ connectionString: baseUrl });
      await cleaner.connect();
      await cleaner.query(`drop database if exists ${name} with (force)`);
      await cleaner.end();
    },
  };
}

export interface TestContext {
  app: FastifyInstance;
  database: TestDatabase;
  db: Database;
  /** The folder the app's backups go to. */
  backupDir: string;
  /** One user per role, created at start-up. */
  users: Record<Role, { id: number; email: string; password: string }>;
  /** A fresh bearer token for a role (minted directly, without the cost of a password check). */
  tokenFor(who: Role): Promise<string>;
  /** Authorization header for a role, or none for anonymous. */
  auth(who: Who): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/**
 * One argon2 hash per password for the whole worker: every test file creates three users at least, and
 * a hash costs 15-25 ms of CPU by design. Sign-in still checks the password against it for real.
 */
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  const hashed = hashes.get(password) ?? hashPassword(password);
  hashes.set(password, hashed);
  return hashed;
};

export async function insertUser(db: Database, role: Role, suffix: string, password = 'secreto123') {
  const email = `${role}-${suffix}@test.cl`;
  const [row] = await db
    .insert(users)
    .values({ username: `${role}_${suffix}`, email, role, passwordHash: await hashOnce(password) })
    .returning();
  if (!row) throw new Error('user insert failed');
  return { id: row.id, email, password };
}

export async function createTestContext(
  options: {
    demo?: boolean;
    backups?: Partial<BackupSettings>;
    outbox?: AppOptions['outbox'];
    /** The key the app seals the certificate with, for a test that opens it too (an SII worker). */
    secretKey?: string;
  } = {},
): Promise<TestContext> {
  const database = await openTestDatabase();
  // Every test app can make backups, each into a folder of its own that `close` removes.
  const backupDir = mkdtempSync(path.join(tmpdir(), 'bu-test-'));
  const app = await buildApp({
    database,
    demo: options.demo ?? false,
    replyChecks: 'check',
    backups: { dir: backupDir, ...options.backups },
    outbox: options.outbox,
    secretKey: options.secretKey,
  });
  await app.ready();
  const db = database.db;
  const created = {
    admin: await insertUser(db, 'admin', 'base'),
    sales: await insertUser(db, 'sales', 'base'),
    finance: await insertUser(db, 'finance', 'base'),
  };
  const tokenFor = (who: Role) => createSession(db, created[who].id);
  return {
    app,
    database,
    db,
    backupDir,
    users: created,
    tokenFor,
    auth: async (who): Promise<Record<string, string>> =>
      who === 'anonymous' ? {} : { authorization: `Bearer ${await tokenFor(who)}` },
    async close() {
      await app.close();
      await database.close();
      rmSync(backupDir, { recursive: true, force: true });
    },
  };
}

/**
 * Each app instance keeps the sessions it has read in memory for a few seconds, and forgets one when
 * the database announces a change to it (NOTIFY, delivered a moment after the commit). A test that
 * changes sessions or users behind the app's back calls until the answer is no longer 200, for at
 * most half the cache's lifetime: a session served after that was not forgotten.
 */
export async function untilRefused(call: () => Promise<LightMyRequestResponse>) {
  const started = Date.now();
  let response = await call();
  while (response.statusCode === 200 && Date.now() - started < SESSION_CACHE_TTL_MS / 2) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    response = await call();
  }
  return { response, elapsed: Date.now() - started };
}

/** Reads until `done` holds (every 20 ms), for at most `ms`: what a background worker settles in time. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > ms) throw new Error(`timed out: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
