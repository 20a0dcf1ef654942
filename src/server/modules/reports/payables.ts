import { and, asc, desc, eq, gt, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { sumMoney } from '../../../domain/money';
import { addDays } from '../../../domain/report-params';
import {
  DUE_THIS_WEEK_DAYS,
  PAYABLE_ITEMS_SHOWN,
  type PayableItem,
  type PayablesReply,
} from '../../../domain/reports';
import type { Database } from '../../db/client';
import { sales, supplierDueDays, supplierDues, suppliers } from '../../db/schema';
import { supplierBalanceRows } from '../supplier-payments';

/*
 * What falls due to suppliers (issue 17). A supplier's debt is its balance exactly as the supplier
 * payments screen computes it (cost of its items on sales not cancelled, minus its payments in USD).
 * An item falls due on its payment date, or on its sale's travel date when it has none. Payments are
 * not tied to items, so they settle the earliest dues first: the debt is made of the latest-due
 * items, and each item's unpaid part is what remains of the balance after the items due after it.
 *
 * The database keeps every counted item's due date and cost (`supplier_dues`) and their sums per
 * supplier and day (`supplier_due_days`, migrations/0007_dues.sql), so nothing here scans the sales.
 */

/**
 * Per supplier with a balance, the earliest due day with an unpaid part (`cutoffDay`) and that day's
 * unpaid part. Walks the supplier's days from the latest back (an index scan) until their costs
 * reach the balance: every later day is wholly unpaid, this one in part, earlier ones are paid.
 */
function cutoffs(db: Database, suppliersWhere: SQL | undefined) {
  const balances = supplierBalanceRows(db, suppliersWhere).as('balances');
  const d = supplierDueDays;
  const running = db
    .select({
      dueDate: d.dueDate,
      cost: d.cost,
      upTo: sql<string>`sum(${d.cost}) over (order by ${d.dueDate} desc rows unbounded preceding)`.as('up_to'),
    })
    .from(d)
    .where(eq(d.supplierId, balances.supplierId))
    .orderBy(desc(d.dueDate))
    .as('running');
  const cutoff = db
    .select({
      day: sql<string>`${running.dueDate}`.as('cutoff_day'),
      // The costs of the later days leave this much of the balance for this day.
      dayUnpaid: sql<string>`${balances.pendingAmount} - (${running.upTo} - ${running.cost})`.as('day_unpaid'),
    })
    .from(running)
    .where(gte(running.upTo, balances.pendingAmount))
    .orderBy(desc(running.dueDate))
    .limit(1)
    .as('cutoff');
  return db
    .select({
      supplierId: sql<number>`${balances.supplierId}`.as('cut_supplier_id'),
      supplierName: balances.supplierName,
      supplierPending: sql<string>`${balances.pendingAmount}`.as('supplier_pending'),
      day: cutoff.day,
      dayUnpaid: cutoff.dayUnpaid,
    })
    .from(balances)
    .innerJoinLateral(cutoff, sql`true`)
    .where(gt(balances.pendingAmount, '0'))
    .as('cutoffs');
}

/**
 * Every item with an unpaid part due by `until`, as a subquery: `unpaid` > 0, `dueDate` as yyyy-mm-dd.
 * `supplierIds` narrows the work to some suppliers (each supplier's items are settled on their own).
 * Only the items from each supplier's cutoff day on are read, through supplier_dues_due_idx.
 */
export function unpaidSupplierItems(db: Database, until: string, supplierIds?: SQL) {
  const cut = cutoffs(db, supplierIds && inArray(suppliers.id, supplierIds));
  const i = supplierDues;
  // On the cutoff day the latest items (highest id) are the unpaid ones.
  const laterSameDay = sql`coalesce((select sum(j.cost) from ${supplierDues} j where j.supplier_id = ${i.supplierId}
    and j.due_date = ${i.dueDate} and j.item_id > ${i.itemId}), 0)`;
  const items = db
    .select({
      itemId: i.itemId,
      saleId: i.saleId,
      supplierId: i.supplierId,
      supplierName: cut.supplierName,
      supplierPending: cut.supplierPending,
      sellerId: i.sellerId,
      costPrice: i.cost,
      dueDate: sql<string>`${i.dueDate}::text`.as('due_date_text'),
      unpaid: sql<string>`case when ${i.dueDate} = ${cut.day}
        then least(${i.cost}, ${cut.dayUnpaid} - ${laterSameDay}) else ${i.cost} end`.as('unpaid'),
    })
    .from(i)
    .innerJoin(cut, eq(cut.supplierId, i.supplierId))
    .where(and(gte(i.dueDate, cut.day), lte(i.dueDate, until)))
    .as('supplier_items');
  return db.select().from(items).where(gt(items.unpaid, '0')).as('unpaid_items');
}

const money = (value: string | null) => Number(value ?? 0);

/** Per supplier: what is overdue, due this week and due in the window, and how many items; in SQL. */
async function dueSums(db: Database, unpaid: ReturnType<typeof unpaidSupplierItems>, asOf: string) {
  const due = sql`${unpaid.dueDate}::date`;
  const sumWhere = (condition: SQL) => sql<string>`coalesce(sum(${unpaid.unpaid}) filter (where ${condition}), 0)`;
  return db
    .select({
      supplierId: unpaid.supplierId,
      overdue: sumWhere(sql`${due} < ${asOf}::date`),
      thisWeek: sumWhere(sql`${due} between ${asOf}::date and ${addDays(asOf, DUE_THIS_WEEK_DAYS)}::date`),
      soon: sumWhere(sql`${due} >= ${asOf}::date`),
      itemsCount: sql<number>`count(*)::int`,
    })
    .from(unpaid)
    .groupBy(unpaid.supplierId);
}

/** The first PAYABLE_ITEMS_SHOWN unpaid items of each supplier, soonest due first, with their passenger. */
async function firstItems(db: Database, unpaid: ReturnType<typeof unpaidSupplierItems>) {
  const ranked = db
    .select({
      itemId: unpaid.itemId,
      saleId: unpaid.saleId,
      supplierId: unpaid.supplierId,
      costPrice: unpaid.costPrice,
      unpaid: unpaid.unpaid,
      dueDate: unpaid.dueDate,
      rank: sql<number>`row_number() over (partition by ${unpaid.supplierId}
        order by ${unpaid.dueDate}, ${unpaid.itemId})`.as('item_rank'),
    })
    .from(unpaid)
    .as('ranked');
  return db
    .select({
      itemId: ranked.itemId,
      saleId: ranked.saleId,
      supplierId: ranked.supplierId,
      passengerName: sales.passengerName,
      costPrice: ranked.costPrice,
      unpaid: ranked.unpaid,
      dueDate: ranked.dueDate,
    })
    .from(ranked)
    .innerJoin(sales, eq(sales.id, ranked.saleId))
    .where(lte(ranked.rank, PAYABLE_ITEMS_SHOWN))
    .orderBy(asc(ranked.supplierId), asc(ranked.rank));
}

/** Suppliers with a balance, most overdue first, each with its unpaid items due by `asOf + days`. */
export async function payables(db: Database, asOf: string, days: number): Promise<PayablesReply> {
  const unpaid = unpaidSupplierItems(db, addDays(asOf, days));
  const [sums, items, owed] = await Promise.all([
    dueSums(db, unpaid, asOf),
    firstItems(db, unpaid),
    // Suppliers owed something with nothing due in the window still appear, with their balance alone.
    supplierBalanceRows(db, undefined),
  ]);
  const suppliersOwed = owed
    .filter((s) => Number(s.pendingAmount) > 0)
    .map((s) => {
      const sum = sums.find((r) => r.supplierId === s.supplierId);
      const shown: PayableItem[] = items
        .filter((r) => r.supplierId === s.supplierId)
        .map((r) => ({
          itemId: r.itemId,
          saleId: r.saleId,
          passengerName: r.passengerName,
          costPrice: money(r.costPrice),
          pendingAmount: money(r.unpaid),
          dueDate: r.dueDate,
        }));
      return {
        supplierId: s.supplierId,
        supplierName: s.supplierName,
        pendingAmount: money(s.pendingAmount),
        overdueAmount: money(sum?.overdue ?? null),
        dueThisWeekAmount: money(sum?.thisWeek ?? null),
        dueSoonAmount: money(sum?.soon ?? null),
        itemsCount: sum?.itemsCount ?? 0,
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
