import { eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { moneyValue, rateValue } from '../../db/money';
import { saleBalances, sales } from '../../db/schema';

/*
 * What clients still owe (docs/product.md#receivables-and-dues): a sale's debt is its total minus its
 * confirmed payments, and a cancelled sale owes nothing. "Open" sales are those with a debt above zero; a
 * sale paid in excess is a credit on that sale and does not reduce the client's other debts. The database
 * keeps one `sale_balances` row per open sale (migrations/0007_dues.sql), so reports read the open sales
 * through its indexes instead of summing every payment. A sale's debt is in its own currency; what the
 * reports add across sales is its USD value at the sale's frozen rate (decision 0085).
 */

const balanceColumns = (asOf: string) => ({
  id: saleBalances.saleId,
  clientId: saleBalances.clientId,
  sellerId: saleBalances.sellerId,
  travelDate: saleBalances.travelDate,
  salePrice: moneyValue(saleBalances.salePriceUsd, 'USD').as('sale_price'),
  paid: moneyValue(saleBalances.paidUsd, 'USD').as('paid_amount'),
  pending: moneyValue(saleBalances.pendingUsd, 'USD').as('pending_amount'),
  days: sql<number>`(${asOf}::date - ${saleBalances.travelDate})`.as('days_after_travel'),
});

/**
 * Open sales matching `where` (a condition on `saleBalances`), as a subquery with `paid`, `pending`
 * and `days` (days since travel as of `asOf`; the client is expected to have paid by the travel date,
 * so 0 or less is not yet due).
 */
export function openSales(db: Database, asOf: string, where: SQL | undefined) {
  return db.select(balanceColumns(asOf)).from(saleBalances).where(where).as('open_sales');
}

/**
 * The same with each sale's passenger, status, currency and its figures in that currency: one
 * primary-key lookup per open sale, for a client's or a few days' sales, not for all of them.
 */
export function openSalesWithSale(db: Database, asOf: string, where: SQL | undefined) {
  return db
    .select({
      ...balanceColumns(asOf),
      passengerName: sales.passengerName,
      status: sales.status,
      currency: sales.currency,
      exchangeRate: rateValue(sales.exchangeRate).as('exchange_rate'),
      ownSalePrice: moneyValue(saleBalances.salePrice, sales.currency).as('own_sale_price'),
      ownPaid: moneyValue(saleBalances.paid, sales.currency).as('own_paid'),
      ownPending: moneyValue(saleBalances.pending, sales.currency).as('own_pending'),
    })
    .from(saleBalances)
    .innerJoin(sales, eq(sales.id, saleBalances.saleId))
    .where(where)
    .as('open_sales');
}

/** The age buckets as SQL conditions on `days` (boundaries 0, 30, 60, 90 inclusive; see ageBucket). */
export const bucketConditions = (days: SQL | unknown) => ({
  notDue: sql`${days} <= 0`,
  d1_30: sql`${days} between 1 and 30`,
  d31_60: sql`${days} between 31 and 60`,
  d61_90: sql`${days} between 61 and 90`,
  d90plus: sql`${days} > 90`,
});
