import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { SaleDetail } from '../../../domain/sale-replies';
import type { Database } from '../../db/client';
import { computed, jsonObjectText } from '../../db/json-object';
import { fromJsonRow } from '../../db/money';
import { unindexedNameSortKey } from '../../db/name-order';
import { prepared } from '../../db/prepared';
import {
  classifications,
  clients,
  operators,
  passengers,
  saleItemPassengers,
  saleItems,
  sales,
  suppliers,
  users,
} from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { planJson, planMismatch } from './plan-figures';
import {
  SALE_NOT_FOUND,
  type SaleScope,
  salePaid,
  salePaidAmount,
  salePending,
  saleRefund,
  saleSummaryColumns,
} from './queries';
import { itemFieldColumns } from './stored-fields';

/*
 * A sale's detail as its reply's JSON text, written by PostgreSQL (docs/decisions/0077): the detail
 * route sends it as it is, and every other reader of a sale (invoices, payments, documents, the sales
 * service) parses the same text, so there is one definition of what a sale looks like.
 */

/** A JSON array of `object`s from a subquery's rows, in `order`: `[]` when there is none. */
const jsonArray = (object: SQL, order: SQL, from: SQL) =>
  sql`'[' || coalesce((select string_agg(${object}, ',' order by ${order}) ${from}), '') || ']'`;

const itemPassengers = jsonArray(
  jsonObjectText({
    id: passengers.id,
    name: passengers.name,
    passengerId: passengers.passengerId,
    email: passengers.email,
    dateOfBirth: passengers.dateOfBirth,
    nationality: passengers.nationality,
    documentType: passengers.documentType,
    documentNumber: passengers.documentNumber,
    documentExpiry: passengers.documentExpiry,
    phone: passengers.phone,
  }),
  sql`${unindexedNameSortKey(passengers.name)}, ${passengers.id}`,
  sql`from ${saleItemPassengers} join ${passengers} on ${passengers.id} = ${saleItemPassengers.passengerId}
    where ${saleItemPassengers.saleItemId} = ${saleItems.id}`,
);

const items = jsonArray(
  jsonObjectText({
    id: saleItems.id,
    ...itemFieldColumns,
    classificationName: classifications.name,
    supplierName: suppliers.name,
    operatorName: operators.name,
    passengers: computed(itemPassengers, 'json'),
  }),
  sql`${saleItems.position}, ${saleItems.id}`,
  sql`from ${saleItems}
    join ${classifications} on ${classifications.id} = ${saleItems.classificationId}
    join ${suppliers} on ${suppliers.id} = ${saleItems.supplierId}
    join ${operators} on ${operators.id} = ${saleItems.operatorId}
    where ${saleItems.saleId} = ${sales.id}`,
);

/** saleDetailSchema: the sale's columns, client, seller, payments' sums and items with passengers. */
const detailJson = jsonObjectText({
  ...saleSummaryColumns,
  items: computed(items, 'json'),
  totalPaid: computed(salePaidAmount, 'number'),
  balance: computed(salePending, 'number'),
  refundAmount: computed(saleRefund, 'number'),
  plan: computed(planJson(salePaidAmount), 'json'),
  planMismatch: computed(sql`(${planMismatch})::text`, 'json'),
});

/**
 * One sale as its reply's JSON text with its version (the entity tag), or 404 outside the scope. One
 * prepared statement whatever the number of items: the detail is one of the hottest calls.
 */
export async function loadSaleText(db: Database, id: number, scope: SaleScope) {
  const own = scope.sellerId !== undefined;
  const name = `sale_detail_${own ? 'own' : 'all'}`;
  const statement = prepared(db, name, () =>
    db
      .select({ version: sales.version, json: detailJson })
      .from(sales)
      .innerJoin(clients, eq(clients.id, sales.clientId))
      .innerJoin(users, eq(users.id, sales.sellerId))
      .innerJoinLateral(salePaid, sql`true`)
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
  return row;
}

/** One sale with its client, seller and items, parsed from the text the detail sends. */
export async function loadSale(db: Database, id: number, scope: SaleScope): Promise<SaleDetail> {
  return fromJsonRow<SaleDetail>((await loadSaleText(db, id, scope)).json);
}
