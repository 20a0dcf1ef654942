import { z } from 'zod';
import { hasControlCharacter, hasLineBreak, MAX_ID, queryInt } from './input';
import { paginationQuerySchema } from './pagination';
import { absentWhenNull, pagedReply, savedReply } from './replies';

/** What the outbox sends (docs/product.md#emails): the four documents, and the morning reminders. */
export const EMAIL_KINDS = ['quote', 'itinerary', 'receipt', 'statement', 'reminder'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export const EMAIL_STATUSES = ['pending', 'sent', 'failed', 'cancelled'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const EMAIL_KIND_LABELS: Record<EmailKind, string> = {
  quote: 'Cotización',
  itinerary: 'Itinerario',
  receipt: 'Comprobante de pago',
  statement: 'Estado de cuenta',
  reminder: 'Recordatorio',
};

export const EMAIL_STATUS_LABELS: Record<EmailStatus, string> = {
  pending: 'Pendiente',
  sent: 'Enviado',
  failed: 'Fallido',
  cancelled: 'Cancelado',
};

/** At most this many addresses in To and Cc together: more is a mailing, not a document to a client. */
export const MAX_RECIPIENTS = 20;

/**
 * Any line break or control character (the one check of names, `hasLineBreak`): in a header it would
 * start a header of its own (header injection), so an address or a subject with one is refused, never
 * cleaned.
 */
export { hasLineBreak as hasHeaderBreak } from './input';
export const HEADER_BREAK_MESSAGE = 'No se permiten saltos de línea ni caracteres de control';

/** One address as a person types it: trimmed, a plain mailbox (no display name, no comments). */
const address = z
  .string('Cada destinatario debe ser un email')
  .refine((v) => !hasLineBreak(v), HEADER_BREAK_MESSAGE)
  .transform((v) => v.trim())
  .pipe(z.email('El email del destinatario no es válido').max(254, 'El email del destinatario es muy largo'));

const addressList = z.array(address, 'Los destinatarios deben ser una lista de emails');

/**
 * To and Cc of a message, as fields to spread into a request's schema (POST /api/emails adds its own);
 * add `.refine(withinRecipientLimit, RECIPIENT_LIMIT)` to the object, as `recipientsSchema` does.
 */
export const recipientFields = {
  to: addressList.min(1, 'Indica al menos un destinatario'),
  cc: addressList.optional().transform((v) => v ?? []),
};
export const withinRecipientLimit = (r: { to: string[]; cc: string[] }) =>
  r.to.length + r.cc.length <= MAX_RECIPIENTS;
export const RECIPIENT_LIMIT = {
  message: `No se puede enviar a más de ${MAX_RECIPIENTS} destinatarios`,
  path: ['to'],
};

/** At least one address in To, at most MAX_RECIPIENTS in To and Cc together. */
export const recipientsSchema = z.strictObject(recipientFields).refine(withinRecipientLimit, RECIPIENT_LIMIT);
export type Recipients = z.output<typeof recipientsSchema>;

/** A subject: one line, 1 to 200 characters. */
export const subjectSchema = z
  .string('El asunto es requerido')
  .refine((v) => !hasLineBreak(v), HEADER_BREAK_MESSAGE)
  .transform((v) => v.trim())
  .pipe(z.string().min(1, 'El asunto es requerido').max(200, 'El asunto no puede superar 200 caracteres'));

/** The person's own words above a document's text: up to 2,000 characters, line breaks allowed. */
export const emailMessageSchema = z
  .string('El mensaje debe ser texto')
  .max(2000, 'El mensaje no puede superar 2000 caracteres')
  .refine((v) => !hasControlCharacter(v), 'El mensaje contiene caracteres de control no permitidos');

/** GET /api/emails: a page of the outbox, newest first, by status, sale or client. */
export const emailListQuerySchema = z.strictObject({
  ...paginationQuerySchema.shape,
  status: z.enum(EMAIL_STATUSES, 'Estado inválido').optional(),
  saleId: queryInt('saleId', 1, MAX_ID).optional(),
  clientId: queryInt('clientId', 1, MAX_ID).optional(),
});
export type EmailListQuery = z.infer<typeof emailListQuerySchema>;

/** A message as the lists show it ("Correos", "Comunicaciones"). */
export const emailSummarySchema = z.object({
  id: z.number().int(),
  kind: z.enum(EMAIL_KINDS),
  to: z.array(z.string()),
  subject: z.string(),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number().int(),
  /** Why the last try failed (the SMTP server's reply or the connection's error). */
  lastError: absentWhenNull(z.string()),
  saleId: absentWhenNull(z.number().int()),
  clientId: absentWhenNull(z.number().int()),
  createdAt: z.string(),
  sentAt: absentWhenNull(z.string()),
});
export type EmailSummary = z.infer<typeof emailSummarySchema>;

export const emailListSchema = pagedReply('emails', emailSummarySchema);
export type EmailList = z.infer<typeof emailListSchema>;

export const emailAttemptSchema = z.object({
  at: z.string(),
  ok: z.boolean(),
  /** The SMTP server's reply on success, the error otherwise. */
  detail: z.string(),
});

/** GET /api/emails/{id}: the message in full, as the preview shows it. */
export const emailDetailSchema = z.object({
  email: emailSummarySchema.extend({
    cc: z.array(z.string()),
    from: z.string(),
    body: z.string(),
    messageId: z.string(),
    nextAttemptAt: absentWhenNull(z.string()),
    attachments: z.array(
      z.object({
        id: z.number().int(),
        filename: z.string(),
        contentType: z.string(),
        size: z.number().int(),
      }),
    ),
    attemptLog: z.array(emailAttemptSchema),
  }),
});
export type EmailDetail = z.infer<typeof emailDetailSchema>['email'];

/** POST /api/emails/{id}/retry and /cancel. */
export const emailChangedSchema = savedReply('email', emailSummarySchema);
