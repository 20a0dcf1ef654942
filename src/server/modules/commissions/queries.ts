import { eq, lt, type SQL, sql } from 'drizzle-orm';
import { nextMonth, previousMonth } from '../../../domain/commissions';
import { agencyMidnight } from '../../db/agency-day';
import type { Database } from '../../db/client';
import { commissionMonths } from '../../db/schema';
import { rowsOf } from '../../db/sql-rows';

/** One line as SQL gives it: amounts as exact text, the seller's total beside each of its lines. */
export interface LineRow {
  sale_id: number;
  seller_id: number;
  username: string;
  base: string;
  percent: string;
  commission: string;
  adjustment: boolean;
  total: string;
}

/** Only this seller's lines, or everyone's (null). */
export type SellerFilter = number | null;

const ofSeller = (column: SQL, sellerId: SellerFilter) =>
  sellerId === null ? sql`` : sql`and ${column} = ${sellerId}`;

/** Whether `month` is closed. */
export async function isClosed(db: Database, month: string): Promise<boolean> {
  const rows = await db
    .select({ month: commissionMonths.month })
    .from(commissionMonths)
    .where(eq(commissionMonths.month, month));
  return rows.length > 0;
}

/**
 * The closed months right before `month`, newest first, up to the first open one: `month` is the next
 * open month of each, so it carries their adjustments.
 */
async function closedRunBefore(db: Database, month: string): Promise<string[]> {
  const rows = await db
    .select({ month: commissionMonths.month })
    .from(commissionMonths)
    .where(lt(commissionMonths.month, month));
  const closed = new Set(rows.map((r) => r.month));
  const run: string[] = [];
  for (let m = previousMonth(month); closed.has(m); m = previousMonth(m)) run.push(m);
  return run;
}

/**
 * An open month's lines, computed now (docs/decisions/0100-seller-commissions.md), as a select of
 * sale_id, seller_id, username, base, percent, commission and adjustment:
 * - each sale liquidated in the month (its completed_at, on the agency's calendar) and still
 *   completed, whose commission no closed month holds, with the most specific rule that matches its
 *   seller and classification (that of its largest item): seller and classification, seller,
 *   classification, everyone. A sale no rule matches is not listed. The base is in USD at the sale's
 *   frozen rate; the commission is rounded to cents here.
 * - an adjustment for each sale paid in one of the closed months right before it and no longer
 *   completed (cancelled or deleted): that line again, negative, unless taken back already.
 */
async function openLines(db: Database, month: string, sellerId: SellerFilter): Promise<SQL> {
  const run = await closedRunBefore(db, month);
  const start = agencyMidnight(`${month}-01`);
  const end = agencyMidnight(`${nextMonth(month)}-01`);
  return sql`
    with month_sales as (
      select s.id, s.seller_id, s.sale_price_usd, s.total_cost_usd,
        (select i.classification_id from sale_items i where i.sale_id = s.id
          order by i.sale_price desc, i.position, i.id limit 1) as classification_id
      from sales s
      where s.completed_at >= ${start} and s.completed_at < ${end} and s.status = 'completed'
        ${ofSeller(sql`s.seller_id`, sellerId)}
        and not exists (
          select 1 from commission_lines l
          where l.sale_id = s.id and not l.adjustment
            and not exists (select 1 from commission_lines a
              where a.sale_id = l.sale_id and a.adjustment and a.month > l.month))
    ),
    lines as (
      select m.id as sale_id, m.seller_id, r.percent, c.base,
        round(c.base * r.percent / 100, 2) as commission, false as adjustment
      from month_sales m
      cross join lateral (
        select r.percent, r.base from commission_rules r
        where (r.seller_id is null or r.seller_id = m.seller_id)
          and (r.classification_id is null or r.classification_id = m.classification_id)
        order by (r.seller_id is not null) desc, (r.classification_id is not null) desc
        limit 1) r
      cross join lateral (
        select case when r.base = 'margin' then m.sale_price_usd - m.total_cost_usd
          else m.sale_price_usd end as base) c
      union all
      select l.sale_id, l.seller_id, l.percent, -l.base, -l.commission, true
      from commission_lines l
      left join sales s on s.id = l.sale_id
      where l.month = any(string_to_array(${run.join(',')}, ',')) and not l.adjustment
        and (s.id is null or s.status <> 'completed')
        and not exists (select 1 from commission_lines a
          where a.sale_id = l.sale_id and a.adjustment and a.month > l.month)
        ${ofSeller(sql`l.seller_id`, sellerId)}
    )
    select x.sale_id, x.seller_id, u.username, x.base, x.percent, x.commission, x.adjustment
    from lines x
    join users u on u.id = x.seller_id`;
}

/** The lines of an open month as the reply lists them, each seller's total of rounded commissions beside. */
export async function openMonthLines(db: Database, month: string, sellerId: SellerFilter) {
  return rowsOf<LineRow>(
    db,
    sql`
    select sale_id, seller_id, username, base::text, percent::text, commission::text, adjustment,
      (sum(commission) over (partition by seller_id))::text as total
    from (${await openLines(db, month, sellerId)}) x
    order by username, seller_id, sale_id, adjustment`,
  );
}

/** Stores `month`'s lines as they are now, for every seller: the month's row must be written first. */
export async function storeMonthLines(tx: Database, month: string) {
  await tx.execute(sql`
    insert into commission_lines (month, sale_id, seller_id, username, base, percent, commission, adjustment)
    select ${month}::text, sale_id, seller_id, username, base, percent, commission, adjustment
    from (${await openLines(tx, month, null)}) x`);
  const [sums] = await rowsOf<{ lines: string; total: string }>(
    tx,
    sql`select count(*)::text as lines, coalesce(sum(commission), 0)::text as total
      from commission_lines where month = ${month}`,
  );
  return sums ?? { lines: '0', total: '0' };
}

/** A closed month's lines, as they were stored when it closed. */
export function closedMonthLines(db: Database, month: string, sellerId: SellerFilter) {
  return rowsOf<LineRow>(
    db,
    sql`
    select l.sale_id, l.seller_id, l.username, l.base::text, l.percent::text, l.commission::text,
      l.adjustment, (sum(l.commission) over (partition by l.seller_id))::text as total
    from commission_lines l
    where l.month = ${month} ${ofSeller(sql`l.seller_id`, sellerId)}
    order by l.username, l.seller_id, l.sale_id, l.adjustment`,
  );
}
