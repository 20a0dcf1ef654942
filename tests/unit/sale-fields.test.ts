// @vitest-environment node
import { readFileSync } from 'node:fs';
import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { saleDetailSchema, saleItemDetailSchema, saleListRowSchema } from '../../src/domain/sale-replies';
import {
  SALE_FIELD_SPECS,
  SALE_FIELDS,
  SALE_ITEM_FIELDS,
  saleDataSchema,
  saleItemSchema,
} from '../../src/domain/sales';
import { saleItems, sales } from '../../src/server/db/schema';
import { saleExportColumns } from '../../src/server/modules/sales/export';
import { auditedItemColumns, saleFieldColumns } from '../../src/server/modules/sales/stored-fields';
import { fieldLabel } from '../../src/web/features/audit/describe';
import {
  emptySaleForm,
  filledSaleForm,
  type ItemDraft,
  toItemPayload,
} from '../../src/web/features/sales/form-model';

/*
 * The declared fields (SALE_FIELD_SPECS, SALE_ITEM_FIELD_SPECS) walked through every place that must
 * carry them: a field added to the domain and missing from one of these fails here, by name.
 */

const keys = (shape: object) => Object.keys(shape);
const source = (file: string) =>
  readFileSync(new URL(`../../src/web/features/sales/${file}`, import.meta.url), 'utf8');

describe("a sale's declared fields", () => {
  it('are what the request validates, besides the money fields kept apart and the totals it ignores', () => {
    expect(keys(saleDataSchema.shape)).toEqual([
      ...SALE_FIELDS,
      'currency',
      'exchangeRate',
      'totalCost',
      'totalSale',
    ]);
  });

  it('each have a column, a reply field, an audit snapshot column and Spanish wording', () => {
    const columns = keys(getTableColumns(sales));
    expect(SALE_FIELDS.filter((field) => !columns.includes(field))).toEqual([]);
    for (const reply of [saleDetailSchema, saleListRowSchema])
      expect(SALE_FIELDS.filter((field) => !(field in reply.shape))).toEqual([]);
    expect(keys(saleFieldColumns)).toEqual(SALE_FIELDS);
    expect(SALE_FIELDS.filter((field) => fieldLabel('sale', field) === field)).toEqual([]);
  });

  it('are each in the export under their header, or left out on purpose', () => {
    const headers = saleExportColumns.map((column) => column.header);
    const exported = SALE_FIELDS.flatMap((field) => SALE_FIELD_SPECS[field].export ?? []);
    expect(exported.filter(({ header }) => !headers.includes(header))).toEqual([]);
    expect(new Set(headers).size).toBe(headers.length);
    expect(SALE_FIELDS.filter((field) => SALE_FIELD_SPECS[field].export === null)).toEqual([
      'passengerCount',
    ]);
  });

  it('each start the new-sale form with a value, and each have a control on the form', () => {
    expect(keys(filledSaleForm(emptySaleForm(1))).sort()).toEqual([...SALE_FIELDS].sort());
    const form = source('SaleForm.tsx');
    expect(SALE_FIELDS.filter((field) => !new RegExp(`['"]${field}['"]`).test(form))).toEqual([]);
  });
});

describe("an item's declared fields", () => {
  const rowFields = SALE_ITEM_FIELDS.filter((field) => field !== 'passengers');

  it('are what the item form validates', () => {
    expect(keys(saleItemSchema.shape)).toEqual(SALE_ITEM_FIELDS);
  });

  it('each have a column (the passengers theirs beside it), a reply field and Spanish wording', () => {
    const columns = keys(getTableColumns(saleItems));
    expect(rowFields.filter((field) => !columns.includes(field))).toEqual([]);
    expect(SALE_ITEM_FIELDS.filter((field) => !(field in saleItemDetailSchema.shape))).toEqual([]);
    expect(keys(auditedItemColumns)).toEqual(rowFields.filter((field) => field !== 'passengerCount'));
    expect(SALE_ITEM_FIELDS.filter((field) => fieldLabel('sale', field) === field)).toEqual([]);
  });

  it('are each sent with the item, and each have a control on the item form but the count', () => {
    const draft = Object.fromEntries(rowFields.map((field) => [field, `${field} value`]));
    const payload = toItemPayload({ ...draft, passengers: [{ id: 1 }] } as unknown as ItemDraft);
    expect(keys(payload).sort()).toEqual(SALE_ITEM_FIELDS.filter((f) => f !== 'passengerCount').sort());
    const modal = source('ItemModal.tsx');
    const unbound = SALE_ITEM_FIELDS.filter((field) => !new RegExp(`['"]${field}['"]`).test(modal));
    expect(unbound).toEqual(['passengerCount']);
  });
});
