import { z } from 'zod';
import { DEFAULT_TIME_ZONE } from './agency-day';
import { isIsoCurrency } from './currencies';
import { placeholdersMessage, unknownPlaceholders } from './document-emails';
import { NUMBER_FORMATS, type NumberFormat } from './format';
import { decimalInput, intInput, singleLineText } from './input';
import { moneySchema } from './money';
import { hasWrongRutDigit, INVALID_RUT_MESSAGE, normalizeRut } from './rut';

/** The base currency: always 1, always active, never deleted. */
export const BASE_CURRENCY = 'USD';

/** An ISO 4217 code as people type it (trimmed, upper-cased): a rate's, or a payment's currency. */
export const currencyCode = z
  .string('La moneda es requerida')
  .trim()
  .min(1, 'La moneda es requerida')
  .transform((v) => v.toUpperCase())
  .pipe(
    z
      .string()
      .regex(/^[A-Z]{3}$/, 'La moneda debe ser un código ISO de 3 letras (por ejemplo EUR)')
      .refine(isIsoCurrency, 'La moneda no es un código ISO 4217 vigente'),
  );

/**
 * A currency rate, typed either way Chile says it (docs/decisions/0086-rates-the-way-chile-says-them.md):
 * `rate` is USD per unit ("1 EUR = 1,08 USD"), `unitsPerUsd` units per USD ("1 USD = 945 CLP"). Each is
 * kept as its exact text, up to the columns' 16 decimals (945.12345678 and 0.00105820106 alike); the
 * server stores the other as its reciprocal. Their bounds mirror each other: a rate from 0.0001 to
 * 1,000,000 is 10,000 to 0.000001 units per USD.
 */
const RATE_DECIMALS = 16;
const rate = decimalInput({
  invalid: 'La tasa debe ser mayor a 0',
  decimals: RATE_DECIMALS,
  min: 0.0001,
  max: 1_000_000,
  tooBig: 'La tasa es demasiado alta',
  tooManyDecimals: `La tasa admite como máximo ${RATE_DECIMALS} decimales`,
});
const unitsPerUsd = decimalInput({
  invalid: 'La tasa debe ser mayor a 0',
  decimals: RATE_DECIMALS,
  min: 0.000001,
  max: 10_000,
  tooBig: 'La tasa es demasiado alta: 1 USD equivale como máximo a 10000 unidades de la moneda',
  tooManyDecimals: `La tasa admite como máximo ${RATE_DECIMALS} decimales`,
});
const isActive = z.boolean('isActive debe ser verdadero o falso');
/** Either side of the rate; `oneSide` says how many of them a body carries. */
const sides = { rate: rate.optional(), unitsPerUsd: unitsPerUsd.optional() };

export const BOTH_RATES_MESSAGE =
  'Escribe la tasa de una sola forma: rate (USD por unidad) o unitsPerUsd (unidades por USD)';
export const NO_RATE_MESSAGE = 'La tasa es requerida: rate (USD por unidad) o unitsPerUsd (unidades por USD)';

/** A body may carry one side of the rate, never both; `required` when it must carry one (a creation). */
function oneSide(required: boolean) {
  return (value: { rate?: string; unitsPerUsd?: string }, ctx: z.RefinementCtx) => {
    if (value.rate !== undefined && value.unitsPerUsd !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['unitsPerUsd'], message: BOTH_RATES_MESSAGE });
    } else if (required && value.rate === undefined && value.unitsPerUsd === undefined) {
      ctx.addIssue({ code: 'custom', path: ['rate'], message: NO_RATE_MESSAGE });
    }
  };
}

/** POST: the spec's `{ currency, rate, isActive }`, or `unitsPerUsd` instead of `rate`. */
export const currencyRateSchema = z
  .strictObject({
    currency: currencyCode,
    ...sides,
    isActive: isActive.default(true),
  })
  .superRefine(oneSide(true));
export type CurrencyRateInput = z.input<typeof currencyRateSchema>;
export type CurrencyRateCreate = z.output<typeof currencyRateSchema>;

/**
 * On edit the currency is locked: only the rate (either side of it) and the active flag change, and
 * what the body leaves out keeps its stored value (a PUT with only `rate` must not re-activate an
 * inactive rate). The edit form sends the locked code back; it is accepted when it is the rate's own
 * code (checked by the server).
 */
export const currencyRateUpdateSchema = z
  .strictObject({
    currency: currencyCode.optional(),
    ...sides,
    isActive: isActive.optional(),
  })
  .superRefine(oneSide(false));
export type CurrencyRateUpdate = z.output<typeof currencyRateUpdateSchema>;

/**
 * One rate of PUT /api/company/currency-rates { rates }: a currency without a rate is created active;
 * for one that has a rate, a missing `isActive` keeps its flag. One side of the rate, as on POST.
 */
export const currencyRateListItemSchema = z
  .strictObject({
    currency: currencyCode,
    ...sides,
    isActive: isActive.optional(),
  })
  .superRefine(oneSide(true));
export type CurrencyRateListItem = z.output<typeof currencyRateListItemSchema>;

export type { CurrencyRate } from './company-replies';

/** A line of the company's details on every document's heading: one line, blank is "". */
const optionalLine = (label: string, max: number) =>
  singleLineText(label)
    .trim()
    .max(max, `No puede superar ${max} caracteres`)
    .nullish()
    .transform((v) => v ?? '');

/**
 * A text printed on the client's documents: line breaks allowed (the form's textarea), other control
 * characters refused like everywhere else.
 */
const documentText = (label: string, max: number, plural = false) =>
  z
    .string(`${label} ${plural ? 'deben' : 'debe'} ser un texto`)
    .trim()
    .max(max, `${label} no ${plural ? 'pueden' : 'puede'} superar ${max} caracteres`)
    .nullish()
    .transform((v) => v ?? '');

/** Whether this runtime knows `name` as an IANA time zone (a formatter refuses an unknown one). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const TIME_ZONE_MESSAGE = 'La zona horaria no es válida (por ejemplo America/Santiago)';
const timeZone = z
  .string(TIME_ZONE_MESSAGE)
  .trim()
  .max(64, TIME_ZONE_MESSAGE)
  // Only names, never offsets such as "+03:00": the agency's day must follow its summer time.
  .regex(/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/, TIME_ZONE_MESSAGE)
  .refine(isTimeZone, TIME_ZONE_MESSAGE);

/** The agency's defaults before anyone saves them: Santiago's day, and a warning above USD 100,000. */
export const DEFAULT_LARGE_AMOUNT_THRESHOLD = 100_000;
export { DEFAULT_TIME_ZONE };

/**
 * The daily backup at 02:00 of the agency's day, and how many of them retention keeps
 * (docs/product.md#backups).
 */
export const DEFAULT_BACKUP_SCHEDULE = {
  backupHour: 2,
  backupKeepDaily: 7,
  backupKeepWeekly: 4,
  backupKeepMonthly: 12,
} as const;

/**
 * The morning reminders (docs/decisions/0058-morning-reminders.md): at 08:00 of the agency's day; client
 * reminders off, 7 days ahead.
 */
export const DEFAULT_REMINDERS = {
  reminderHour: 8,
  clientPaymentReminders: false,
  clientReminderDays: 7,
} as const;
/**
 * A quote is valid a week unless Configuraciones or the quote itself says otherwise
 * (docs/product.md#documents).
 */
export const DEFAULT_QUOTE_VALIDITY_DAYS = 7;

/** How many backups of one kind to keep: at least one daily, up to ten years' worth of any kind. */
const keepCount = (kind: string, min: number) =>
  intInput(`Los respaldos ${kind} a conservar deben ser un número entero entre ${min} y 120`, min, 120);

/** Company details printed on invoices (Configuraciones > Información de la empresa). */
export const companySettingsSchema = z.strictObject({
  name: singleLineText('El nombre', 'El nombre es requerido')
    .trim()
    .min(1, 'El nombre es requerido')
    .max(200, 'No puede superar 200 caracteres'),
  /**
   * The agency's RUT, or another tax ID: one written like a RUT needs its check digit and is stored as
   * 12.345.678-5 (decision 0087).
   */
  taxId: optionalLine('El RUT', 50)
    .refine((id) => !hasWrongRutDigit(id), INVALID_RUT_MESSAGE)
    .transform(normalizeRut),
  address: optionalLine('La dirección', 300),
  email: z
    .union([z.literal(''), z.email('El email no es válido').max(200)], 'El email no es válido')
    .nullish()
    .transform((v) => v ?? ''),
  phone: optionalLine('El teléfono', 50),
  /**
   * The outbox's sender address (docs/product.md#emails); empty sends from `email`. Left out, it keeps its
   * value.
   */
  emailFrom: z
    .union(
      [z.literal(''), z.email('El email remitente no es válido').max(200)],
      'El email remitente no es válido',
    )
    .optional(),
  /** The agency's IANA zone: its "today" and the times people read. Left out, it keeps its value. */
  timeZone: timeZone.optional(),
  /** Amounts above this (USD) ask before saving. Left out, it keeps its value. */
  largeAmountThreshold: moneySchema('El umbral de montos altos debe ser un monto mayor a 0', {
    positive: true,
    label: 'El umbral de montos altos',
  }).optional(),
  /** The agency's hour (0-23) of the daily backup. Left out, each of these four keeps its value. */
  backupHour: intInput(
    'La hora del respaldo diario debe ser un número entero entre 0 y 23',
    0,
    23,
  ).optional(),
  backupKeepDaily: keepCount('diarios', 1).optional(),
  backupKeepWeekly: keepCount('semanales', 0).optional(),
  backupKeepMonthly: keepCount('mensuales', 0).optional(),
  /** The agency's hour (0-23) of the morning reminders. Left out, each of these three keeps its value. */
  reminderHour: intInput(
    'La hora de los recordatorios debe ser un número entero entre 0 y 23',
    0,
    23,
  ).optional(),
  clientPaymentReminders: z.boolean('Los recordatorios de pago a clientes deben ser sí o no').optional(),
  clientReminderDays: intInput(
    'Los días antes del viaje deben ser un número entero entre 1 y 60',
    1,
    60,
  ).optional(),
  /** The documents the client takes home (docs/product.md#documents). Left out, each keeps its value. */
  quoteValidityDays: intInput(
    'La validez de la cotización debe ser un número entero de días entre 1 y 365',
    1,
    365,
  ).optional(),
  quoteConditions: documentText('Las condiciones de la cotización', 4000, true).optional(),
  emergencyContact: documentText('El contacto de emergencia', 500).optional(),
  /** How every screen, PDF and e-mail writes amounts (decision 0089). Left out, it keeps its value. */
  numberFormat: z
    .enum(NUMBER_FORMATS, 'El formato de números debe ser en (1,234.56) o es (1.234,56)')
    .optional(),
  /** The words of a document's e-mail, with {cliente}, {documento}, {empresa} (decision 0064). */
  emailMessage: documentText('El mensaje de los correos', 2000)
    .superRefine((text, ctx) => {
      const unknown = unknownPlaceholders(text);
      if (unknown.length) ctx.addIssue({ code: 'custom', message: placeholdersMessage(unknown) });
    })
    .optional(),
});
export type CompanySettingsInput = z.input<typeof companySettingsSchema>;
export type CompanySettings = z.output<typeof companySettingsSchema>;

/** Defined beside formatMoney, which writes them; the settings and the schema name them from here. */
export { NUMBER_FORMATS, type NumberFormat };

/** The choices of Configuraciones' "Formato de números", each shown as an example. */
export const NUMBER_FORMAT_LABELS: Record<NumberFormat, string> = {
  en: '1,234.56 (Estados Unidos)',
  es: '1.234,56 (Chile)',
};
