import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../../src/server/app';
import { openTestDatabase, type TestDatabase } from '../../helpers/test-app';

/**
 * Decision 0059's `check` mode guards every API test: it must reach the routes. A default reply
 * serializer (Fastify's `setReplySerializer`) takes precedence over each route's compiled one, and
 * while the app set one, no reply was ever checked (decision 0073).
 */
describe('reply checks in the app', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const withProbe = async (replyChecks: 'check' | 'trust') => {
    const app = await buildApp({ database, demo: false, replyChecks });
    app.get(
      '/api/probe',
      {
        config: { access: 'public' },
        schema: { response: { 200: z.object({ id: z.number(), note: z.string().nullish() }) } },
      },
      async () => ({ id: 1, note: null, passwordHash: 'secreto' }),
    );
    await app.ready();
    return app;
  };

  it('a leaked field is a 500 in check mode, and trust sends the reply as built without nulls', async () => {
    const checked = await withProbe('check');
    const refused = await checked.inject({ method: 'GET', url: '/api/probe' });
    expect(refused.statusCode).toBe(500);
    expect(refused.body).not.toContain('secreto');
    await checked.close();

    const trusted = await withProbe('trust');
    const sent = await trusted.inject({ method: 'GET', url: '/api/probe' });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toBe('{"id":1,"passwordHash":"secreto"}');
    await trusted.close();
  });
});
