import { z } from 'zod';
import { optionalIsoDate, requiredIsoDate } from './date-schemas';
import { idInput, intInput, optionalText } from './input';
import { moneySchema } from './money';
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
 * Liquidar a cancelled sale is allowed (spec: completed from any non-completed state) but final and
 * easy to do by mistake, so only an admin may do it (issue 26).
 */
export const adminOnlyTransition = (from: SaleStatus, to: SaleStatus) =>
  from === 'cancelled' && to === 'completed';
export const ADMIN_ONLY_TRANSITION_MESSAGE = 'Solo un administrador puede liquidar una venta cancelada';

/** The 409 of an edit sent from a version someone else has since saved over (DESIGN.md 6). */
export const STALE_SALE_MESSAGE = 'La venta fue modificada por otro usuario';

/** A new sale is confirmed, or saved as a draft when the form asks for it. */
export const NEW_SALE_STATUSES = ['draft', 'confirmed'] as const;
export type NewSaleStatus = (typeof NEW_SALE_STATUSES)[number];

const positiveId = idInput;

/**
 * The sale form's fields. Totals sent by the client are accepted for compatibility and ignored: the
 * server sums the items.
 */
export const saleDataSchema = z.strictObject({
  passengerName: z
    .string('El nombre del pasajero es requerido')
    .trim()
    .min(1, 'El nombre del pasajero es requerido')
    .max(200, 'No puede superar 200 caracteres'),
  clientId: positiveId('El cliente es requerido'),
  travelDate: requiredIsoDate('La fecha de viaje es requerida', 'La fecha de viaje no es válida'),
  saleType: z.enum(SALE_TYPES, 'Tipo de venta inválido'),
  serviceType: z.enum(SERVICE_TYPES, 'Tipo de servicio inválido'),
  region: z.enum(REGIONS, 'Región inválida'),
  passengerCount: intInput('Se requiere al menos un pasajero', 1, 10000, 'Demasiados pasajeros'),
  sellerId: positiveId('El vendedor es requerido'),
  totalCost: moneySchema('El costo total no puede ser negativo', { label: 'El costo total' }).optional(),
  totalSale: moneySchema('El total de venta no puede ser negativo', {
    label: 'El total de venta',
  }).optional(),
});
export type SaleDataInput = z.input<typeof saleDataSchema>;
export type SaleData = z.output<typeof saleDataSchema>;

/** The item form's fields. The three pickers send ids as strings. */
export const saleItemFields = {
  classificationId: positiveId('La clasificación es requerida'),
  supplierId: positiveId('El proveedor es requerido'),
  operatorId: positiveId('El operador es requerido'),
  passengers: z
    .array(positiveId('Pasajero inválido'), 'Se requiere al menos 1 pasajero')
    .min(1, 'Se requiere al menos 1 pasajero')
    .max(500, 'Demasiados pasajeros')
    .refine((ids) => new Set(ids).size === ids.length, 'Un pasajero no puede agregarse dos veces'),
  passengerCount: intInput('Se requiere al menos 1 pasajero', 1, 10000, 'Demasiados pasajeros').optional(),
  dateIn: optionalIsoDate('La fecha de entrada no es válida'),
  dateOut: optionalIsoDate('La fecha de salida no es válida'),
  description: optionalText(1000),
  salePrice: moneySchema('El precio de venta debe ser positivo', { label: 'El precio de venta' }),
  costPrice: moneySchema('El precio de costo debe ser positivo', { label: 'El precio de costo' }),
  reservationCode: optionalText(100),
  paymentDate: optionalIsoDate('La fecha de pago no es válida'),
};

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
