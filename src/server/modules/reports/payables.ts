import { and, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { sumMoney } from '../../../domain/money';
import { addDays } from '../../../domain/report-params';
import {
  DUE_THIS_WEEK_DAYS,
  PAYABLE_ITEMS_SHOWN,
  type PayableItem,
  type PayablesReply,
} from '../../../domain/reports';
import type { Database } from '../../db/client';
import { toMoney } from '../../db/money';
import { sales, supplierDueDays, supplierDueMonths, supplierDues } from '../../db/schema';
import { supplierBalanceRows } from '../supplier-payments';

/*
 * What falls due to suppliers (docs/product.md#receivables-and-dues). A supplier's debt is its balance
 * exactly as the supplier payments screen computes it (cost of its items on sales not cancelled, minus its
 * payments in USD). An item falls due on its payment date, or on its sale's travel date when it has none.
 * Payments are not tied to items, so they settle the earliest dues first: the debt is made of the latest-due
 * items, and each item's unpaid part is what remains of the balance after the items due after it.
 *
 * The database keeps every counted item's due date and cost (`supplier_dues`) and their sums per
 * supplier and day (`supplier_due_days`, migrations/0007_dues.sql), so nothing here scans the sales.
 */

/** Where a supplier's unpaid dues begin: the earliest due day with an unpaid part. */
export interface Cutoff {
  supplierId: number;
  supplierName: string;
  supplierPending: string;
  /** The earliest due day with an unpaid part: every later day is wholly unpaid, earlier ones paid. */
  day: string;
  /** What the costs of the later days leave of the balance for this day. */
  dayUnpaid: string;
  /** Items of that day with an unpaid part (the latest added: the earliest are settled first). */
  dayItems: number;
}

/**
 * The cutoff of each supplier with a balance (`suppliersWhere` narrows them). Walks each supplier's
 * due months from the latest back (`supplier_due_months`) until their costs reach its balance, then
 * that month's days the same way (`supplier_due_days`): a dozen months and a few days each, where a
 * walk of the days alone read every day with an unpaid part (~300 per supplier at a million sales).
 * A query of its own, so that the item queries below start from a handful of known rows.
 */
export async function supplierCutoffs(db: Database, suppliersWhere?: SQL): Promise<Cutoff[]> {
  const m = supplierDueMonths;
  const d = supplierDueDays;
  const j = supplierDues;
  const days = and(
    sql`${d.supplierId} = b.id`,
    sql`${d.dueDate} >= month.key and ${d.dueDate} < (month.key + interval '1 month')::date`,
  );
  // On the cutoff day the latest items (highest id) are the unpaid ones: `day_items` counts them.
  const result = await db.execute(sql`
    select b.id as supplier_id, b.name as supplier_name, b.pending_amount::text as supplier_pending,
      cut.key::text as day, cut.unpaid::text as day_unpaid, n.items as day_items
    from (${supplierBalanceRows(db, suppliersWhere)}) b
    cross join lateral (${walkBack(m.month, m.cost, m, sql`${m.supplierId} = b.id`, sql`0`)}) month
    cross join lateral (${walkBack(d.dueDate, d.cost, d, days, sql`month.walked - month.cost`)}) cut
    cross join lateral (
      select count(*)::int as items from (
        select sum(${j.cost}) over (order by ${j.itemId} desc) - ${j.cost} as later
        from ${j} where ${j.supplierId} = b.id and ${j.dueDate} = cut.key
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
 * The latest of a supplier's sums (`table` rows under `where`, by `key`) at which its costs, added
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

/** The driver's rows: node-postgres and PGlite both answer `{ rows }`. */
const resultRows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The cutoffs as a table `(supplier_id, day, day_unpaid)` in one statement: arrays bound as text
 * literals of numbers and dates read from the database, never spliced into the SQL.
 */
function cutoffValues(cutoffs: Cutoff[]) {
  const list = (pick: (c: Cutoff) => string | number) => `{${cutoffs.map(pick).join(',')}}`;
  return sql`unnest(${list((c) => c.supplierId)}::int[], ${list((c) => c.day)}::date[],
    ${list((c) => c.dayUnpaid)}::numeric[], ${list((c) => c.dayItems)}::int[])
    as c(supplier_id, day, day_unpaid, day_items)`;
}

/**
 * The first items with an unpaid part due by `until`, most urgent first: each supplier's first
 * `perSupplier` are one walk of an index (supplier_dues_due_idx, or a seller's
 * supplier_dues_seller_walk_idx) from its cutoff day, and `limit` keeps the first of them all.
 * `where` filters the items (a seller, a sale).
 */
export async function unpaidSupplierItems(
  db: Database,
  cutoffs: Cutoff[],
  until: string,
  options: { where?: SQL; perSupplier: number; limit?: number },
) {
  if (!cutoffs.length) return [];
  const i = supplierDues;
  type Row = {
    item_id: number;
    sale_id: number;
    supplier_id: number;
    cost: string;
    unpaid: string;
    due_date: string;
    passenger_name: string;
    travel_date: string;
  };
  const fields = sql`${i.itemId} as item_id, ${i.saleId} as sale_id, ${i.supplierId} as supplier_id, ${i.cost} as cost`;
  // Per supplier: first the cutoff day's unpaid items (its latest `dayItems`, each unpaid by what
  // the later ones of that day leave), then the later days' items, wholly unpaid, in index order.
  const result = await db.execute(sql`
    select u.item_id, u.sale_id, u.supplier_id, u.cost::text as cost, u.unpaid::text as unpaid,
      u.due::text as due_date, s.passenger_name, s.travel_date::text as travel_date
    from (
      select items.* from ${cutoffValues(cutoffs)}
      cross join lateral (
        select * from (
          select ${fields}, least(${i.cost}, c.day_unpaid - later) as unpaid, ${i.dueDate} as due from (
            select *, sum(${i.cost}) over (order by ${i.itemId} desc) - ${i.cost} as later from ${i}
            where ${i.supplierId} = c.supplier_id and ${i.dueDate} = c.day and c.day <= ${until}::date
            order by ${i.itemId} desc limit c.day_items
          ) as ${i}
          where ${i.cost} > 0 and ${options.where ?? sql`true`}
          union all (
            select ${fields}, ${i.cost}, ${i.dueDate} from ${i}
            where ${i.supplierId} = c.supplier_id and ${i.dueDate} > c.day and ${i.dueDate} <= ${until}::date
              and ${i.cost} > 0 and ${options.where ?? sql`true`}
            order by ${i.dueDate}, ${i.itemId} limit ${options.perSupplier}
          )
        ) first order by due, item_id limit ${options.perSupplier}
      ) items
      order by due, item_id ${options.limit === undefined ? sql`` : sql`limit ${options.limit}`}
    ) u join ${sales} s on s.id = u.sale_id
    order by u.due, u.item_id`);
  return resultRows<Row>(result).map((r) => ({
    ...r,
    cost: toMoney(r.cost, 'USD'),
    unpaid: toMoney(r.unpaid, 'USD'),
  }));
}

/**
 * How many items have an unpaid part due by `until` (those `where` keeps), without reading them
 * one by one where it can: on each supplier's cutoff day its latest `dayItems`; after it every item,
 * from the day sums for the company or from an index range (supplier_dues_seller_walk_idx) for a
 * seller or a sale, less the items that cost nothing (supplier_dues_free_idx), which owe nothing.
 */
export async function countUnpaidSupplierItems(db: Database, cutoffs: Cutoff[], until: string, where?: SQL) {
  if (!cutoffs.length) return 0;
  const i = supplierDues;
  const d = supplierDueDays;
  const later = sql`${i.supplierId} = c.supplier_id and ${i.dueDate} > c.day and ${i.dueDate} <= ${until}::date`;
  const laterItems = where
    ? sql`(select count(*) from ${i} where ${later} and ${where})`
    : sql`(select coalesce(sum(${d.itemsCount}), 0) from ${d}
        where ${d.supplierId} = c.supplier_id and ${d.dueDate} > c.day and ${d.dueDate} <= ${until}::date)`;
  // The cutoff day's rows are named like the table so that `where` (written on it) applies to them.
  const result = await db.execute(sql`
    select coalesce(sum(
      (select count(*) from (
        select * from ${i} where ${i.supplierId} = c.supplier_id and ${i.dueDate} = c.day
        order by ${i.itemId} desc limit c.day_items
      ) as ${i} where ${i.cost} > 0 and ${where ?? sql`true`})
      + ${laterItems}
      - (select count(*) from ${i} where ${later} and ${i.cost} = 0 and ${where ?? sql`true`})
    ), 0)::int as n
    from ${cutoffValues(cutoffs)}
    where c.day <= ${until}::date`);
  return resultRows<{ n: number }>(result)[0]?.n ?? 0;
}

/**
 * Per supplier: what is overdue, due this week and due in the window, and how many items, from the
 * day sums alone (a few hundred day rows per supplier): every day after the cutoff is wholly unpaid.
 */
async function dueSums(db: Database, cutoffs: Cutoff[], asOf: string, until: string) {
  const d = supplierDueDays;
  const part = sql`case when ${d.dueDate} = c.day then c.day_unpaid else ${d.cost} end`;
  const sumWhere = (condition: SQL) => sql`coalesce(sum(${part}) filter (where ${condition}), 0)::text`;
  const result = await db.execute(sql`
    select c.supplier_id,
      ${sumWhere(sql`${d.dueDate} < ${asOf}::date`)} as overdue,
      ${sumWhere(sql`${d.dueDate} between ${asOf}::date and ${addDays(asOf, DUE_THIS_WEEK_DAYS)}::date`)} as this_week,
      ${sumWhere(sql`${d.dueDate} >= ${asOf}::date`)} as soon,
      sum(case when ${d.dueDate} = c.day then c.day_items else ${d.itemsCount} end)::int as items
    from ${cutoffValues(cutoffs)}
    join ${d} on ${d.supplierId} = c.supplier_id and ${d.dueDate} >= c.day and ${d.dueDate} <= ${until}::date
    group by c.supplier_id`);
  type Row = { supplier_id: number; overdue: string; this_week: string; soon: string; items: number };
  return new Map(resultRows<Row>(result).map((r) => [r.supplier_id, r]));
}

/** Suppliers with a balance, most overdue first, each with its unpaid items due by `asOf + days`. */
export async function payables(db: Database, asOf: string, days: number): Promise<PayablesReply> {
  const until = addDays(asOf, days);
  const [cutoffs, owed] = await Promise.all([
    supplierCutoffs(db),
    // Suppliers owed something with nothing due in the window still appear, with their balance alone.
    supplierBalanceRows(db, undefined),
  ]);
  const [sums, items] = cutoffs.length
    ? await Promise.all([
        dueSums(db, cutoffs, asOf, until),
        unpaidSupplierItems(db, cutoffs, until, { perSupplier: PAYABLE_ITEMS_SHOWN }),
      ])
    : [new Map(), []];
  // Up to 20 items for each of a few dozen suppliers: grouped in one pass, not filtered per supplier.
  const itemsOf = new Map<number, PayableItem[]>();
  for (const r of items) {
    const supplierId = r.supplier_id;
    const list = itemsOf.get(supplierId) ?? [];
    list.push({
      itemId: r.item_id,
      saleId: r.sale_id,
      passengerName: r.passenger_name,
      costPrice: r.cost,
      pendingAmount: r.unpaid,
      dueDate: r.due_date,
    });
    itemsOf.set(supplierId, list);
  }
  const suppliersOwed = owed
    .filter((s) => s.pendingAmount > 0)
    .map((s) => {
      const sum = sums.get(s.supplierId);
      const shown = itemsOf.get(s.supplierId) ?? [];
      return {
        supplierId: s.supplierId,
        supplierName: s.supplierName,
        pendingAmount: s.pendingAmount,
        overdueAmount: toMoney(sum?.overdue, 'USD'),
        dueThisWeekAmount: toMoney(sum?.this_week, 'USD'),
        dueSoonAmount: toMoney(sum?.soon, 'USD'),
        itemsCount: sum?.items ?? 0,
        items: shown,
      };
    })
    .sort(
      (a, b) =>
        b.overdueAmount - a.overdueAmount ||
        b.dueSoonAmount - a.dueSoonAmount ||
        b.pendingAmount - a.pendingAmount ||
        a.supplierName.localeCompare(b.supplierName, 'es'),
    );
  // A few dozen suppliers' figures, each exact from SQL: added in integer cents.
  const total = (pick: (s: (typeof suppliersOwed)[number]) => number) => sumMoney(suppliersOwed.map(pick));
  return {
    asOf,
    days,
    suppliers: suppliersOwed,
    totals: {
      pendingAmount: total((s) => s.pendingAmount),
      overdueAmount: total((s) => s.overdueAmount),
      dueThisWeekAmount: total((s) => s.dueThisWeekAmount),
      dueSoonAmount: total((s) => s.dueSoonAmount),
    },
  };
}
