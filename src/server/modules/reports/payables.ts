import { and, asc, eq, gt, gte, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import { sumMoney } from '../../../domain/money';
import { addDays } from '../../../domain/report-params';
import {
  DUE_THIS_WEEK_DAYS,
  PAYABLE_ITEMS_SHOWN,
  type PayableItem,
  type PayablesReply,
} from '../../../domain/reports';
import type { Database } from '../../db/client';
import { saleItems, sales } from '../../db/schema';
import { supplierBalanceRows } from '../supplier-payments';

/*
 * What falls due to suppliers (issue 17). A supplier's debt is its balance exactly as the supplier
 * payments screen computes it (cost of its items on sales not cancelled, minus its payments in USD).
 * An item falls due on its payment date, or on its sale's travel date when it has none. Payments are
 * not tied to items, so they settle the earliest dues first: the debt is made of the latest-due
 * items, and each item's unpaid part is what remains of the balance after the items due after it.
 */

/**
 * Every item with an unpaid part due by `until`, as a subquery: `unpaid` > 0, `dueDate` as yyyy-mm-dd.
 * `suppliers` narrows the work to some suppliers (each supplier's items are settled on their own).
 *
 * In steps, so that no step sorts every item: the cost per supplier and due day (a grouping); each
 * day's unpaid part, what the balance leaves after the days due later (a sort of days only); the
 * earliest such day per supplier; then the supplier's items from that day on (found by a hash join).
 */
export function unpaidSupplierItems(db: Database, until: string, suppliers?: SQL) {
  const due = sql<string>`coalesce(${saleItems.paymentDate}, ${sales.travelDate})`;
  const counted = and(ne(sales.status, 'cancelled'), suppliers && inArray(saleItems.supplierId, suppliers));
  const days = db
    .select({
      supplierId: saleItems.supplierId,
      day: sql<string>`${due}`.as('due_day'),
      cost: sql<string>`sum(${saleItems.costPrice})`.as('day_cost'),
    })
    .from(saleItems)
    .innerJoin(sales, eq(sales.id, saleItems.saleId))
    .where(counted)
    .groupBy(saleItems.supplierId, due)
    .as('due_days');
  const balances = supplierBalanceRows(db, undefined).as('balances');
  const laterDays = sql`(sum(${days.cost}) over (partition by ${days.supplierId}
    order by ${days.day} desc) - ${days.cost})`;
  const dayParts = db
    .select({
      supplierId: days.supplierId,
      day: days.day,
      supplierName: balances.supplierName,
      supplierPending: balances.pendingAmount,
      dayUnpaid: sql<string>`least(${days.cost}, ${balances.pendingAmount} - ${laterDays})`.as('day_unpaid'),
    })
    .from(days)
    .innerJoin(balances, eq(balances.supplierId, days.supplierId))
    .where(gt(balances.pendingAmount, '0'))
    .as('day_parts');
  // Only the earliest day with an unpaid part is paid in part; every later day is wholly unpaid.
  const cutoffs = db
    .selectDistinctOn([dayParts.supplierId], {
      supplierId: dayParts.supplierId,
      supplierName: dayParts.supplierName,
      supplierPending: dayParts.supplierPending,
      day: sql<string>`${dayParts.day}`.as('cutoff_day'),
      dayUnpaid: dayParts.dayUnpaid,
    })
    .from(dayParts)
    .where(gt(dayParts.dayUnpaid, '0'))
    .orderBy(dayParts.supplierId, dayParts.day)
    .as('cutoffs');
  // On that day the latest items (highest id) are the unpaid ones.
  const laterSameDay = sql`(sum(${saleItems.costPrice}) over (partition by ${saleItems.supplierId}, ${due}
    order by ${saleItems.id} desc) - ${saleItems.costPrice})`;
  const items = db
    .select({
      itemId: sql<number>`${saleItems.id}`.as('item_id'),
      saleId: saleItems.saleId,
      supplierId: saleItems.supplierId,
      supplierName: cutoffs.supplierName,
      supplierPending: cutoffs.supplierPending,
      sellerId: sales.sellerId,
      passengerName: sales.passengerName,
      travelDate: sales.travelDate,
      costPrice: saleItems.costPrice,
      dueDate: sql<string>`${due}::text`.as('due_date'),
      unpaid: sql<string>`case when ${due} = ${cutoffs.day}
        then least(${saleItems.costPrice}, ${cutoffs.dayUnpaid} - ${laterSameDay})
        else ${saleItems.costPrice} end`.as('unpaid'),
    })
    .from(saleItems)
    .innerJoin(sales, eq(sales.id, saleItems.saleId))
    .innerJoin(cutoffs, eq(cutoffs.supplierId, saleItems.supplierId))
    .where(and(counted, gte(due, cutoffs.day), lte(due, until)))
    .as('supplier_items');
  return db.select().from(items).where(gt(items.unpaid, '0')).as('unpaid_items');
}

const money = (value: string) => Number(value);

/** Suppliers with a balance, most overdue first, each with its unpaid items due by `asOf + days`. */
export async function payables(db: Database, asOf: string, days: number): Promise<PayablesReply> {
  const until = addDays(asOf, days);
  const unpaid = unpaidSupplierItems(db, until);
  const weekEnd = addDays(asOf, DUE_THIS_WEEK_DAYS);
  const rows = await db
    .select()
    .from(unpaid)
    .orderBy(asc(unpaid.supplierName), asc(unpaid.supplierId), asc(unpaid.dueDate), asc(unpaid.itemId));
  // Suppliers owed something with nothing due in the window still appear, with their balance alone.
  const owed = await supplierBalanceRows(db, undefined);
  const suppliers = owed
    .filter((s) => Number(s.pendingAmount) > 0)
    .map((s) => {
      const items: PayableItem[] = rows
        .filter((r) => r.supplierId === s.supplierId)
        .map((r) => ({
          itemId: r.itemId,
          saleId: r.saleId,
          passengerName: r.passengerName,
          costPrice: money(r.costPrice),
          pendingAmount: money(r.unpaid),
          dueDate: r.dueDate,
        }));
      // A supplier's few dozen items: added in integer cents.
      const sumWhere = (test: (due: string) => boolean) =>
        sumMoney(items.filter((i) => test(i.dueDate)).map((i) => i.pendingAmount));
      return {
        supplierId: s.supplierId,
        supplierName: s.supplierName,
        pendingAmount: money(s.pendingAmount),
        overdueAmount: sumWhere((due) => due < asOf),
        dueThisWeekAmount: sumWhere((due) => due >= asOf && due <= weekEnd),
        dueSoonAmount: sumWhere((due) => due >= asOf),
        itemsCount: items.length,
        items: items.slice(0, PAYABLE_ITEMS_SHOWN),
      };
    })
    .sort(
      (a, b) =>
        b.overdueAmount - a.overdueAmount ||
        b.dueSoonAmount - a.dueSoonAmount ||
        b.pendingAmount - a.pendingAmount ||
        a.supplierName.localeCompare(b.supplierName, 'es'),
    );
  const total = (pick: (s: (typeof suppliers)[number]) => number) => sumMoney(suppliers.map(pick));
  return {
    asOf,
    days,
    suppliers,
    totals: {
      pendingAmount: total((s) => s.pendingAmount),
      overdueAmount: total((s) => s.overdueAmount),
      dueThisWeekAmount: total((s) => s.dueThisWeekAmount),
      dueSoonAmount: total((s) => s.dueSoonAmount),
    },
  };
}
