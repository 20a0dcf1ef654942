import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { moneyValue, rateValue } from '../../db/money';
import { balanceDays, saleBalances, saleInstalments, sales } from '../../db/schema';

/*
 * What clients still owe (docs/product.md#receivables-and-dues): a sale's debt is its total minus its
 * confirmed payments, and a cancelled sale owes nothing. "Open" sales are those with a debt above zero; a
 * sale paid in excess is a credit on that sale and does not reduce the client's other debts. The database
 * keeps one `sale_balances` row per open sale (migrations/0007_dues.sql), so reports read the open sales
 * through its indexes instead of summing every payment. A sale's debt is in its own currency; what the
 * reports add across sales is its USD value at the sale's frozen rate (decision 0085).
 */

/**
 * What the payment plans of the open sales matching `where` had fallen due before `asOf`, a row per
 * sale with a plan. Grouped over those sales' instalments only (found through
 * sale_instalments_sale_due_idx) and left-joined: an agency without plans pays nothing for them, and a
 * page of clients reads only its sales' instalments. (A lateral read per open sale cost an index lookup
 * each, 56 ms to 0.55 s over 200,000 open sales without a single plan: decision 0104.) A sale's paid
 * part is the kept `sale_balances.paid`.
 */
const planDue = (asOf: string, where: SQL | undefined) =>
  new QueryBuilder()
    .select({
      saleId: sql<number>`${saleInstalments.saleId}`.as('plan_sale_id'),
      dueBefore:
        sql<string>`coalesce(sum(${saleInstalments.amount}) filter (where ${saleInstalments.dueDate} < ${asOf}::date), 0)`.as(
          'due_before',
        ),
    })
    .from(saleInstalments)
    .where(
      inArray(
        saleInstalments.saleId,
        new QueryBuilder().select({ id: saleBalances.saleId }).from(saleBalances).where(where),
      ),
    )
    .groupBy(saleInstalments.saleId)
    .as('plan_due');

/**
 * The overdue part of an open sale's debt, in its currency (docs/decisions/0104-payment-plans.md): with
 * a plan, what the instalments due before `asOf` add beyond what was paid (payments fill the oldest
 * first); without one, all of it once the travel date has passed (the age buckets' rule).
 */
function overdueOwn(asOf: string, plan: ReturnType<typeof planDue>) {
  return sql`case when ${plan.saleId} is null
    then case when ${saleBalances.travelDate} < ${asOf}::date then ${saleBalances.pending} else 0 end
    else greatest(0, least(${saleBalances.pending}, ${plan.dueBefore} - ${saleBalances.paid})) end`;
}

/**
 * The same in USD, as the share of the sale's USD pending it is, rounded once: all of it is exactly
 * `pending_usd`, so a sale without a plan adds what the buckets past due add.
 */
const overdueUsd = (
  own: SQL,
) => sql`case when ${own} >= ${saleBalances.pending} then ${saleBalances.pendingUsd}
  else round(${saleBalances.pendingUsd} * ${own} / ${saleBalances.pending}, 2) end`;

const balanceColumns = (asOf: string, plan: ReturnType<typeof planDue>) => ({
  id: saleBalances.saleId,
  clientId: saleBalances.clientId,
  sellerId: saleBalances.sellerId,
  travelDate: saleBalances.travelDate,
  salePrice: moneyValue(saleBalances.salePriceUsd, 'USD').as('sale_price'),
  paid: moneyValue(saleBalances.paidUsd, 'USD').as('paid_amount'),
  pending: moneyValue(saleBalances.pendingUsd, 'USD').as('pending_amount'),
  days: sql<number>`(${asOf}::date - ${saleBalances.travelDate})`.as('days_after_travel'),
  overdue: moneyValue(overdueUsd(overdueOwn(asOf, plan)), 'USD').as('overdue_amount'),
});

/**
 * Open sales matching `where` (a condition on `saleBalances`), as a subquery with `paid`, `pending`,
 * `overdue` and `days` (days since travel as of `asOf`; the client is expected to have paid by the travel date,
 * so 0 or less is not yet due).
 */
export function openSales(db: Database, asOf: string, where: SQL | undefined) {
  const plan = planDue(asOf, where);
  return db
    .select(balanceColumns(asOf, plan))
    .from(saleBalances)
    .leftJoin(plan, eq(plan.saleId, saleBalances.saleId))
    .where(where)
    .as('open_sales');
}

/**
 * The same with each sale's passenger, status, currency and its figures in that currency: one
 * primary-key lookup per open sale, for a client's or a few days' sales, not for all of them.
 */
export function openSalesWithSale(db: Database, asOf: string, where: SQL | undefined) {
  const plan = planDue(asOf, where);
  return db
    .select({
      ...balanceColumns(asOf, plan),
      passengerName: sales.passengerName,
      status: sales.status,
      currency: sales.currency,
      exchangeRate: rateValue(sales.exchangeRate).as('exchange_rate'),
      ownSalePrice: moneyValue(saleBalances.salePrice, sales.currency).as('own_sale_price'),
      ownPaid: moneyValue(saleBalances.paid, sales.currency).as('own_paid'),
      ownPending: moneyValue(saleBalances.pending, sales.currency).as('own_pending'),
      ownOverdue: moneyValue(overdueOwn(asOf, plan), sales.currency).as('own_overdue'),
    })
    .from(saleBalances)
    .innerJoin(sales, eq(sales.id, saleBalances.saleId))
    .leftJoin(plan, eq(plan.saleId, saleBalances.saleId))
    .where(where)
    .as('open_sales');
}

/**
 * The overdue part of every open sale, in USD: the pending the travel-date rule counts (from the kept
 * pending per travel day) corrected by the sales with a payment plan (their overdue part less what
 * that rule counted for them), read from those sales alone through sale_instalments' index.
 */
export async function overdueTotal(db: Database, asOf: string): Promise<number> {
  const planned = db
    .selectDistinct({ saleId: saleInstalments.saleId })
    .from(saleInstalments)
    .innerJoin(saleBalances, eq(saleBalances.saleId, saleInstalments.saleId));
  const open = openSales(db, asOf, inArray(saleBalances.saleId, planned));
  const pastTravel = sql`(select coalesce(sum(${balanceDays.pending}), 0) from ${balanceDays}
    where ${balanceDays.travelDate} < ${asOf}::date)`;
  const correction = sql`coalesce(sum(${open.overdue} - case when ${open.days} > 0 then ${open.pending} else 0 end), 0)`;
  const [row] = await db.select({ total: moneyValue(sql`${pastTravel} + ${correction}`, 'USD') }).from(open);
  return row?.total ?? 0;
}

/** The age buckets as SQL conditions on `days` (boundaries 0, 30, 60, 90 inclusive; see ageBucket). */
export const bucketConditions = (days: SQL | unknown) => ({
  notDue: sql`${days} <= 0`,
  d1_30: sql`${days} between 1 and 30`,
  d31_60: sql`${days} between 31 and 60`,
  d61_90: sql`${days} between 61 and 90`,
  d90plus: sql`${days} > 90`,
});
