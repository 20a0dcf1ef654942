import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { pick } from '../../../domain/field-specs';
import {
  SALE_FIELDS,
  SALE_ITEM_FIELDS,
  type SaleData,
  type SaleField,
  type SaleItemData,
  type SaleItemField,
} from '../../../domain/sales';
import { saleItems, sales } from '../../db/schema';

/*
 * The fields the domain declares (SALE_FIELD_SPECS, SALE_ITEM_FIELD_SPECS) as the tables store them, so
 * that a new field is written, read and audited without being listed here. A declared field without
 * its column fails the typecheck on the `Pick`s below.
 */

/** An item's fields kept in its own row: all but its passengers, linked in sale_item_passengers. */
type ItemRowField = Exclude<SaleItemField, 'passengers'>;
const ITEM_ROW_FIELDS = SALE_ITEM_FIELDS.filter((field): field is ItemRowField => field !== 'passengers');

/** The sale's fields as its row takes them. */
export const saleValues = (data: SaleData): Pick<typeof sales.$inferInsert, SaleField> =>
  pick(data, SALE_FIELDS);

/** An item's fields as its row takes them; the count always follows the passengers actually linked. */
export const itemValues = (item: SaleItemData): Pick<typeof saleItems.$inferInsert, ItemRowField> => ({
  ...pick(item, ITEM_ROW_FIELDS),
  passengerCount: item.passengers.length,
});

/** The sale's field columns, to select them by the same names. */
export const saleFieldColumns = pick(getTableColumns(sales), SALE_FIELDS);

/**
 * The item's field columns the audit compares: not the passenger count, which follows the passengers
 * (their change is recorded already).
 */
export const auditedItemColumns = pick(
  getTableColumns(saleItems),
  ITEM_ROW_FIELDS.filter((field) => field !== 'passengerCount'),
);

/** Columns as `'name', column` pairs of a json_build_object, in the declared order; amounts as exact text. */
function jsonPairs(columns: Record<string, AnyPgColumn>): SQL {
  return sql.join(
    Object.entries(columns).map(([field, column]) => {
      const value = column.columnType === 'PgNumeric' ? sql`${column}::text` : sql`${column}`;
      return sql`${sql.raw(`'${field}'`)}, ${value}`;
    }),
    sql`, `,
  );
}

/**
 * The item's field columns as `'name', column` pairs of a json_build_object, in the declared order;
 * amounts as exact text, which the reader converts with `moneyInList` (src/server/db/money.ts).
 */
export const itemFieldsJson: SQL = jsonPairs(pick(getTableColumns(saleItems), ITEM_ROW_FIELDS));
