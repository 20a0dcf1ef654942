import { getTableColumns } from 'drizzle-orm';
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

/** The item's field columns as its row stores them, to write them into the detail's JSON. */
export const itemFieldColumns = pick(getTableColumns(saleItems), ITEM_ROW_FIELDS);
