import { z } from 'zod';
import { isCountryCode } from './countries';
import { optionalRecordDate } from './date-schemas';
import { formatDate } from './format';
import { optionalText } from './input';
import { optionalPhone } from './phone';
import { absentWhenNull } from './replies';
import { hasValidCheckDigit, looksLikeRut } from './rut';

/*
 * What a passenger travels with besides the ID the agency knows them by: nationality, a document (its
 * type, number and expiry) and a phone (docs/decisions/0096-passenger-travel-documents.md).
 */

export const DOCUMENT_TYPES = ['rut', 'passport', 'dni', 'other'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  rut: 'RUT',
  passport: 'Pasaporte',
  dni: 'DNI',
  other: 'Otro',
};
/** How a warning names the document: a RUT is a number, what expires is the cédula that carries it. */
export const DOCUMENT_NOUNS: Record<DocumentType, string> = {
  rut: 'La cédula de identidad',
  passport: 'El pasaporte',
  dni: 'El DNI',
  other: 'El documento',
};

export const DOCUMENT_RUT_MESSAGE =
  'El número de documento no es un RUT válido (revise el dígito verificador)';
export const NATIONALITY_MESSAGE = 'La nacionalidad debe ser un código de país de dos letras, por ejemplo CL';

/** A document number given as a RUT must be one, check digit included, as a client's RUT. */
export const isWrongRutDocument = (type: string | null | undefined, number: string | null | undefined) =>
  type === 'rut' && !!number && !(looksLikeRut(number) && hasValidCheckDigit(number));

/**
 * The body's fields. Each may be left out, and a field left out keeps its saved value: the original
 * client's PUT knows none of them and must not erase a passport; null or blank clears it.
 */
export const travelDocumentInput = {
  nationality: optionalText(2)
    .transform((code) => (code === null ? null : code.toUpperCase()))
    .refine((code) => code === null || isCountryCode(code), NATIONALITY_MESSAGE)
    .optional(),
  documentType: z
    .enum(DOCUMENT_TYPES, 'El tipo de documento debe ser RUT, Pasaporte, DNI u Otro')
    .nullish()
    .transform((type) => type ?? null)
    .optional(),
  documentNumber: optionalText(30, 'El número de documento').optional(),
  documentExpiry: optionalRecordDate(
    'La fecha de vencimiento del documento',
    'La fecha de vencimiento del documento no es válida',
  ).optional(),
  phone: optionalPhone.optional(),
};

export const travelDocumentReply = {
  nationality: absentWhenNull(z.string()),
  documentType: absentWhenNull(z.enum(DOCUMENT_TYPES)),
  documentNumber: absentWhenNull(z.string()),
  documentExpiry: absentWhenNull(z.string()),
  phone: absentWhenNull(z.string()),
};

type TravelDocument = {
  documentType?: DocumentType | null;
  documentNumber?: string | null;
  documentExpiry?: string | null;
};

/** "Pasaporte F1234567 · vence 01 feb 2031", as lists and the sale detail show it; null without any. */
export function documentSummary(p: TravelDocument): string | null {
  const parts = [
    [p.documentType && DOCUMENT_TYPE_LABELS[p.documentType], p.documentNumber].filter(Boolean).join(' '),
    p.documentExpiry ? `vence ${formatDate(p.documentExpiry)}` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}
