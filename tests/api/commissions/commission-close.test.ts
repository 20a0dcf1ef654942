import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyToday } from '../../../src/domain/agency-day';
import { type CommissionContext, commissionContext } from '../../helpers/commissions';

/**
 * Closing a month freezes its commissions: later rule changes and sale edits do not move it, a sale
 * cancelled afterwards is taken back in the next open month, and a month closes once, after it ends.
 */
// Filled before the first test (the destructuring keeps each file's short names).
let { ctx, refs, h, second } = {} as CommissionContext;
beforeAll(async () => {
  ({ ctx, refs, h, second } = await commissionContext('cierre'));
});
afterAll(() => ctx.close());

const closedMonths = async () =>
  (
    (await ctx.db.execute(sql`select count(*)::int as n from commission_months`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0]?.n;

describe('closing a month', () => {
  it("stores the month's commissions: rule changes and sale edits afterwards do not move them", async () => {
    await h.putRules([{ percent: 10, base: 'margin' }]);
    const at = '2026-02-10T12:00:00Z';
    const first = await h.liquidated(refs, ctx.users.sales.id, at);
    await h.liquidated(refs, second.id, at);
    const open = await h.month('2026-02');
    expect(open.closed).toBe(false);
    const closed = await h.close('2026-02');
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toEqual({ message: 'Comisiones de 2026-02 cerradas', ...open, closed: true });
    const frozen = await h.month('2026-02');
    expect(frozen).toEqual({ ...open, closed: true });

    await h.putRules([{ percent: 50, base: 'sale' }]);
    // A liquidated sale cannot be edited through the API (409); a correction in the database still
    // leaves the closed month as it was.
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/api/sales/${first}`,
      headers: await ctx.auth('admin'),
      payload: { status: 'confirmed' },
    });
    expect(edit.statusCode).toBe(409);
    await ctx.db.execute(sql`update sales set sale_price = 99999, total_cost = 1 where id = ${first}`);
    await ctx.db.execute(sql`update users set username = 'renombrado' where id = ${second.id}`);
    expect(await h.month('2026-02')).toEqual(frozen);
    // The seller reads their own part of the stored month.
    const own = await h.month('2026-02', await ctx.auth('sales'));
    expect(own.sellers).toEqual(frozen.sellers.filter((s) => s.sellerId === ctx.users.sales.id));
    await ctx.db.execute(sql`update users set username = 'sales_dos' where id = ${second.id}`);
  });

  it('a month closes once, only after it has ended, and only by an admin', async () => {
    const again = await h.close('2026-02');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Las comisiones de 2026-02 ya están cerradas');
    const thisMonth = agencyToday('America/Santiago').slice(0, 7);
    const early = await h.close(thisMonth);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/^El mes \d{4}-\d{2} aún no termina/);
    expect((await h.close('2099-01')).statusCode).toBe(409);
    expect((await h.close('2025-11', await ctx.auth('finance'))).statusCode).toBe(403);
    expect((await h.close('2025-11', await ctx.auth('sales'))).statusCode).toBe(403);
    expect((await h.month(thisMonth)).closed).toBe(false);
  });

  it('refuses bad months and bodies, and closes nothing', async () => {
    const before = await closedMonths();
    for (const month of ['2026-13', '26-01', 'enero', '2026-1']) {
      expect((await h.close(month)).statusCode, month).toBe(400);
    }
    const extra = await ctx.app.inject({
      method: 'POST',
      url: '/api/commissions/2025-10/close',
      headers: await ctx.auth('admin'),
      payload: { force: true },
    });
    expect(extra.statusCode).toBe(400);
    expect(await closedMonths()).toBe(before);
  });

  it('a sale cancelled after its month closed is taken back in the next open month', async () => {
    await h.putRules([{ percent: 10, base: 'sale' }]);
    const sale = await h.liquidated(refs, ctx.users.sales.id, '2026-06-15T12:00:00Z');
    const kept = await h.liquidated(refs, ctx.users.sales.id, '2026-06-16T12:00:00Z');
    const july = await h.liquidated(refs, ctx.users.sales.id, '2026-07-03T12:00:00Z');
    expect((await h.close('2026-06')).statusCode).toBe(200);
    const paid = h.linesOf(await h.month('2026-06'), sale);
    expect(paid).toEqual([{ saleId: sale, base: 1500.5, percent: 10, commission: 150.05 }]);
    // Completed is final in the API: the cancellation of a liquidated sale is a database correction.
    await ctx.db.execute(sql`update sales set status = 'cancelled' where id = ${sale}`);

    expect(await h.month('2026-06')).toMatchObject({ closed: true });
    expect(h.linesOf(await h.month('2026-06'), sale)).toEqual(paid);
    const next = await h.month('2026-07');
    expect(h.linesOf(next, sale)).toEqual([
      { saleId: sale, base: -1500.5, percent: 10, commission: -150.05, adjustment: true },
    ]);
    expect(h.linesOf(next, kept)).toEqual([]);
    const seller = next.sellers.find((s) => s.sellerId === ctx.users.sales.id);
    expect(seller?.total).toBe(0);
    expect(h.linesOf(next, july)).toHaveLength(1);
    // Only the next open month carries it; once that month closes, it is stored there and not repeated.
    expect(h.linesOf(await h.month('2026-08'), sale)).toEqual([]);
    expect((await h.close('2026-07')).statusCode).toBe(200);
    expect(h.linesOf(await h.month('2026-07'), sale)).toEqual(h.linesOf(next, sale));
    expect(h.linesOf(await h.month('2026-08'), sale)).toEqual([]);
  });

  it('a sale deleted after its month closed is taken back too, and its paid line stays', async () => {
    await h.putRules([{ percent: 10, base: 'sale' }]);
    const sale = await h.liquidated(refs, second.id, '2026-10-20T12:00:00Z');
    expect((await h.close('2026-10')).statusCode).toBe(200);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/sales/${sale}`,
      headers: await ctx.auth('admin'),
    });
    expect(removed.statusCode).toBe(200);
    expect(h.linesOf(await h.month('2026-10'), sale)).toEqual([
      { saleId: sale, base: 1500.5, percent: 10, commission: 150.05 },
    ]);
    expect(h.linesOf(await h.month('2026-11'), sale)).toEqual([
      { saleId: sale, base: -1500.5, percent: 10, commission: -150.05, adjustment: true },
    ]);
  });

  it('records each close in the audit trail', async () => {
    const trail = await ctx.app.inject({
      method: 'GET',
      url: '/api/audit?entity=commissionMonth&action=close',
      headers: await ctx.auth('admin'),
    });
    const months = trail
      .json()
      .entries.map(
        (e: { changes: { field: string; to: string }[] }) => e.changes.find((c) => c.field === 'month')?.to,
      );
    expect(months).toEqual(['2026-10', '2026-07', '2026-06', '2026-02']);
  });
});
