import { existsSync } from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanySetup } from '../../../src/domain/company-setup';
import {
  auditLog,
  backups,
  clients,
  passengers,
  payments,
  sales,
  suppliers,
  users,
} from '../../../src/server/db/schema';
import { DEMO_ACCOUNTS } from '../../../src/server/demo/accounts';
import { seedDemoData } from '../../../src/server/demo/seed';
import { createSaleRefs, saleBody } from '../../helpers/sales';
import { createTestContext, insertUser, type TestContext } from '../../helpers/test-app';

/**
 * "Empezar con mis datos" (decision 0093): a verified backup first, then the demo agency is gone in one
 * transaction; the caller and the agency's own users stay; /login lists no demo account.
 */
let ctx: TestContext;
const demoAdmin = DEMO_ACCOUNTS.find((a) => a.role === 'admin');
const demoSeller = DEMO_ACCOUNTS.find((a) => a.role === 'sales');

beforeAll(async () => {
  ctx = await createTestContext({ demo: true });
  // The demo is seeded only on an empty database: the context's users step aside and come back after.
  await ctx.db.delete(users);
  expect(await seedDemoData(ctx.db)).toBe(true);
  for (const role of ['admin', 'sales', 'finance'] as const)
    ctx.users[role] = await insertUser(ctx.db, role, 'base');
}, 120_000);
afterAll(() => ctx.close());

const countOf = async (
  table: typeof sales | typeof clients | typeof passengers | typeof payments | typeof suppliers,
) => (await ctx.db.select({ n: count() }).from(table))[0]?.n ?? -1;

async function signIn(account: { email: string; password: string } | undefined) {
  const payload = { email: account?.email, password: account?.password };
  return ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload });
}

async function asDemoAdmin() {
  const res = await signIn(demoAdmin);
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${res.json().token as string}` };
}

const setupOf = async (headers: Record<string, string>) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/company/setup', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as CompanySetup;
};
const remove = async (headers: Record<string, string>, payload: object = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/company/remove-demo-data', headers, payload });

describe('remove-demo-data', () => {
  it('a demo agency: /login lists its accounts and the checklist starts with removing it', async () => {
    const demo = await ctx.app.inject({ method: 'GET', url: '/api/auth/demo' });
    expect(demo.json().enabled).toBe(true);
    const setup = await setupOf(await asDemoAdmin());
    expect(setup.demoData).toBe(true);
    expect(setup.publicCredentials).toBe(true);
    expect(setup.steps[0]).toEqual({ step: 'demo', done: false });
    // Another admin of the agency does not sign in with a public password.
    expect((await setupOf(await ctx.auth('admin'))).publicCredentials).toBe(false);
  });

  it('refuses other roles and a body with unknown fields, changing nothing', async () => {
    const before = await countOf(sales);
    expect((await remove(await ctx.auth('sales'))).statusCode).toBe(403);
    expect((await remove(await ctx.auth('finance'))).statusCode).toBe(403);
    const bad = await remove(await asDemoAdmin(), { everything: true });
    expect(bad.statusCode).toBe(400);
    expect(await countOf(sales)).toBe(before);
    expect(before).toBeGreaterThan(30);
  });

  it('backs up, then empties the agency for the caller; a second call is 409', {
    timeout: 120_000,
  }, async () => {
    const headers = await asDemoAdmin();
    const salesBefore = await countOf(sales);
    const res = await remove(headers);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.removed.sales).toBe(salesBefore);
    expect(data.removed.clients).toBeGreaterThan(0);
    // The two other demo accounts; the caller (the demo admin) stays to set the agency up.
    expect(data.removed.users).toBe(2);

    // The backup of before is verified, on disk, and holds the demo's sales.
    const [backup] = await ctx.db.select().from(backups).where(eq(backups.fileName, data.backupFileName));
    expect(backup?.status).toBe('verified');
    expect(backup?.rowCounts?.sales).toBe(salesBefore);
    expect(existsSync(path.join(ctx.backupDir, data.backupFileName))).toBe(true);

    for (const table of [sales, clients, passengers, payments, suppliers])
      expect(await countOf(table)).toBe(0);
    const left = (await ctx.db.select({ email: users.email }).from(users)).map((u) => u.email).sort();
    expect(left).toEqual([demoAdmin?.email, ...Object.values(ctx.users).map((u) => u.email)].sort());
    expect((await signIn(demoSeller)).statusCode).toBe(401);

    // /login shows no account any more; the audit trail names the removal and its backup.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/demo' })).json()).toEqual({
      enabled: false,
    });
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'remove_demo'));
    expect(entry?.changes).toContainEqual({ field: 'backup', from: null, to: data.backupFileName });
    expect(entry?.changes).toContainEqual({ field: 'sales', from: String(salesBefore), to: '0' });

    // The checklist: the demo is done (and the agency's own users are there); the company's details, tax
    // data and clients are to come; the demo admin's password is still public.
    const setup = await setupOf(headers);
    expect(setup).toMatchObject({ demoData: false, publicCredentials: true });
    expect(setup.steps.filter((s) => !s.done).map((s) => s.step)).toEqual(['company', 'tax', 'clients']);

    const again = await remove(headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Esta agencia no tiene datos de demostración.');
  });

  it('the emptied agency works: its first sale is No. 1 and the kept totals count it alone', async () => {
    const refs = await createSaleRefs(ctx, 'propia');
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/sales',
      headers: await ctx.auth('admin'),
      payload: saleBody(refs, ctx.users.sales.id),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().sale.id).toBe(1);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/sales', headers: await ctx.auth('admin') });
    expect(list.json().sales.map((s: { id: number }) => s.id)).toEqual([1]);
    // The dashboard's total comes from the kept summary, emptied with the demo's sales.
    const total = await ctx.app.inject({
      method: 'GET',
      url: '/api/sales/total',
      headers: await ctx.auth('admin'),
    });
    expect(total.json().total).toBe(Number(created.json().sale.salePriceUsd));
  });
});
