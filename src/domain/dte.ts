import { z } from 'zod';
import { requiredIsoDate } from './date-schemas';
import { intInput, singleLineText } from './input';
import { absentWhenNull, dataReply } from './replies';
import { formatRut, hasValidCheckDigit, looksLikeRut } from './rut';

/** Where the documents go: the SII's certification environment first, then production. */
export const SII_ENVIRONMENTS = ['certification', 'production'] as const;
export const SII_ENVIRONMENT_LABELS: Record<(typeof SII_ENVIRONMENTS)[number], string> = {
  certification: 'Certificación',
  production: 'Producción',
};

/** The documents this product issues, as the SII names them. */
export const DTE_TYPE_LABELS: Record<number, string> = {
  33: 'Factura Electrónica',
  34: 'Factura No Afecta o Exenta Electrónica',
  39: 'Boleta Electrónica',
  41: 'Boleta No Afecta o Exenta Electrónica',
  61: 'Nota de Crédito Electrónica',
};

/** Days before its expiry when the certificate is shown with a warning (docs/product.md#company-settings). */
export const CERTIFICATE_WARNING_DAYS = 30;
/**
 * A type's folios are shown with a warning when fewer than this share of them is left
 * (docs/product.md#company-settings).
 */
export const CAF_WARNING_SHARE = 0.1;

const RUT_MESSAGE = 'El RUT de la empresa no es válido (por ejemplo 76.123.456-0)';
/**
 * `required` is the whole message ("La comuna es requerida") and `label` the field ("La comuna"), so
 * each field's gender is right. One line each: they are the DTE's and the documents' headings.
 */
const requiredText = (label: string, required: string, max: number) =>
  singleLineText(label, required).trim().min(1, required).max(max, `No puede superar ${max} caracteres`);

/**
 * The company's tax data (Configuraciones > Datos tributarios, docs/product.md#invoicing). Lengths are the
 * SII schema's: RznSoc 100, GiroEmis 80, DirOrigen 70, CmnaOrigen 20; Acteco is a code of up to 6 digits.
 */
export const companyTaxSchema = z.strictObject({
  rut: z
    .string(RUT_MESSAGE)
    .trim()
    .refine((rut) => looksLikeRut(rut) && hasValidCheckDigit(rut), RUT_MESSAGE)
    // Stored and shown as 12.345.678-5; the XML and the SII's calls take it without dots (siiRut).
    .transform(formatRut),
  businessName: requiredText('La razón social', 'La razón social es requerida', 100),
  businessActivity: requiredText('El giro', 'El giro es requerido', 80),
  activityCode: intInput('La actividad económica (Acteco) debe ser un código de hasta 6 dígitos', 1, 999_999),
  address: requiredText('La dirección', 'La dirección es requerida', 70),
  commune: requiredText('La comuna', 'La comuna es requerida', 20),
  resolutionNumber: intInput('El número de resolución debe ser un entero desde 0', 0, 999_999),
  resolutionDate: requiredIsoDate(
    'La fecha de resolución es requerida',
    'La fecha de resolución no es válida (dd/mm/aaaa)',
  ),
  environment: z.enum(SII_ENVIRONMENTS, 'El ambiente debe ser certification o production'),
  /**
   * Sent as true once the admin has been told that CAFs of the previous RUT still have folios: from
   * then on they are not used (decision 0081). Never stored.
   */
  confirmRutChange: z.boolean('La confirmación del cambio de RUT debe ser true o false').optional(),
});
export type CompanyTax = z.output<typeof companyTaxSchema>;
export type CompanyTaxInput = z.input<typeof companyTaxSchema>;

export const companyTaxReplySchema = z.object({
  rut: z.string(),
  businessName: z.string(),
  businessActivity: z.string(),
  activityCode: z.number(),
  address: z.string(),
  commune: z.string(),
  resolutionNumber: z.number(),
  resolutionDate: z.string(),
  environment: z.enum(SII_ENVIRONMENTS),
});
/** `data` is absent until the tax data are first saved. */
export const companyTaxDataReplySchema = dataReply(absentWhenNull(companyTaxReplySchema));

/** The .p12/.pfx as base64 (a certificate file is a few KB) and its password. */
export const certificateUploadSchema = z.strictObject({
  file: z
    .string('El archivo del certificado es requerido')
    .trim()
    .min(1, 'El archivo del certificado es requerido')
    .max(200_000, 'El archivo del certificado es demasiado grande')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'El archivo del certificado debe venir en base64'),
  password: z
    .string('La contraseña del certificado es requerida')
    .max(200, 'La contraseña es demasiado larga'),
});

export const certificateReplySchema = z.object({ holderRut: z.string(), validTo: z.string() });
export const certificateDataReplySchema = dataReply(certificateReplySchema);
/**
 * The stored certificate, absent while none has been uploaded; `usable` is false when this server's
 * SECRET_KEY cannot open its key (restored from another server: upload it again).
 */
export const certificateStatusDataReplySchema = dataReply(
  absentWhenNull(certificateReplySchema.extend({ usable: z.boolean() })),
);

/** A CAF file's text as the SII hands it out (a few KB). */
export const cafUploadSchema = z.strictObject({
  xml: z
    .string('El archivo CAF es requerido')
    .trim()
    .min(1, 'El archivo CAF es requerido')
    .max(50_000, 'El archivo CAF es demasiado grande'),
});

export const cafReplySchema = z.object({
  id: z.number(),
  type: z.number(),
  from: z.number(),
  to: z.number(),
  left: z.number(),
  authorizedOn: absentWhenNull(z.string()),
});
export type CafReply = z.infer<typeof cafReplySchema>;
export const cafDataReplySchema = dataReply(cafReplySchema);
export const cafsDataReplySchema = dataReply(z.array(cafReplySchema));

/** The Libro de ventas' month: yyyy-mm. */
export const registerMonth = z
  .string('El mes es requerido (aaaa-mm)')
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'El mes debe escribirse aaaa-mm (por ejemplo 2026-11)');
