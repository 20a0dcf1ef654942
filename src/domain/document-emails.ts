import { z } from 'zod';
import { requiredIsoDate } from './date-schemas';
import {
  EMAIL_STATUSES,
  emailMessageSchema,
  RECIPIENT_LIMIT,
  recipientFields,
  withinRecipientLimit,
} from './emails';
import { idInput, MAX_ID, queryInt } from './input';
import { choiceParam } from './report-params';

/**
 * "Enviar" of a document the client takes home (docs/decisions/0064-sending-documents.md):
 * which document, to whom, with which words.
 */

export const DOCUMENT_KINDS = ['quote', 'itinerary', 'receipt', 'statement'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** The record each document is made from: a sale's quote and itinerary, a payment's receipt, a client's statement. */
export const DOCUMENT_RECORD = {
  quote: 'saleId',
  itinerary: 'saleId',
  receipt: 'paymentId',
  statement: 'clientId',
} as const satisfies Record<DocumentKind, 'saleId' | 'paymentId' | 'clientId'>;
type RecordKey = (typeof DOCUMENT_RECORD)[DocumentKind];
const RECORD_KEYS = ['saleId', 'paymentId', 'clientId'] as const;

const WRONG_RECORD: Record<DocumentKind, string> = {
  quote: 'Una cotización se envía con saleId (la venta)',
  itinerary: 'Un itinerario se envía con saleId (la venta)',
  receipt: 'Un comprobante se envía con paymentId (el pago)',
  statement: 'Un estado de cuenta se envía con clientId (el cliente)',
};

/** The words the template and a personal message may hold, each replaced when the message is queued. */
export const EMAIL_PLACEHOLDERS = ['cliente', 'documento', 'empresa'] as const;
export type EmailPlaceholder = (typeof EMAIL_PLACEHOLDERS)[number];
export const PLACEHOLDER_HINT =
  'Al enviar, {cliente}, {documento} y {empresa} se reemplazan por sus valores.';

/** The company's message before anyone edits it (Configuraciones > Información de la empresa). */
export const DEFAULT_EMAIL_MESSAGE =
  'Estimado/a {cliente}:\n\nJunto con saludar, le enviamos adjunto el documento {documento}.\n\n' +
  'Quedamos atentos a cualquier consulta.\n\nSaludos cordiales.';

const PLACEHOLDER = /\{([^{}\s]{1,30})\}/g;

/** The placeholders of `text` that are none of EMAIL_PLACEHOLDERS ("{clienta}"), each once. */
export function unknownPlaceholders(text: string): string[] {
  const names = [...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
  return [
    ...new Set(
      names.filter((name) => !(EMAIL_PLACEHOLDERS as readonly string[]).includes(name.toLowerCase())),
    ),
  ];
}
export const placeholdersMessage = (unknown: string[]) =>
  `Marcador desconocido ${unknown.map((n) => `{${n}}`).join(', ')}: usa {cliente}, {documento} o {empresa}`;

/** Replaces each placeholder (any letter case) by its value; anything else is left as written. */
export function fillPlaceholders(text: string, values: Record<EmailPlaceholder, string>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const key = name.toLowerCase() as EmailPlaceholder;
    return Object.hasOwn(values, key) ? values[key] : whole;
  });
}

/** A message text (the template or a personal one): the e-mail rules plus known placeholders only. */
export const templatedMessageSchema = emailMessageSchema.superRefine((text, ctx) => {
  const unknown = unknownPlaceholders(text);
  if (unknown.length) ctx.addIssue({ code: 'custom', message: placeholdersMessage(unknown) });
});

const date = (label: string) =>
  requiredIsoDate(`${label} es requerida`, `${label} debe ser una fecha con formato aaaa-mm-dd`);

/**
 * POST /api/emails: one document, the id of the record it is made of (and no other), To, Cc and the
 * person's own words. A quote may name its "Válida hasta", a statement its period (`to` is taken by
 * the recipients), as their download routes read them.
 */
export const documentEmailSchema = z
  .strictObject({
    kind: z.enum(DOCUMENT_KINDS, 'El documento debe ser quote, itinerary, receipt o statement'),
    saleId: idInput('La venta debe ser un id válido').optional(),
    paymentId: idInput('El pago debe ser un id válido').optional(),
    clientId: idInput('El cliente debe ser un id válido').optional(),
    ...recipientFields,
    message: templatedMessageSchema.optional(),
    validUntil: date('Válida hasta').optional(),
    periodFrom: date('La fecha Desde').optional(),
    periodTo: date('La fecha Hasta').optional(),
  })
  .refine(withinRecipientLimit, RECIPIENT_LIMIT)
  .superRefine((body, ctx) => {
    const wanted: RecordKey = DOCUMENT_RECORD[body.kind];
    if (RECORD_KEYS.some((key) => (body[key] !== undefined) !== (key === wanted)))
      ctx.addIssue({ code: 'custom', message: WRONG_RECORD[body.kind], path: [wanted] });
    if (body.validUntil !== undefined && body.kind !== 'quote')
      ctx.addIssue({
        code: 'custom',
        message: 'Válida hasta es solo de una cotización',
        path: ['validUntil'],
      });
    if ((body.periodFrom !== undefined || body.periodTo !== undefined) && body.kind !== 'statement')
      ctx.addIssue({
        code: 'custom',
        message: 'El período es solo de un estado de cuenta',
        path: ['periodFrom'],
      });
    if (body.periodFrom && body.periodTo && body.periodFrom > body.periodTo)
      ctx.addIssue({
        code: 'custom',
        message: 'La fecha Desde no puede ser posterior a Hasta',
        path: ['periodFrom'],
      });
  });
export type DocumentEmailInput = z.input<typeof documentEmailSchema>;
export type DocumentEmail = z.output<typeof documentEmailSchema>;

/** 202: queued (it goes out when the worker sends it; "Correos" shows how that went). */
export const emailQueuedSchema = z.object({
  id: z.number().int(),
  status: z.enum(EMAIL_STATUSES),
});

/** GET /api/emails/draft: what the send dialog starts from, for the document's record. */
export const documentDraftQuerySchema = z
  .strictObject({
    kind: choiceParam('kind', DOCUMENT_KINDS),
    saleId: queryInt('saleId', 1, MAX_ID).optional(),
    paymentId: queryInt('paymentId', 1, MAX_ID).optional(),
    clientId: queryInt('clientId', 1, MAX_ID).optional(),
  })
  .superRefine((q, ctx) => {
    const wanted = DOCUMENT_RECORD[q.kind];
    if (RECORD_KEYS.some((key) => (q[key] !== undefined) !== (key === wanted)))
      ctx.addIssue({ code: 'custom', message: WRONG_RECORD[q.kind], path: [wanted] });
  });
export type DocumentDraftQuery = z.output<typeof documentDraftQuerySchema>;

export const documentDraftSchema = z.object({
  draft: z.object({
    /** The client's e-mail when it has one. */
    to: z.array(z.string()),
    /** The company's template, placeholders as written (they are filled when the message is queued). */
    message: z.string(),
    /** A quote's default "Válida hasta": the agency's today plus the company's validity days. */
    validUntil: z.string().optional(),
  }),
});
export type DocumentDraft = z.infer<typeof documentDraftSchema>['draft'];
