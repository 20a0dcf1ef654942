/**
 * Pure conversions behind the sale form: server sale <-> form state <-> request body, running totals and
 * the placing of the server's validation errors. Kept apart from React so they can be unit-tested.
 */

import { pick } from '../../../domain/field-specs';
import type { Passenger } from '../../../domain/master-data';
import { sumMoney } from '../../../domain/money';
import type { SaleDetail, SaleItemDetail } from '../../../domain/sale-replies';
import {
  SALE_FIELD_SPECS,
  SALE_FIELDS,
  SALE_ITEM_FIELDS,
  type SaleDataInput,
  type SaleField,
  type SaleItemData,
  type SaleItemField,
  type SaleItemInput,
} from '../../../domain/sales';
import type { FieldError } from '../../api/client';

/** What the form needs of a passenger to show and send it. */
export type PassengerRef = Pick<Passenger, 'id' | 'name' | 'passengerId'>;

/** The item's declared fields a draft holds as they are: not its passengers, nor their count (the server's). */
type DraftField = Exclude<SaleItemField, 'passengers' | 'passengerCount'>;
/** The fields an item may go without (their input takes "not given"): a draft may leave them unset. */
type OptionalDraftField = { [F in DraftField]-?: undefined extends SaleItemInput[F] ? F : never }[DraftField];

/** One item as the sale form holds it: validated fields plus the names shown in the list. */
export interface ItemDraft
  extends Omit<SaleItemData, 'passengers' | 'passengerCount' | OptionalDraftField>,
    Partial<Pick<SaleItemData, OptionalDraftField>> {
  /** Stable React key: drafts have no database id yet, and edits replace every item anyway. */
  key: string;
  classificationName: string;
  supplierName: string;
  operatorName: string;
  passengers: PassengerRef[];
}

const DRAFT_FIELDS = SALE_ITEM_FIELDS.filter(
  (field): field is DraftField => field !== 'passengers' && field !== 'passengerCount',
);
const PICKED_IDS = ['classificationId', 'supplierId', 'operatorId'] as const;

/** An item as the API takes it: the item form's input, the three ids as strings, passengers as ids. */
export type ItemPayload = SaleItemInput;

/** The sale form's values: the declared fields as the inputs take them, an optional one maybe unset. */
export type SaleFormValues = Pick<SaleDataInput, SaleField>;

let nextKey = 0;
export const newItemKey = () => `item-${++nextKey}`;

/** Every listed field with one value (a blank form, a blank item). */
const allFields = <Field extends string, Value>(fields: readonly Field[], value: (field: Field) => Value) =>
  Object.fromEntries(fields.map((field) => [field, value(field)])) as Record<Field, Value>;

/** The fields a sale cannot go without (their input refuses "not given"): a new sale shows them blank. */
const REQUIRED_FIELDS = SALE_FIELDS.filter(
  (field) => !SALE_FIELD_SPECS[field].input.safeParse(undefined).success,
);

/** The fields whose input cannot be blank (a choice among options): each needs its default. */
type ChoiceField = { [F in SaleField]-?: '' extends SaleDataInput[F] ? never : F }[SaleField];

/** A new sale's defaults; the seller starts as the signed-in user, the other required fields blank. */
export function emptySaleForm(sellerId: number): SaleFormValues {
  const defaults: Pick<SaleFormValues, ChoiceField> & Partial<SaleFormValues> = {
    saleType: 'individual',
    serviceType: 'package',
    region: 'national',
    passengerCount: 1,
    sellerId,
  };
  return { ...allFields(REQUIRED_FIELDS, () => ''), ...defaults };
}

/**
 * What the form holds: every declared field, blank where the values have none, so that the form can
 * tell an untouched sale from an edited one.
 */
export const filledSaleForm = (values: SaleFormValues) =>
  allFields(SALE_FIELDS, (field) => values[field] ?? '') as Required<SaleFormValues>;

/** What the form takes from a stored sale: the sale detail's fields, items with the names they show. */
type SaleSource = Pick<SaleDetail, SaleField> & {
  items: Array<Omit<SaleItemDetail, 'id' | 'passengerCount' | 'passengers'> & { passengers: PassengerRef[] }>;
};

/** Edit mode starts from the stored sale. */
export function formFromSale(sale: SaleSource): { values: SaleFormValues; items: ItemDraft[] } {
  return {
    values: pick(sale, SALE_FIELDS),
    items: sale.items.map((item) => ({
      // The reply leaves a field without a value out; the draft holds null, as the item form gives it.
      ...(allFields(DRAFT_FIELDS, (field) => item[field] ?? null) as Pick<ItemDraft, DraftField>),
      key: newItemKey(),
      classificationName: item.classificationName,
      supplierName: item.supplierName,
      operatorName: item.operatorName,
      // Two decimals, as typed in the form, so an untouched item is sent back unchanged.
      salePrice: item.salePrice.toFixed(2),
      costPrice: item.costPrice.toFixed(2),
      passengers: item.passengers.map(({ id, name, passengerId }) => ({ id, name, passengerId })),
    })),
  };
}

/** The item form's starting values: the draft's, blank for a new item; ids as the pickers hold them. */
export function itemFormDefaults(item?: ItemDraft): SaleItemInput {
  const values = allFields(DRAFT_FIELDS, (field) => item?.[field] ?? '');
  return {
    ...(values as { [F in DraftField]: NonNullable<ItemDraft[F]> | '' }),
    ...allFields(PICKED_IDS, (field) => (item ? String(item[field]) : '')),
    passengers: item?.passengers.map((p) => p.id) ?? [],
  };
}

export function toItemPayload(item: ItemDraft): ItemPayload {
  return {
    ...pick(item, DRAFT_FIELDS),
    ...allFields(PICKED_IDS, (field) => String(item[field])),
    passengers: item.passengers.map((p) => p.id),
  };
}

/** The summary under the item list, summed in cents so 0.10 + 0.20 shows 0.30. */
export function itemTotals(items: readonly Pick<ItemDraft, 'salePrice' | 'costPrice'>[]) {
  return {
    totalSale: sumMoney(items.map((i) => i.salePrice)),
    totalCost: sumMoney(items.map((i) => i.costPrice)),
  };
}

/** Adds a passenger unless already chosen: a passenger cannot be added twice to an item. */
export function addPassenger<T extends { id: number }>(selected: readonly T[], passenger: T): T[] {
  return selected.some((p) => p.id === passenger.id) ? [...selected] : [...selected, passenger];
}

export interface PlacedErrors {
  /** Messages for the sale fields, by field. */
  sale: Partial<Record<SaleField, string>>;
  /** Messages for items, by position in the list. */
  items: Record<number, string[]>;
  /** Messages with no field on screen (e.g. a missing items list). */
  general: string[];
}

/**
 * Spreads a 400's `errors` over the form: `saleData.clientId` goes under the client picker,
 * `items.1.supplierId` onto the second item of the list, anything else above the buttons.
 */
export function placeServerErrors(errors: readonly FieldError[]): PlacedErrors {
  const placed: PlacedErrors = { sale: {}, items: {}, general: [] };
  for (const { path, message } of errors) {
    const [root, key] = path.split('.');
    if (root === 'saleData' && (SALE_FIELDS as readonly string[]).includes(key ?? '')) {
      placed.sale[key as SaleField] ??= message;
    } else if (root === 'items' && key !== undefined && /^\d+$/.test(key)) {
      const list = placed.items[Number(key)] ?? [];
      if (!list.includes(message)) placed.items[Number(key)] = [...list, message];
    } else if (!placed.general.includes(message)) {
      placed.general.push(message);
    }
  }
  return placed;
}

/** The sale detail lists every passenger once, even when they travel on several items. */
export function uniquePassengers<P extends { id: number }>(
  items: readonly { passengers: readonly P[] }[],
): P[] {
  const byId = new Map<number, P>();
  for (const item of items) for (const p of item.passengers) if (!byId.has(p.id)) byId.set(p.id, p);
  return [...byId.values()];
}
