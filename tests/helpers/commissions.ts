import { sql } from 'drizzle-orm';
import { createSession } from '../../src/server/modules/auth';
import { createSaleRefs, itemBody, type SaleRefs, saleBody } from './sales';
import { createTestContext, insertUser, type TestContext } from './test-app';

/** Helpers of the commission tests (tests/api/commissions): sales liquidated at a chosen moment, rules, reads. */
export function commissionHelpers(ctx: TestContext) {
  const as = async (who: 'admin' | 'sales' | 'finance') => ctx.auth(who);

  /** A second seller, with a session of their own. */
  const newSeller = async (suffix: string) => {
    const user = await insertUser(ctx.db, 'sales', suffix);
    const headers = { authorization: `Bearer ${await createSession(ctx.db, user.id)}` };
    return { ...user, headers };
  };

  /**
   * A sale of `sellerId` created and liquidated through the API, then dated `at` (an ISO instant): the
   * API liquidates it now, and the tests need months that have ended.
   */
  const liquidated = async (
    refs: SaleRefs,
    sellerId: number,
    at: string,
    items: object[] = [itemBody(refs)],
  ): Promise<number> => {
    const headers = await as('admin');
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/sales',
      headers,
      payload: saleBody(refs, sellerId, { items }),
    });
    if (created.statusCode !== 201) throw new Error(`sale: ${created.statusCode} ${created.body}`);
    const id = created.json().sale.id as number;
    const done = await ctx.app.inject({
      method: 'PUT',
      url: `/api/sales/${id}`,
      headers,
      payload: { status: 'completed' },
    });
    if (done.statusCode !== 200) throw new Error(`liquidar: ${done.statusCode} ${done.body}`);
    await ctx.db.execute(sql`update sales set completed_at = ${at}::timestamptz where id = ${id}`);
    return id;
  };

  const putRules = async (rules: object[], headers?: Record<string, string>) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/company/commission-rules',
      headers: headers ?? (await as('admin')),
      payload: { rules },
    });

  const month = async (value: string, headers?: Record<string, string>) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/commissions?month=${value}`,
      headers: headers ?? (await as('admin')),
    });
    if (res.statusCode !== 200) throw new Error(`commissions: ${res.statusCode} ${res.body}`);
    return res.json() as {
      month: string;
      closed: boolean;
      sellers: {
        sellerId: number;
        username: string;
        total: number;
        sales: { saleId: number; base: number; percent: number; commission: number; adjustment?: true }[];
      }[];
    };
  };

  const close = async (value: string, headers?: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/commissions/${value}/close`,
      headers: headers ?? (await as('admin')),
      payload: {},
    });

  /** The lines of one sale in a reply, whoever sold it. */
  const linesOf = (reply: Awaited<ReturnType<typeof month>>, saleId: number) =>
    reply.sellers.flatMap((s) => s.sales.filter((line) => line.saleId === saleId));

  return { as, newSeller, liquidated, putRules, month, close, linesOf };
}

/**
 * One commissions file's database: sale references named by `tag`, the helpers, and a second seller
 * (besides the test context's own) with a session.
 */
export async function commissionContext(tag: string) {
  const ctx = await createTestContext();
  const refs: SaleRefs = await createSaleRefs(ctx, tag);
  const h = commissionHelpers(ctx);
  return { ctx, refs, h, second: await h.newSeller('dos') };
}
export type CommissionContext = Awaited<ReturnType<typeof commissionContext>>;
