import { and, eq, gt, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { payments, sales } from '../../db/schema';

/*
 * What clients still owe (issue 17): a sale's debt is its total minus its confirmed payments, and a
 * cancelled sale owes nothing. "Open" sales are those with a debt above zero; a sale paid in excess
 * is a credit on that sale and does not reduce the client's other debts.
 */

/** Confirmed payments summed per sale, in one pass over the payments (for reports over many sales). */
function paidPerSale(db: Database) {
  return db
    .select({ saleId: payments.saleId, paid: sql<string>`sum(${payments.amount})`.as('paid') })
    .from(payments)
    .where(eq(payments.status, 'confirmed'))
    .groupBy(payments.saleId)
    .as('paid_per_sale');
}

/** Confirmed payments of the current sale row only (for a few sales: one index lookup each). */
export const paidOfSale = sql<string>`(select coalesce(sum(${payments.amount}), 0) from ${payments}
  where ${payments.saleId} = ${sales.id} and ${payments.status} = 'confirmed')`;

/**
 * Open sales matching `where`, as a subquery with `paid`, `pending` and `days` (days since travel as
 * of `asOf`; the client is expected to have paid by the travel date, so 0 or less is not yet due).
 * `few` picks per-sale lookups for a handful of sales instead of summing every payment.
 */
export function openSales(db: Database, asOf: string, where: SQL | undefined, few = false) {
  const grouped = few ? undefined : paidPerSale(db);
  const paid = grouped ? sql<string>`coalesce(${grouped.paid}, 0)` : paidOfSale;
  const query = db
    .select({
      id: sales.id,
      clientId: sales.clientId,
      sellerId: sales.sellerId,
      passengerName: sales.passengerName,
      status: sales.status,
      travelDate: sales.travelDate,
      salePrice: sales.salePrice,
      paid: sql<string>`${paid}`.as('paid_amount'),
      pending: sql<string>`${sales.salePrice} - ${paid}`.as('pending_amount'),
      days: sql<number>`(${asOf}::date - ${sales.travelDate})`.as('days_after_travel'),
    })
    .from(sales)
    .$dynamic();
  if (grouped) query.leftJoin(grouped, eq(grouped.saleId, sales.id));
  return query.where(and(ne(sales.status, 'cancelled'), gt(sales.salePrice, paid), where)).as('open_sales');
}

/** The age buckets as SQL conditions on `days` (boundaries 0, 30, 60, 90 inclusive; see ageBucket). */
export const bucketConditions = (days: SQL | unknown) => ({
  notDue: sql`${days} <= 0`,
  d1_30: sql`${days} between 1 and 30`,
  d31_60: sql`${days} between 31 and 60`,
  d61_90: sql`${days} between 61 and 90`,
  d90plus: sql`${days} > 90`,
});
