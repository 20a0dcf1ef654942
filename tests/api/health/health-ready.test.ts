import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { openTestDatabase, type TestDatabase } from '../../helpers/test-app';

/**
 * GET /api/health/ready: what a load balancer asks before it sends an instance traffic. Public, and
 * 503 saying what is wrong when the database does not answer or its migrations are not the code's.
 */
let database: TestDatabase;
let app: FastifyInstance;
const HOUR_MS = 3_600_000;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({ database, demo: false, replyChecks: 'check' });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const ready = (on = app) => on.inject({ method: 'GET', url: '/api/health/ready' });

describe('the readiness check', () => {
  it('is ready, without a session, when the database answers with the code migrations; no backup yet', async () => {
    const res = await ready();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: 'ok', migrations: 'current' });
  });

  it('reports the last backup and its age in hours', async () => {
    const at = new Date(Date.now() - 3 * HOUR_MS);
    const withBackups = await buildApp({ database, demo: false, lastBackupAt: async () => at });
    try {
      const res = await ready(withBackups);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 'ready',
        database: 'ok',
        migrations: 'current',
        lastBackupAt: at.toISOString(),
        lastBackupAgeHours: 3,
      });
    } finally {
      await withBackups.close();
    }
  });

  it('is 503 while a migration is pending, and 503 on a database a newer release migrated', async () => {
    const [last] = (
      (await database.db.execute(
        sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )) as unknown as { rows: { hash: string; created_at: string }[] }
    ).rows;
    if (!last) throw new Error('the test database has no migrations');
    await database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = ${last.created_at}`,
    );
    const pending = await ready();
    await database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${last.hash}, ${last.created_at})`,
    );
    expect(pending.statusCode).toBe(503);
    expect(pending.json()).toEqual({ status: 'not-ready', database: 'ok', migrations: 'pending' });

    const future = Number(last.created_at) + 1000;
    await database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('futura', ${future})`,
    );
    const newer = await ready();
    await database.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${future}`);
    expect(newer.statusCode).toBe(503);
    expect(newer.json()).toEqual({ status: 'not-ready', database: 'ok', migrations: 'newer' });
    expect((await ready()).statusCode).toBe(200);
  });

  it('is 503 when the database does not answer', async () => {
    const lost = await openTestDatabase();
    const orphan = await buildApp({ database: lost, demo: false });
    try {
      await lost.close();
      const res = await ready(orphan);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not-ready', database: 'unreachable', migrations: 'unknown' });
    } finally {
      await orphan.close().catch(() => undefined);
    }
  });
});
