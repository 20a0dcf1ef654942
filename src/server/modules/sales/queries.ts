import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { pick } from '../../../domain/field-specs';
import type { SaleItemDetail } from '../../../domain/sale-replies';
import { SALE_FIELDS } from '../../../domain/sales';
import type { Database } from '../../db/client';
import { moneyInList, moneyValue } from '../../db/money';
import { nameSortKey } from '../../db/name-order';
import { prepared } from '../../db/prepared';
import {
  classifications,
  clients,
  operators,
  passengers,
  payments,
  saleItemPassengers,
  saleItems,
  sales,
  suppliers,
  users,
} from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { itemFieldsJson } from './stored-fields';

/** Who is asking decides which sales exist for them: a seller sees only their own. */
export interface SaleScope {
  sellerId?: number;
}

const iso = (value: Date) => value.toISOString();

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
    .select({ id: sales.id, status: sales.status, version: sales.version, currency: sales.currency })
    .from(sales)
    .where(and(eq(sales.id, id), sellerCondition(sales.sellerId, scope)))
    .for('update');
  if (!row) throw notFound(SALE_NOT_FOUND);
  return row;
}

/**
 * A sale's columns as the API reads them: all but the search text, which only the database uses, with
 * the money as numbers.
 */
export const saleColumns = (() => {
  const { searchText: _, ...columns } = getTableColumns(sales);
  return {
    ...columns,
    salePrice: moneyValue(sales.salePrice, 'USD'),
    totalCost: moneyValue(sales.totalCost, 'USD'),
  };
})();

/**
 * What the client has paid on the sale (confirmed payments only), summed exactly in SQL: each
 * payment's USD value, whatever currency it was paid in (issue 29).
 */
export const confirmedPaid = sql`(select coalesce(sum(${payments.usdAmount}), 0) from ${payments}
  where ${payments.saleId} = ${sales.id} and ${payments.status} = 'confirmed')`;

/**
 * What the client still owes (negative: a credit in the client's favour). A cancelled sale owes
 * nothing, as Cobranza counts it (`sale_balances` has no cancelled sale); what was paid on it is to be
 * refunded instead. Every reader of a sale's pending amount (detail, list, exports) takes it from here.
 */
export const salePending = sql`case when ${sales.status} = 'cancelled' then 0
  else ${sales.salePrice} - ${confirmedPaid} end`;

/** What the agency owes back to the client: everything paid on a cancelled sale, else nothing. */
export const saleRefund = sql`case when ${sales.status} = 'cancelled' then ${confirmedPaid} else 0 end`;

/** The sale's client and seller as the API shows them next to it (the query joins both to `sales`). */
export const partyColumns = {
  client: { id: clients.id, name: clients.name, clientId: clients.clientId, email: clients.email },
  seller: { id: users.id, username: users.username, email: users.email, role: users.role },
};

type SaleRow = Omit<typeof sales.$inferSelect, 'searchText' | 'salePrice' | 'totalCost'> & {
  salePrice: number;
  totalCost: number;
};

/** The sale's own columns as the API shows them, times as ISO text. */
export function saleFields(sale: SaleRow) {
  return {
    id: sale.id,
    status: sale.status,
    ...pick(sale, SALE_FIELDS),
    creationDate: iso(sale.creationDate),
    currency: sale.currency,
    salePrice: sale.salePrice,
    totalCost: sale.totalCost,
    version: sale.version,
    updatedAt: iso(sale.updatedAt),
  };
}

/** An item as PostgreSQL builds it: its prices as exact text, which `moneyInList` reads. */
type ItemJson = Omit<SaleItemDetail, 'salePrice' | 'costPrice'> & { salePrice: string; costPrice: string };

/** A sale's items with names and passengers, as JSON in the item order, built by PostgreSQL. */
const itemsJson = sql<ItemJson[]>`coalesce((
  select json_agg(json_build_object(
    'id', ${saleItems.id}, ${itemFieldsJson},
    'classificationName', ${classifications.name}, 'supplierName', ${suppliers.name},
    'operatorName', ${operators.name},
    'passengers', coalesce((
      select json_agg(json_build_object('id', ${passengers.id}, 'name', ${passengers.name},
        'passengerId', ${passengers.passengerId}, 'email', ${passengers.email},
        'dateOfBirth', ${passengers.dateOfBirth}) order by ${nameSortKey(passengers.name)}, ${passengers.id})
      from ${saleItemPassengers} join ${passengers} on ${passengers.id} = ${saleItemPassengers.passengerId}
      where ${saleItemPassengers.saleItemId} = ${saleItems.id}), '[]'::json)
  ) order by ${saleItems.position}, ${saleItems.id})
  from ${saleItems}
  join ${classifications} on ${classifications.id} = ${saleItems.classificationId}
  join ${suppliers} on ${suppliers.id} = ${saleItems.supplierId}
  join ${operators} on ${operators.id} = ${saleItems.operatorId}
  where ${saleItems.saleId} = ${sales.id}), '[]'::json)`;

/**
 * One sale with its client, seller and items (with names and passengers), or 404 outside the scope.
 * One statement whatever the number of items, prepared: the detail is one of the hottest calls, and
 * on two cores each round trip, and each build and plan of it, costs more CPU than the rows
 * (docs/performance.md).
 */
export async function loadSale(db: Database, id: number, scope: SaleScope) {
  const own = scope.sellerId !== undefined;
  const name = `sale_detail_${own ? 'own' : 'all'}`;
  const statement = prepared(db, name, () =>
    db
      .select({
        sale: saleColumns,
        totalPaid: moneyValue(confirmedPaid, 'USD'),
        balance: moneyValue(salePending, 'USD'),
        refundAmount: moneyValue(saleRefund, 'USD'),
        ...partyColumns,
        items: moneyInList(itemsJson, ['salePrice', 'costPrice'], 'USD'),
      })
      .from(sales)
      .innerJoin(clients, eq(clients.id, sales.clientId))
      .innerJoin(users, eq(users.id, sales.sellerId))
      .where(
        and(
          eq(sales.id, sql.placeholder('id')),
          own ? eq(sales.sellerId, sql.placeholder('seller')) : undefined,
        ),
      )
      .prepare(name),
  );
  const [row] = await statement.execute({ id, seller: scope.sellerId });
  if (!row) throw notFound(SALE_NOT_FOUND);
  return {
    ...saleFields(row.sale),
    totalPaid: row.totalPaid,
    balance: row.balance,
    refundAmount: row.refundAmount,
    client: row.client,
    seller: row.seller,
    items: row.items,
  };
}

export type SaleDetail = Awaited<ReturnType<typeof loadSale>>;
