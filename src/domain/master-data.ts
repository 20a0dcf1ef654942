import { z } from 'zod';
import { requiredIsoDate } from './date-schemas';
import { optionalText, singleLineText } from './input';
import { optionalPhone } from './phone';
import { formatRut, normalizeRut } from './rut';
import { TAX_TREATMENTS } from './tax-treatment';
import { DOCUMENT_RUT_MESSAGE, isWrongRutDocument, travelDocumentInput } from './travel-document';

/** Longest text accepted in a name-like field; keeps rows and screens sane. */
const MAX_TEXT = 200;

/** A required name or ID: one line (docs/decisions/0082-single-line-names-and-input-bounds.md). */
const requiredText = (message: string, label = 'El nombre') =>
  singleLineText(label, message)
    .trim()
    .min(1, message)
    .max(MAX_TEXT, `No puede superar ${MAX_TEXT} caracteres`);

/** An optional e-mail: blank means none, anything else must be a valid address. */
const optionalEmail = (message: string) =>
  z
    .union([z.literal(''), z.email(message).max(MAX_TEXT)], message)
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null));

/**
 * The client form: a name, and optionally an ID/RUT (a valid RUT stored as 12.345.678-5), an e-mail, an
 * address, a phone (its WhatsApp link is made from it), the comuna and the giro (what the client's
 * business does, as a factura names it).
 */
export const clientSchema = z.strictObject({
  name: requiredText('Name is required'),
  clientId: optionalText(50, 'El ID/RUT').transform((id) => id && normalizeRut(id)),
  email: optionalEmail('Invalid email address'),
  address: optionalText(300),
  phone: optionalPhone,
  commune: optionalText(100, 'La comuna'),
  businessActivity: optionalText(200, 'El giro'),
});
export type ClientInput = z.input<typeof clientSchema>;

/** Birth dates may arrive as yyyy-mm-dd, an ISO timestamp or dd/mm/yyyy; they are stored as yyyy-mm-dd. */
const birthDate = requiredIsoDate(
  'La fecha de nacimiento es requerida',
  'La fecha de nacimiento no es válida',
).refine((iso) => iso >= '1900-01-01' && iso <= new Date().toISOString().slice(0, 10), {
  message: 'La fecha de nacimiento no es válida',
});

/**
 * A new passenger: name, an ID (passport or RUT, a valid RUT stored as 12.345.678-5), optional e-mail and
 * a birth date; and, optionally, what they travel with (travelDocumentInput). A document number given
 * as a RUT is checked like a client's and stored in the same form.
 */
export const passengerSchema = z
  .strictObject({
    name: requiredText('El nombre es requerido'),
    passengerId: requiredText('El ID del pasajero es requerido', 'El ID del pasajero')
      .max(50, 'No puede superar 50 caracteres')
      .transform(normalizeRut),
    email: optionalEmail('Email inválido'),
    dateOfBirth: birthDate,
    ...travelDocumentInput,
  })
  .superRefine((p, ctx) => {
    if (isWrongRutDocument(p.documentType, p.documentNumber)) {
      ctx.addIssue({ code: 'custom', path: ['documentNumber'], message: DOCUMENT_RUT_MESSAGE });
    }
  })
  .transform((p) =>
    p.documentType === 'rut' && p.documentNumber ? { ...p, documentNumber: formatRut(p.documentNumber) } : p,
  );
export type PassengerInput = z.input<typeof passengerSchema>;

/** Suppliers, operators and classifications: only a name, each with its own messages. */
export const CATALOGS = {
  suppliers: {
    singular: 'proveedor',
    nameRequired: 'Name is required',
    notFound: 'Proveedor no encontrado',
    duplicate: 'Ya existe un proveedor con ese nombre',
    inUse: 'No se puede eliminar el proveedor porque tiene ventas o pagos asociados',
    created: 'Proveedor creado',
    updated: 'Proveedor actualizado',
    deleted: 'Proveedor eliminado',
  },
  operators: {
    singular: 'operador',
    nameRequired: 'El nombre es requerido',
    notFound: 'Operador no encontrado',
    duplicate: 'Ya existe un operador con ese nombre',
    inUse: 'No se puede eliminar el operador porque tiene ventas asociadas',
    created: 'Operador creado',
    updated: 'Operador actualizado',
    deleted: 'Operador eliminado',
  },
  classifications: {
    singular: 'clasificación',
    nameRequired: 'El nombre es requerido',
    notFound: 'Clasificación no encontrada',
    duplicate: 'Ya existe una clasificación con ese nombre',
    inUse: 'No se puede eliminar la clasificación porque tiene ventas asociadas',
    created: 'Clasificación creada',
    updated: 'Clasificación actualizada',
    deleted: 'Clasificación eliminada',
  },
} as const;
export type CatalogKind = keyof typeof CATALOGS;

/** A name; a classification may add its tax treatment (left out: new ones by region, saved ones keep theirs). */
export const catalogSchema = (kind: CatalogKind) => {
  const name = requiredText(CATALOGS[kind].nameRequired);
  return kind === 'classifications'
    ? z.strictObject({
        name,
        taxTreatment: z
          .enum(TAX_TREATMENTS, 'El tratamiento tributario debe ser exempt, taxable o byRegion')
          .optional(),
      })
    : z.strictObject({ name });
};

export type { CatalogItem, Client, Passenger } from './master-data-replies';
