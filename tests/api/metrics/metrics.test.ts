import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMETHEUS_CONTENT_TYPE } from '../../../src/domain/api/metrics';
import { buildApp } from '../../../src/server/app';
import { enqueueEmail } from '../../../src/server/modules/emails';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/**
 * /metrics for Prometheus: for an admin's session or METRICS_TOKEN; request latencies labelled by
 * route pattern, method and status class (never a raw URL); the pool on PostgreSQL; gauges that other
 * modules add (the last backup's age).
 */
const TOKEN = 'token-de-metricas-de-prueba-123456';
let ctx: TestContext;
let scraped: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestContext();
  scraped = await buildApp({
    database: ctx.database,
    demo: false,
    replyChecks: 'check',
    metricsToken: TOKEN,
    lastBackupAt: async () => new Date(Date.now() - 7200_000),
  });
});
afterAll(async () => {
  await scraped.close();
  await ctx.close();
});

const scrape = (app: FastifyInstance, headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: '/metrics', headers });

describe('/metrics', () => {
  it('answers an admin in the Prometheus text format, and refuses other roles and no session', async () => {
    const res = await scrape(ctx.app, await ctx.auth('admin'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(PROMETHEUS_CONTENT_TYPE);
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect((await scrape(ctx.app, await ctx.auth('finance'))).statusCode).toBe(403);
    expect((await scrape(ctx.app, {})).statusCode).toBe(401);
  });

  it('answers the METRICS_TOKEN of the environment, not another token, and no token where none is set', async () => {
    expect((await scrape(scraped, { authorization: `Bearer ${TOKEN}` })).statusCode).toBe(200);
    expect((await scrape(scraped, { authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(401);
    expect((await scrape(ctx.app, { authorization: `Bearer ${TOKEN}` })).statusCode).toBe(401);
  });

  it('counts requests by route pattern, method and status class, never by their URL', async () => {
    const admin = await ctx.auth('admin');
    for (let i = 0; i < 3; i++)
      await scraped.inject({ method: 'GET', url: '/api/sales/987654', headers: admin });
    await scraped.inject({ method: 'GET', url: '/api/health?x=1' });
    await scraped.inject({ method: 'GET', url: '/api/no-existe/123456' });
    const { body } = await scrape(scraped, { authorization: `Bearer ${TOKEN}` });
    expect(body).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/sales/:id",status_class="4xx"} 3',
    );
    expect(body).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/health",status_class="4xx"} 1',
    );
    expect(body).toContain(
      'http_request_duration_seconds_count{method="GET",route="unmatched",status_class="4xx"} 1',
    );
    expect(body).not.toMatch(/987654|123456|no-existe|x=1/);
  });

  it('reports the age of the last backup and, on PostgreSQL, the use of the pool', async () => {
    const { body } = await scrape(scraped, { authorization: `Bearer ${TOKEN}` });
    const age = Number(/^backup_age_seconds (\S+)$/m.exec(body)?.[1]);
    expect(age).toBeGreaterThanOrEqual(7200);
    expect(age).toBeLessThan(7300);
    const pool = /^db_pool_connections (\d+)$/m.exec(body);
    if (ctx.database.kind === 'postgres') {
      expect(Number(pool?.[1])).toBeGreaterThan(0);
      expect(body).toMatch(/^db_pool_idle_connections \d+$/m);
      expect(body).toMatch(/^db_pool_waiting_requests \d+$/m);
    } else {
      expect(pool, 'PGlite has no pool').toBeNull();
    }
  });

  it('reports the outbox depth: messages waiting and how long the oldest has waited', async () => {
    const gauges = async () => {
      const { body } = await scrape(scraped, { authorization: `Bearer ${TOKEN}` });
      return {
        pending: Number(/^emails_outbox_pending (\S+)$/m.exec(body)?.[1]),
        oldest: Number(/^emails_outbox_oldest_pending_seconds (\S+)$/m.exec(body)?.[1]),
      };
    };
    const before = await gauges();
    for (const to of ['uno@correo.cl', 'dos@correo.cl']) {
      await ctx.db.transaction((tx) =>
        enqueueEmail(tx, { kind: 'reminder', to: [to], subject: 'Recordatorio', body: 'Hola' }),
      );
    }
    const after = await gauges();
    expect(after.pending).toBe(before.pending + 2);
    expect(after.oldest).toBeGreaterThanOrEqual(0);
    expect(after.oldest).toBeLessThan(60);
  });
});
