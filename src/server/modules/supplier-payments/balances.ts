import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { countValue, type Money, moneyValue, toMoney } from '../../db/money';
import {
  supplierDueDays,
  supplierDueMonths,
  supplierDues,
  supplierPayments,
  suppliers,
  supplierTotals,
} from '../../db/schema';

/*
 * What each supplier is owed, in all and item by item (docs/product.md#supplier-balances). Its balance
 * is the cost of its items on sales that owe it (confirmed or completed), minus its payments in USD. A
 * payment made for some sales settles their items first (`supplier_payment_sales.allocated`, already
 * taken off each due's `open_cost` by the triggers, decision 0088); what the payments leave of the rest
 * settles the earliest dues first, so the unpaid part is made of the latest-due open costs: each item's
 * unpaid part is what remains of the balance after the open costs due after it.
 *
 * The database keeps every owed item's due date, cost and open cost (`supplier_dues`) and their sums per
 * supplier and day and month (migrations/0007_dues.sql, 0012, 0035), so nothing here scans the sales.
 */

/**
 * Balances in USD: what a supplier is owed is the cost of its items on sales that owe it (kept per
 * supplier by triggers in `supplier_totals`, docs/performance.md); what it was paid is the sum of its
 * payments converted at the rate frozen on each.
 */
export function balanceRows(db: Database, where: SQL | undefined) {
  const paid = db
    .select({
      supplierId: supplierPayments.supplierId,
      total: sql`sum(${supplierPayments.amountUsd})`.as('paid'),
    })
    .from(supplierPayments)
    .groupBy(supplierPayments.supplierId)
    .as('paid');
  const owed = sql`coalesce(${supplierTotals.totalCost}, 0)`;
  return db
    .select({
      supplierId: suppliers.id,
      supplierName: suppliers.name,
      // Aliased so that other reports can use these rows as a subquery (the supplier dues).
      grossAmount: moneyValue(owed, 'USD').as('gross_amount'),
      paidAmount: moneyValue(sql`coalesce(${paid.total}, 0)`, 'USD').as('paid_amount'),
      pendingAmount: moneyValue(sql`${owed} - coalesce(${paid.total}, 0)`, 'USD').as('pending_amount'),
      salesCount: countValue(sql`coalesce(${supplierTotals.salesCount}, 0)`),
    })
    .from(suppliers)
    .leftJoin(supplierTotals, eq(supplierTotals.supplierId, suppliers.id))
    .leftJoin(paid, eq(paid.supplierId, suppliers.id))
    .where(where);
}

/** Where a supplier's unpaid dues begin: the earliest due day with an unpaid part. */
export interface Cutoff {
  supplierId: number;
  supplierName: string;
  supplierPending: string;
  /** The earliest due day with an unpaid part: every later day's open cost is unpaid, earlier ones paid. */
  day: string;
  /** What the open costs of the later days leave of the balance for this day. */
  dayUnpaid: string;
  /** Items of that day with an unpaid part (the latest added: the earliest are settled first). */
  dayItems: number;
}

/** The driver's rows: node-postgres and PGlite both answer `{ rows }`. */
const resultRows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The cutoff of each supplier with a balance (`suppliersWhere` narrows them). Walks each supplier's
 * due months from the latest back (`supplier_due_months`) until their open costs reach its balance, then
 * that month's days the same way (`supplier_due_days`): a dozen months and a few days each, where a
 * walk of the days alone read every day with an unpaid part (~300 per supplier at a million sales).
 * A query of its own, so that the item queries start from a handful of known rows.
 */
export async function supplierCutoffs(db: Database, suppliersWhere?: SQL): Promise<Cutoff[]> {
  const m = supplierDueMonths;
  const d = supplierDueDays;
  const j = supplierDues;
  const days = and(
    sql`${d.supplierId} = b.id`,
    sql`${d.dueDate} >= month.key and ${d.dueDate} < (month.key + interval '1 month')::date`,
  );
  // On the cutoff day the latest open items (highest id) are the unpaid ones: `day_items` counts them.
  const result = await db.execute(sql`
    select b.id as supplier_id, b.name as supplier_name, b.pending_amount::text as supplier_pending,
      cut.key::text as day, cut.unpaid::text as day_unpaid, n.items as day_items
    from (${balanceRows(db, suppliersWhere)}) b
    cross join lateral (${walkBack(m.month, m.openCost, m, sql`${m.supplierId} = b.id`, sql`0`)}) month
    cross join lateral (${walkBack(d.dueDate, d.openCost, d, days, sql`month.walked - month.cost`)}) cut
    cross join lateral (
      select count(*)::int as items from (
        select sum(${j.openCost}) over (order by ${j.itemId} desc) - ${j.openCost} as later
        from ${j} where ${j.supplierId} = b.id and ${j.dueDate} = cut.key and ${j.openCost} > 0
      ) x where x.later < cut.unpaid
    ) n
    where b.pending_amount > 0`);
  type Row = {
    supplier_id: number;
    supplier_name: string;
    supplier_pending: string;
    day: string;
    day_unpaid: string;
    day_items: number;
  };
  return resultRows<Row>(result).map((r) => ({
    supplierId: r.supplier_id,
    supplierName: r.supplier_name,
    supplierPending: r.supplier_pending,
    day: r.day,
    dayUnpaid: r.day_unpaid,
    dayItems: r.day_items,
  }));
}

/**
 * The latest of a supplier's sums (`table` rows under `where`, by `key`) at which its open costs, added
 * from the latest back and after `start`, reach the supplier's balance (`b.pending_amount`): with
 * `walked` (that running total), `cost` and `unpaid` (what the balance leaves for that row). An index
 * walk that stops there; the cutoff walks the months, then that month's days.
 */
function walkBack(key: AnyPgColumn, cost: AnyPgColumn, table: PgTable, where: SQL | undefined, start: SQL) {
  return sql`
    select r.key, r.cost, r.walked, b.pending_amount - (r.walked - r.cost) as unpaid from (
      select ${key} as key, ${cost} as cost,
        ${start} + sum(${cost}) over (order by ${key} desc rows unbounded preceding) as walked
      from ${table} where ${where} order by ${key} desc
    ) r where r.walked >= b.pending_amount order by r.key desc limit 1`;
}

/**
 * The cutoffs as a table `c(supplier_id, day, day_unpaid, day_items)` in one statement: arrays bound as
 * text literals of numbers and dates read from the database, never spliced into the SQL.
 */
export function cutoffValues(cutoffs: Cutoff[]) {
  const list = (pick: (c: Cutoff) => string | number) => `{${cutoffs.map(pick).join(',')}}`;
  return sql`unnest(${list((c) => c.supplierId)}::int[], ${list((c) => c.day)}::date[],
    ${list((c) => c.dayUnpaid)}::numeric[], ${list((c) => c.dayItems)}::int[])
    as c(supplier_id, day, day_unpaid, day_items)`;
}

/**
 * The unpaid items of a cutoff `c` (a row of `cutoffValues`) on its day: its latest `day_items` with an
 * open cost, each with `unpaid`, what the later ones of that day leave of `day_unpaid`. Named like the
 * table, so that a condition written on `supplier_dues` applies to them.
 */
export function cutoffDayItems() {
  const i = supplierDues;
  return sql`(
    select *, least(${i.openCost}, c.day_unpaid - later) as unpaid from (
      select *, sum(${i.openCost}) over (order by ${i.itemId} desc) - ${i.openCost} as later from ${i}
      where ${i.supplierId} = c.supplier_id and ${i.dueDate} = c.day and ${i.openCost} > 0
      order by ${i.itemId} desc limit c.day_items
    ) as ${i}
  ) as ${i}`;
}

/**
 * What each of a supplier's sales still owes it, as Vencimientos shows it (the unpaid parts of its items
 * of that supplier), for the sales that owe something: only the items due on or after the cutoff, the
 * size of the debt, never every sale of the supplier.
 */
export async function salePendings(db: Database, supplierId: number): Promise<Map<number, Money<'USD'>>> {
  const cutoffs = await supplierCutoffs(db, eq(suppliers.id, supplierId));
  if (!cutoffs.length) return new Map();
  const i = supplierDues;
  const result = await db.execute(sql`
    select u.sale_id, sum(u.unpaid)::text as pending from ${cutoffValues(cutoffs)}
    cross join lateral (
      select ${i.saleId} as sale_id, unpaid from ${cutoffDayItems()}
      union all
      select ${i.saleId}, ${i.openCost} from ${i}
      where ${i.supplierId} = c.supplier_id and ${i.dueDate} > c.day and ${i.openCost} > 0
    ) u
    group by u.sale_id`);
  return new Map(
    resultRows<{ sale_id: number; pending: string }>(result).map((r) => [
      r.sale_id,
      toMoney(r.pending, 'USD'),
    ]),
  );
}
