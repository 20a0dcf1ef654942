import { type SQL, sql } from 'drizzle-orm';
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
import { sales, supplierDueDays, supplierDues } from '../../db/schema';
import {
  type Cutoff,
  cutoffDayItems,
  cutoffValues,
  supplierBalanceRows,
  supplierCutoffs,
} from '../supplier-payments';

/*
 * What falls due to suppliers (docs/product.md#receivables-and-dues). A supplier's debt is its balance
 * exactly as the supplier payments screen computes it, and which items make it up is the supplier
 * payments module's rule (`supplierCutoffs`): a payment made for some sales settles their items first,
 * the rest settles the earliest dues first, so every open cost due after a supplier's cutoff is unpaid.
 * An item falls due on its payment date, or on its sale's travel date when it has none.
 */

/** The driver's rows: node-postgres and PGlite both answer `{ rows }`. */
const resultRows = <T>(result: unknown) => (result as { rows: T[] }).rows;

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
  // Per supplier: first the cutoff day's unpaid items, then the later days' items with an open cost,
  // wholly unpaid, in index order.
  const result = await db.execute(sql`
    select u.item_id, u.sale_id, u.supplier_id, u.cost::text as cost, u.unpaid::text as unpaid,
      u.due::text as due_date, s.passenger_name, s.travel_date::text as travel_date
    from (
      select items.* from ${cutoffValues(cutoffs)}
      cross join lateral (
        select * from (
          select ${fields}, unpaid, ${i.dueDate} as due from ${cutoffDayItems()}
          where ${options.where ?? sql`true`}
          union all (
            select ${fields}, ${i.openCost}, ${i.dueDate} from ${i}
            where ${i.supplierId} = c.supplier_id and ${i.dueDate} > c.day and ${i.dueDate} <= ${until}::date
              and ${i.openCost} > 0 and ${options.where ?? sql`true`}
            order by ${i.dueDate}, ${i.itemId} limit ${options.perSupplier}
          )
        ) first order by due, item_id limit ${options.perSupplier}
      ) items
      where c.day <= ${until}::date
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
 * one by one where it can: on each supplier's cutoff day its latest `dayItems`; after it every item
 * with an open cost, from the day sums (`open_items`) for the company or from an index range
 * (supplier_dues_seller_walk_idx) for a seller or a sale.
 */
export async function countUnpaidSupplierItems(db: Database, cutoffs: Cutoff[], until: string, where?: SQL) {
  if (!cutoffs.length) return 0;
  const i = supplierDues;
  const d = supplierDueDays;
  const laterItems = where
    ? sql`(select count(*) from ${i} where ${i.supplierId} = c.supplier_id and ${i.dueDate} > c.day
        and ${i.dueDate} <= ${until}::date and ${i.openCost} > 0 and ${where})`
    : sql`(select coalesce(sum(${d.openItems}), 0) from ${d}
        where ${d.supplierId} = c.supplier_id and ${d.dueDate} > c.day and ${d.dueDate} <= ${until}::date)`;
  const result = await db.execute(sql`
    select coalesce(sum(
      (select count(*) from ${cutoffDayItems()} where ${where ?? sql`true`}) + ${laterItems}
    ), 0)::int as n
    from ${cutoffValues(cutoffs)}
    where c.day <= ${until}::date`);
  return resultRows<{ n: number }>(result)[0]?.n ?? 0;
}

/**
 * Per supplier: what is overdue, due this week and due in the window, and how many items, from the
 * day sums alone (a few hundred day rows per supplier): every open cost after the cutoff is unpaid.
 */
async function dueSums(db: Database, cutoffs: Cutoff[], asOf: string, until: string) {
  const d = supplierDueDays;
  const part = sql`case when ${d.dueDate} = c.day then c.day_unpaid else ${d.openCost} end`;
  const sumWhere = (condition: SQL) => sql`coalesce(sum(${part}) filter (where ${condition}), 0)::text`;
  const result = await db.execute(sql`
    select c.supplier_id,
      ${sumWhere(sql`${d.dueDate} < ${asOf}::date`)} as overdue,
      ${sumWhere(sql`${d.dueDate} between ${asOf}::date and ${addDays(asOf, DUE_THIS_WEEK_DAYS)}::date`)} as this_week,
      ${sumWhere(sql`${d.dueDate} >= ${asOf}::date`)} as soon,
      sum(case when ${d.dueDate} = c.day then c.day_items else ${d.openItems} end)::int as items
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
