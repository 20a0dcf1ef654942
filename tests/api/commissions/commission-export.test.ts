import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CommissionContext, commissionContext } from '../../helpers/commissions';
import { csvNumber, readCsv, readXlsx } from '../../helpers/exports';

/** The export of a month's commissions holds the reply's lines, one row each, in its order. */
// Filled before the first test (the destructuring keeps each file's short names).
let { ctx, refs, h, second } = {} as CommissionContext;
beforeAll(async () => {
  ({ ctx, refs, h, second } = await commissionContext('export'));
  await h.putRules([
    { percent: '7.5', base: 'sale' },
    { sellerId: second.id, percent: 12, base: 'margin' },
  ]);
  const seller = ctx.users.sales.id;
  const cancelled = await h.liquidated(refs, seller, '2026-09-10T12:00:00Z');
  await h.liquidated(refs, seller, '2026-09-11T12:00:00Z');
  await h.liquidated(refs, second.id, '2026-09-12T12:00:00Z');
  expect((await h.close('2026-09')).statusCode).toBe(200);
  // Taken back in October, beside October's own sales.
  await ctx.db.execute(sql`update sales set status = 'cancelled' where id = ${cancelled}`);
  await h.liquidated(refs, seller, '2026-10-02T12:00:00Z');
  await h.liquidated(refs, second.id, '2026-10-03T12:00:00Z');
});
afterAll(() => ctx.close());

type Reply = Awaited<ReturnType<CommissionContext['h']['month']>>;

/** The reply's lines as the export's columns list them. */
const replyRows = (reply: Reply) =>
  reply.sellers.flatMap((s) =>
    s.sales.map((l) => [
      reply.month,
      s.username,
      l.saleId,
      l.base,
      l.percent,
      l.commission,
      l.adjustment ? 'Sí' : 'No',
    ]),
  );

const download = async (month: string, format: 'csv' | 'xlsx', who: 'admin' | 'sales' | 'finance') => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/commissions/export?month=${month}&format=${format}`,
    headers: await ctx.auth(who),
  });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};

describe('commissions export', () => {
  for (const month of ['2026-09', '2026-10']) {
    it(`the CSV and the .xlsx of ${month} hold the reply's rows`, async () => {
      for (const who of ['finance', 'sales'] as const) {
        const expected = replyRows(await h.month(month, await ctx.auth(who)));
        expect(expected.length).toBeGreaterThan(0);
        const csv = readCsv(await download(month, 'csv', who));
        expect(csv.header).toEqual([
          'Mes',
          'Vendedor',
          'Venta',
          'Base (US$)',
          'Porcentaje',
          'Comisión (US$)',
          'Ajuste',
        ]);
        const numeric = new Set([2, 3, 4, 5]);
        expect(
          csv.rows.map((row) => row.map((cell, i) => (numeric.has(i) ? csvNumber(cell as string) : cell))),
        ).toEqual(expected);
        const xlsx = await readXlsx(await download(month, 'xlsx', who));
        expect(xlsx.rows).toEqual(expected);
      }
    });
  }

  it('an October row takes back the cancelled September sale', async () => {
    const october = replyRows(await h.month('2026-10'));
    expect(october.filter((row) => row[6] === 'Sí')).toHaveLength(1);
  });
});
