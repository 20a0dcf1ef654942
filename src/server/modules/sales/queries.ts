import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, QueryBuilder } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { clients, dteDocuments, invoices, payments, sales, users } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { saleFieldColumns } from './stored-fields';

/** Who is asking decides which sales exist for them: a seller sees only their own. */
export interface SaleScope {
  sellerId?: number;
}

export const SALE_NOT_FOUND = 'Sale not found';

/** The scope as a condition on any table's seller column (sales and the aggregates kept from them). */
export function sellerCondition(column: AnyPgColumn, scope: SaleScope): SQL | undefined {
  return scope.sellerId === undefined ? undefined : eq(column, scope.sellerId);
}

/**
 * Locks the sale row (SELECT ... FOR UPDATE) until the caller's transaction ends, and returns what
 * status-dependent writes check. Every write that depends on the sale's status takes it first, so a
 * cancel and a payment sent together queue up and the second one sees the first one's result.
 */
export async function lockSale(tx: Database, id: number, scope: SaleScope) {
  const [row] = await tx
    .select({
      id: sales.id,
      status: sales.status,
      version: sales.version,
      currency: sales.currency,
      exchangeRate: sales.exchangeRate,
    })
    .from(sales)
    .where(and(eq(sales.id, id), sellerCondition(sales.sellerId, scope)))
    .for('update');
  if (!row) throw notFound(SALE_NOT_FOUND);
  return row;
}

/**
 * What the client has paid on the sale (confirmed payments only), summed exactly in SQL: each
 * payment's value in the sale's currency, whatever currency it was paid in (decision 0085). A lateral
 * subquery with one column, `paid`: a query joins it once per sale (`innerJoinLateral(salePaid, sql`true`)`)
 * and reads the paid, pending and refund figures from the same sum, instead of summing the payments once per
 * figure (each a subplan that PostgreSQL runs for every row).
 */
export const salePaid = new QueryBuilder()
  .select({ paid: sql<string>`coalesce(sum(${payments.saleAmount}), 0)`.as('paid') })
  .from(payments)
  .where(and(eq(payments.saleId, sales.id), eq(payments.status, 'confirmed')))
  .as('sale_paid');

/** The exact numeric sum of decimal texts (a sale's items, a plan's instalments), added by PostgreSQL. */
export const amountsSum = (amounts: readonly (string | number)[]) =>
  sql`(select coalesce(sum(v), 0) from unnest(string_to_array(${amounts.join(',')}, ',')::numeric[]) v)`;

/** What was paid, as a value of a query that joins `salePaid`. */
export const salePaidAmount = sql`${salePaid.paid}`;

/**
 * What the client still owes (negative: a credit in the client's favour). A cancelled sale owes
 * nothing, as Cobranza counts it (`sale_balances` has no cancelled sale); what was paid on it is to be
 * refunded instead. Every reader of a sale's pending amount (detail, list, statements) takes it from
 * here, with `salePaid` joined.
 */
export const salePending = sql`case when ${sales.status} = 'cancelled' then 0
  else ${sales.salePrice} - ${salePaidAmount} end`;

/** What the agency owes back to the client: everything paid on a cancelled sale, else nothing. */
export const saleRefund = sql`case when ${sales.status} = 'cancelled' then ${salePaidAmount} else 0 end`;

/**
 * The columns of saleSummarySchema, in its order: the sale's own, then its client and seller (the
 * query joins both to `sales`). The list's rows and the detail write them into their JSON.
 */
export const saleSummaryColumns = {
  id: sales.id,
  status: sales.status,
  ...saleFieldColumns,
  creationDate: sales.creationDate,
  currency: sales.currency,
  salePrice: sales.salePrice,
  totalCost: sales.totalCost,
  exchangeRate: sales.exchangeRate,
  salePriceUsd: sales.salePriceUsd,
  totalCostUsd: sales.totalCostUsd,
  version: sales.version,
  updatedAt: sales.updatedAt,
  client: { id: clients.id, name: clients.name, clientId: clients.clientId, email: clients.email },
  seller: { id: users.id, username: users.username, email: users.email, role: users.role },
};

/**
 * The sale's invoice in force (not cancelled), with the folio of its DTE when it was issued
 * electronically: a currency or rate change needs no invoice at all, a cancellation no DTE.
 */
export async function activeInvoiceOf(tx: Database, saleId: number) {
  const [row] = await tx
    .select({ id: invoices.id, dteFolio: dteDocuments.folio })
    .from(invoices)
    .leftJoin(dteDocuments, eq(dteDocuments.id, invoices.dteDocumentId))
    .where(and(eq(invoices.saleId, saleId), isNull(invoices.cancelledAt)))
    .limit(1);
  return row;
}

/** Whether any payment (pending or confirmed) was registered on the sale. */
export async function hasPayments(tx: Database, saleId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.saleId, saleId))
    .limit(1);
  return !!row;
}
