import { expect } from 'vitest';
import type { SecretBox } from '../../src/server/modules/dte';
import { saveCertificate } from '../../src/server/modules/dte/setup';
import { taxBody } from './dte-examples';
import { makeCaf, makeP12 } from './dte-fixtures';
import type { TestContext } from './test-app';

/**
 * What issuing needs, set up as an admin would: the tax data and `cafs` through the API, the
 * certificate sealed with `box` (the box the test then issues with). Returns the certificate.
 */
export async function setUpIssuing(
  ctx: TestContext,
  box: SecretBox,
  cafs: { type: number; from: number; to: number }[],
  options: { certificate?: boolean } = {},
) {
  const headers = await ctx.auth('admin');
  const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
    ctx.app.inject({ method, url, headers, payload });
  expect((await call('PUT', '/api/company/tax', taxBody())).statusCode).toBe(200);
  for (const caf of cafs) {
    expect((await call('POST', '/api/company/cafs', { xml: makeCaf(caf).xml })).statusCode).toBe(201);
  }
  const p12 = makeP12();
  if (options.certificate !== false) {
    const actor = { userId: null, username: 'prueba', ip: '127.0.0.1' };
    await saveCertificate(ctx.db, box, { file: p12.base64, password: p12.password }, actor);
  }
  return p12;
}
