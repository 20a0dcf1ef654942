// A .p12 is read off the server's thread, and one asking too many iterations is refused unread
// (docs/decisions/0081-certificate-limits-and-caf-issuer.md).
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyCertificate } from '../../../src/server/db/schema';
import { CERTIFICATE_MESSAGES } from '../../../src/server/modules/dte';
import { MAX_ITERATIONS } from '../../../src/server/modules/dte/p12-iterations';
import { HOLDER_RUT, makeP12, withIterations } from '../../helpers/dte-fixtures';
import { createTestContext, type TestContext } from '../../helpers/test-app';

let ctx: TestContext;
let admin: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth('admin');
});
afterAll(() => ctx.close());

/** An answer of /api/health on a free thread: a read of the .p12 on it took seconds. */
const PROMPT_MS = 100;

/**
 * Uploads `file` and asks /api/health again and again until the upload answers, at least once: the
 * first ask is made while the upload is being handled. Returns the upload's reply and each ask's time.
 */
async function uploadWhilePinging(file: string, password: string) {
  let settled = false;
  const upload = ctx.app
    .inject({ method: 'POST', url: '/api/company/certificate', headers: admin, payload: { file, password } })
    .finally(() => {
      settled = true;
    });
  const times: number[] = [];
  do {
    const started = performance.now();
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    times.push(performance.now() - started);
    expect(health.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 10));
  } while (!settled);
  return { reply: await upload, times };
}

describe('a certificate asking too many iterations', { timeout: 120_000 }, () => {
  const p12 = makeP12();

  it('is refused on its file with a Spanish 400 before any derivation, storing nothing', async () => {
    for (const where of ['mac', 'keyBag', 'encryptedKeyBag'] as const) {
      const crafted = withIterations(p12, where, 2_000_000);
      const { reply, times } = await uploadWhilePinging(crafted, p12.password);
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toEqual({
        message: CERTIFICATE_MESSAGES.iterations,
        errors: [{ path: 'file', message: CERTIFICATE_MESSAGES.iterations }],
      });
      expect(Math.max(...times)).toBeLessThan(PROMPT_MS);
    }
    // Moved at a usual count it is read on: node-forge then finds the MAC no longer matches.
    const moved = await uploadWhilePinging(withIterations(p12, 'encryptedKeyBag', 2048), p12.password);
    expect([moved.reply.statusCode, moved.reply.json().message]).toEqual([
      400,
      CERTIFICATE_MESSAGES.password,
    ]);
    expect(CERTIFICATE_MESSAGES.iterations).toContain('200.000 iteraciones');
    expect(await ctx.db.select().from(companyCertificate)).toEqual([]);
  });

  it('at the limit loads, and /api/health answers promptly all the while it is read', async () => {
    // Seconds of node-forge's key derivations: made here, on the test's thread, before the upload.
    const heavy = makeP12({ count: MAX_ITERATIONS });
    const { reply, times } = await uploadWhilePinging(heavy.base64, heavy.password);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data.holderRut).toBe(HOLDER_RUT);
    // Asked again and again while it was read, so a read that held the thread shows in the answers.
    expect(times.length).toBeGreaterThan(5);
    expect(Math.max(...times)).toBeLessThan(PROMPT_MS);
  });

  it('a usual certificate still loads', async () => {
    const usual = makeP12({ rut: '22.222.222-2' });
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/company/certificate',
      headers: admin,
      payload: { file: usual.base64, password: usual.password },
    });
    expect([saved.statusCode, saved.json().data?.holderRut]).toEqual([200, '22222222-2']);
  });
});
