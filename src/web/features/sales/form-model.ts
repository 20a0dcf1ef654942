/**
 * Pure conversions behind the sale form: server sale <-> form state <-> request body, running totals and
 * the placing of the server's validation errors. Kept apart from React so they can be unit-tested.
 */

import type { Passenger } from '../../../domain/master-data';
import { sumMoney } from '../../../domain/money';
import type { SaleDetail, SaleItemDetail } from '../../../domain/sale-replies';
import type { SaleDataInput, SaleItemData } from '../../../domain/sales';
import type { FieldError } from '../../api/client';

/** What the form needs of a passenger to show and send it. */
export type PassengerRef = Pick<Passenger, 'id' | 'name' | 'passengerId'>;

/** One item as the sale form holds it: validated fields plus the names shown in the list. */
export interface ItemDraft extends Omit<SaleItemData, 'passengers' | 'passengerCount'> {
  /** Stable React key: drafts have no database id yet, and edits replace every item anyway. */
  key: string;
  classificationName: string;
  supplierName: string;
  operatorName: string;
  passengers: PassengerRef[];
}

/** An item as the API takes it: the three ids as strings, passengers as ids; the server counts them. */
export interface ItemPayload {
  classificationId: string;
  supplierId: string;
  operatorId: string;
  passengers: number[];
  dateIn: string | null;
  dateOut: string | null;
  description: string | null;
  salePrice: string;
  costPrice: string;
  reservationCode: string | null;
  paymentDate: string | null;
}

export type SaleFormValues = Required<Omit<SaleDataInput, 'totalCost' | 'totalSale'>>;
export type SaleFormField = keyof SaleFormValues;

const SALE_FIELDS: readonly SaleFormField[] = [
  'passengerName',
  'clientId',
  'travelDate',
  'saleType',
  'serviceType',
  'region',
  'passengerCount',
  'sellerId',
];

let nextKey = 0;
export const newItemKey = () => `item-${++nextKey}`;

/** A new sale's defaults; the seller starts as the signed-in user. */
export function emptySaleForm(sellerId: number): SaleFormValues {
  return {
    passengerName: '',
    clientId: '',
    travelDate: '',
    saleType: 'individual',
    serviceType: 'package',
    region: 'national',
    passengerCount: 1,
    sellerId,
  };
}

/** What the form takes from a stored sale: the sale detail's fields, items with the names they show. */
type SaleSource = Pick<
  SaleDetail,
  | 'passengerName'
  | 'clientId'
  | 'travelDate'
  | 'saleType'
  | 'serviceType'
  | 'region'
  | 'passengerCount'
  | 'sellerId'
> & {
  items: Array<Omit<SaleItemDetail, 'id' | 'passengerCount' | 'passengers'> & { passengers: PassengerRef[] }>;
};

/** Edit mode starts from the stored sale. */
export function formFromSale(sale: SaleSource): { values: SaleFormValues; items: ItemDraft[] } {
  return {
    values: {
      passengerName: sale.passengerName,
      clientId: sale.clientId,
      travelDate: sale.travelDate,
      saleType: sale.saleType,
      serviceType: sale.serviceType,
      region: sale.region,
      passengerCount: sale.passengerCount,
      sellerId: sale.sellerId,
    },
    items: sale.items.map((item) => ({
      key: newItemKey(),
      classificationId: item.classificationId,
      supplierId: item.supplierId,
      operatorId: item.operatorId,
      classificationName: item.classificationName,
      supplierName: item.supplierName,
      operatorName: item.operatorName,
      // The reply leaves a field without a value out; the draft holds null, as the item form gives it.
      dateIn: item.dateIn ?? null,
      dateOut: item.dateOut ?? null,
      description: item.description ?? null,
      // Two decimals, as typed in the form, so an untouched item is sent back unchanged.
      salePrice: item.salePrice.toFixed(2),
      costPrice: item.costPrice.toFixed(2),
      reservationCode: item.reservationCode ?? null,
      paymentDate: item.paymentDate ?? null,
      passengers: item.passengers.map(({ id, name, passengerId }) => ({ id, name, passengerId })),
    })),
  };
}

export function toItemPayload(item: ItemDraft): ItemPayload {
  return {
    classificationId: String(item.classificationId),
    supplierId: String(item.supplierId),
    operatorId: String(item.operatorId),
    passengers: item.passengers.map((p) => p.id),
    dateIn: item.dateIn,
    dateOut: item.dateOut,
    description: item.description,
    salePrice: item.salePrice,
    costPrice: item.costPrice,
    reservationCode: item.reservationCode,
    paymentDate: item.paymentDate,
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
  sale: Partial<Record<SaleFormField, string>>;
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
    if (root === 'saleData' && SALE_FIELDS.includes(key as SaleFormField)) {
      placed.sale[key as SaleFormField] ??= message;
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
export function uniquePassengerNames(items: readonly { passengers: readonly PassengerRef[] }[]): string[] {
  const byId = new Map<number, string>();
  for (const item of items) for (const p of item.passengers) if (!byId.has(p.id)) byId.set(p.id, p.name);
  return [...byId.values()];
}
