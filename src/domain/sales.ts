import { z } from 'zod';
import { currencyCode } from './company';
import { optionalRecordDate, requiredRecordDate } from './date-schemas';
import { type ExportSpec, type FieldSpec, fieldNames, specPart } from './field-specs';
import { decimalInput, idInput, intInput, optionalText, singleLineText } from './input';
import { passengerReplySchema } from './master-data-replies';
import { moneySchema } from './money';
import { absentWhenNull } from './replies';
import type { SaleStatus } from './status';

export const SALE_TYPES = ['individual', 'corporate', 'sports', 'group'] as const;
export const SERVICE_TYPES = [
  'flight',
  'hotel',
  'package',
  'transfer',
  'excursion',
  'insurance',
  'other',
] as const;
export const REGIONS = ['national', 'international', 'regional'] as const;

export const SALE_TYPE_LABELS: Record<(typeof SALE_TYPES)[number], string> = {
  individual: 'Individual',
  corporate: 'Corporativo',
  sports: 'Deportivo',
  group: 'Grupal',
};
export const SERVICE_TYPE_LABELS: Record<(typeof SERVICE_TYPES)[number], string> = {
  flight: 'Vuelo',
  hotel: 'Hotel',
  package: 'Paquete',
  transfer: 'Traslado',
  excursion: 'Excursión',
  insurance: 'Seguro',
  other: 'Otro',
};
export const REGION_LABELS: Record<(typeof REGIONS)[number], string> = {
  national: 'Nacional',
  international: 'Internacional',
  regional: 'Regional',
};

/** Spanish label of any sale enum value; unknown values are shown as they are. */
export function enumLabel(value: string): string {
  return (
    (SALE_TYPE_LABELS as Record<string, string>)[value] ??
    (SERVICE_TYPE_LABELS as Record<string, string>)[value] ??
    (REGION_LABELS as Record<string, string>)[value] ??
    value
  );
}

/**
 * Status lifecycle, the only changes the server accepts (any other is 409): draft -> confirmed;
 * draft or confirmed -> cancelled; any state but completed -> completed (Liquidar). Completed is final.
 */
const TRANSITIONS: Record<SaleStatus, readonly SaleStatus[]> = {
  draft: ['confirmed', 'cancelled', 'completed'],
  confirmed: ['cancelled', 'completed'],
  cancelled: ['completed'],
  completed: [],
};

export function canTransition(from: SaleStatus, to: SaleStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export const canEditSale = (status: SaleStatus) => status !== 'completed';

/**
 * Liquidar a cancelled sale is allowed (completed from any non-completed state,
 * docs/product.md#sale-statuses) but final and easy to do by mistake, so only an admin may do it
 * (docs/decisions/0043-finance-registers-payments.md).
 */
export const adminOnlyTransition = (from: SaleStatus, to: SaleStatus) =>
  from === 'cancelled' && to === 'completed';
export const ADMIN_ONLY_TRANSITION_MESSAGE = 'Solo un administrador puede liquidar una venta cancelada';

/**
 * The 409 of an edit sent from a version someone else has since saved over
 * (docs/decisions/0018-sale-request-shapes.md).
 */
export const STALE_SALE_MESSAGE = 'La venta fue modificada por otro usuario';

/** A new sale is confirmed, or saved as a draft when the form asks for it. */
export const NEW_SALE_STATUSES = ['draft', 'confirmed'] as const;
export type NewSaleStatus = (typeof NEW_SALE_STATUSES)[number];

const positiveId = idInput;

/**
 * A sale's own fields, the one list of them (docs/architecture.md, "Add a field to a sale"): the form,
 * the request, the stored columns (a typecheck error names a missing column), the replies, the audit
 * trail and the export all derive from it.
 */
export const SALE_FIELD_SPECS = {
  passengerName: {
    input: singleLineText('El nombre del pasajero', 'El nombre del pasajero es requerido')
      .trim()
      .min(1, 'El nombre del pasajero es requerido')
      .max(200, 'No puede superar 200 caracteres'),
    reply: z.string(),
    audit: 'el nombre del pasajero',
    export: { header: 'Pasajero', kind: 'text' },
  },
  clientId: {
    input: positiveId('El cliente es requerido'),
    reply: z.number(),
    audit: 'el cliente',
    export: { header: 'Cliente', kind: 'record' },
  },
  travelDate: {
    input: requiredRecordDate(
      'La fecha de viaje',
      'La fecha de viaje es requerida',
      'La fecha de viaje no es válida',
    ),
    reply: z.string(),
    audit: 'la fecha de viaje',
    export: { header: 'Fecha de viaje', kind: 'date' },
  },
  saleType: {
    input: z.enum(SALE_TYPES, 'Tipo de venta inválido'),
    reply: z.enum(SALE_TYPES),
    audit: 'el tipo de venta',
    export: { header: 'Tipo de venta', kind: 'label' },
  },
  serviceType: {
    input: z.enum(SERVICE_TYPES, 'Tipo de servicio inválido'),
    reply: z.enum(SERVICE_TYPES),
    audit: 'el tipo de servicio',
    export: { header: 'Tipo de servicio', kind: 'label' },
  },
  region: {
    input: z.enum(REGIONS, 'Región inválida'),
    reply: z.enum(REGIONS),
    audit: 'la región',
    export: { header: 'Región', kind: 'label' },
  },
  passengerCount: {
    input: intInput('Se requiere al menos un pasajero', 1, 10000, 'Demasiados pasajeros'),
    reply: z.number(),
    audit: 'la cantidad de pasajeros',
    // The Ventas export has never had a passenger count column.
    export: null,
  },
  sellerId: {
    input: positiveId('El vendedor es requerido'),
    reply: z.number(),
    audit: 'el vendedor',
    export: { header: 'Vendedor', kind: 'record' },
  },
} satisfies Record<string, FieldSpec & { export: ExportSpec | null }>;
export type SaleField = keyof typeof SALE_FIELD_SPECS;
export const SALE_FIELDS = fieldNames(SALE_FIELD_SPECS);

/**
 * The sale form's fields. Totals sent by the client are accepted for compatibility and ignored: the
 * server sums the items.
 */
export const saleDataSchema = z.strictObject({
  ...specPart(SALE_FIELD_SPECS, 'input'),
  /** USD unless named; any currency with an active rate (docs/decisions/0085-sale-currency.md). */
  currency: currencyCode.optional(),
  /** An admin's correction of the frozen rate (USD per unit), while the sale has no invoice. */
  exchangeRate: decimalInput({
    invalid: 'La tasa de cambio debe ser un número mayor a 0',
    decimals: 16,
    max: 1_000_000,
    positive: true,
    tooBig: 'La tasa de cambio es demasiado alta',
    tooManyDecimals: 'La tasa de cambio admite como máximo 16 decimales',
  }).optional(),
  totalCost: moneySchema('El costo total no puede ser negativo', { label: 'El costo total' }).optional(),
  totalSale: moneySchema('El total de venta no puede ser negativo', {
    label: 'El total de venta',
  }).optional(),
});
export type SaleDataInput = z.input<typeof saleDataSchema>;
export type SaleData = z.output<typeof saleDataSchema>;

/**
 * An item's fields, the one list of them, as SALE_FIELD_SPECS for the sale. The three pickers send ids
 * as strings. The passengers are stored beside the item (sale_item_passengers) and the count follows
 * them, whatever the body says.
 */
export const SALE_ITEM_FIELD_SPECS = {
  classificationId: {
    input: positiveId('La clasificación es requerida'),
    reply: z.number(),
    audit: 'la clasificación',
  },
  supplierId: { input: positiveId('El proveedor es requerido'), reply: z.number(), audit: 'el proveedor' },
  operatorId: { input: positiveId('El operador es requerido'), reply: z.number(), audit: 'el operador' },
  passengers: {
    input: z
      .array(positiveId('Pasajero inválido'), 'Se requiere al menos 1 pasajero')
      .min(1, 'Se requiere al menos 1 pasajero')
      .max(500, 'Demasiados pasajeros')
      .refine((ids) => new Set(ids).size === ids.length, 'Un pasajero no puede agregarse dos veces'),
    // A passenger of an item as the passengers' own replies show it.
    reply: z.array(passengerReplySchema),
    audit: 'los pasajeros',
  },
  passengerCount: {
    input: intInput('Se requiere al menos 1 pasajero', 1, 10000, 'Demasiados pasajeros').optional(),
    reply: z.number(),
    audit: 'la cantidad de pasajeros',
  },
  dateIn: {
    input: optionalRecordDate('La fecha de entrada', 'La fecha de entrada no es válida'),
    reply: absentWhenNull(z.string()),
    audit: 'la fecha de entrada',
  },
  dateOut: {
    input: optionalRecordDate('La fecha de salida', 'La fecha de salida no es válida'),
    reply: absentWhenNull(z.string()),
    audit: 'la fecha de salida',
  },
  description: { input: optionalText(1000), reply: absentWhenNull(z.string()), audit: 'la descripción' },
  salePrice: {
    input: moneySchema('El precio de venta debe ser positivo', { label: 'El precio de venta' }),
    reply: z.number(),
    audit: 'el precio de venta',
  },
  costPrice: {
    input: moneySchema('El precio de costo debe ser positivo', { label: 'El precio de costo' }),
    reply: z.number(),
    audit: 'el costo',
  },
  reservationCode: {
    input: optionalText(100, 'El código de reserva'),
    reply: absentWhenNull(z.string()),
    audit: 'el código de reserva',
  },
  paymentDate: {
    input: optionalRecordDate('La fecha de pago', 'La fecha de pago no es válida'),
    reply: absentWhenNull(z.string()),
    audit: 'la fecha de pago',
  },
} satisfies Record<string, FieldSpec>;
export type SaleItemField = keyof typeof SALE_ITEM_FIELD_SPECS;
export const SALE_ITEM_FIELDS = fieldNames(SALE_ITEM_FIELD_SPECS);

/** The item form's fields, as zod validates them. */
export const saleItemFields = specPart(SALE_ITEM_FIELD_SPECS, 'input');

/** The departure may not come before the arrival; reported on dateOut. */
export const datesInOrder = {
  check: (item: { dateIn: string | null; dateOut: string | null }) =>
    !item.dateIn || !item.dateOut || item.dateOut >= item.dateIn,
  issue: {
    message: 'La fecha de salida no puede ser anterior a la de entrada',
    path: ['dateOut'],
    // Checked as soon as both dates are valid, so the message comes with the others, not after them.
    // Never on a value that is not an object at all (`items: [null]`): there are no dates to compare.
    when: ({ value, issues }: { value: unknown; issues: { path?: PropertyKey[] }[] }) =>
      typeof value === 'object' &&
      value !== null &&
      !issues.some(
        (issue) => issue.path?.length === 0 || issue.path?.[0] === 'dateIn' || issue.path?.[0] === 'dateOut',
      ),
  },
};

export const saleItemSchema = z.strictObject(saleItemFields).refine(datesInOrder.check, datesInOrder.issue);
export type SaleItemInput = z.input<typeof saleItemSchema>;
export type SaleItemData = z.output<typeof saleItemSchema>;
