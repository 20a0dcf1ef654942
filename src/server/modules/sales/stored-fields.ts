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
 * that a new field is written, read and audited without being listed here.
 */

/** An item's fields kept in its own row: all but its passengers, linked in sale_item_passengers. */
type ItemRowField = Exclude<SaleItemField, 'passengers'>;
const ITEM_ROW_FIELDS = SALE_ITEM_FIELDS.filter((field): field is ItemRowField => field !== 'passengers');

/**
 * A declared field without its column fails the typecheck here, once, with the field's name and where
 * the column goes, instead of as errors about `Pick` and spread objects in every file that reads
 * the fields. The code below takes the fields as stored, so it compiles either way.
 */
type ColumnCheck<Missing extends string, Where extends string> = [Missing] extends [never]
  ? 'every declared field has its column'
  : `declared without a column in ${Where}: ${Missing}`;
const saleColumnsChecked: ColumnCheck<
  Exclude<SaleField, keyof typeof sales.$inferInsert>,
  'src/server/db/schema/sales.ts (sales)'
> = 'every declared field has its column';
const itemColumnsChecked: ColumnCheck<
  Exclude<ItemRowField, keyof typeof saleItems.$inferInsert>,
  'src/server/db/schema/sales.ts (saleItems)'
> = 'every declared field has its column';
void saleColumnsChecked;
void itemColumnsChecked;

type StoredSaleField = Extract<SaleField, keyof typeof sales.$inferInsert>;
type StoredItemField = Extract<ItemRowField, keyof typeof saleItems.$inferInsert>;
const STORED_SALE_FIELDS = SALE_FIELDS as readonly StoredSaleField[];
const STORED_ITEM_FIELDS = ITEM_ROW_FIELDS as readonly StoredItemField[];

/** The sale's fields as its row takes them. */
export const saleValues = (data: SaleData): Pick<typeof sales.$inferInsert, StoredSaleField> =>
  pick(data, STORED_SALE_FIELDS);

/** An item's fields as its row takes them; the count always follows the passengers actually linked. */
export const itemValues = (item: SaleItemData): Pick<typeof saleItems.$inferInsert, StoredItemField> => ({
  ...pick(item, STORED_ITEM_FIELDS),
  passengerCount: item.passengers.length,
});

/** The sale's field columns, to select them by the same names. */
export const saleFieldColumns = pick(getTableColumns(sales), STORED_SALE_FIELDS);

/**
 * The item's field columns the audit compares: not the passenger count, which follows the passengers
 * (their change is recorded already).
 */
export const auditedItemColumns = pick(
  getTableColumns(saleItems),
  STORED_ITEM_FIELDS.filter((field) => field !== 'passengerCount'),
);

/** The item's field columns as its row stores them, to write them into the detail's JSON. */
export const itemFieldColumns = pick(getTableColumns(saleItems), STORED_ITEM_FIELDS);
