import { z } from 'zod';
import type { DocumentDraft, DocumentEmailInput, DocumentKind } from '../../../domain/document-emails';
import { templatedMessageSchema } from '../../../domain/document-emails';
import { RECIPIENT_LIMIT, recipientFields, withinRecipientLimit } from '../../../domain/emails';

/** The document a dialog sends: its kind and the record it is made of. */
export type DocumentTarget =
  | { kind: 'quote' | 'itinerary'; saleId: number }
  | { kind: 'receipt'; paymentId: number }
  | { kind: 'statement'; clientId: number; periodFrom?: string; periodTo?: string };

/** Addresses as a person types them in one box: separated by commas, semicolons or spaces. */
export const splitAddresses = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

/** What the dialog holds: the boxes as typed. */
export interface SendFormValues {
  to: string;
  cc: string;
  message: string;
  validUntil: string;
}

/** One box of addresses, checked by the domain's list rule; its first problem is the box's error. */
const addressBox = (list: typeof recipientFields.to | typeof recipientFields.cc) =>
  z.string().transform((text, ctx) => {
    const parsed = list.safeParse(splitAddresses(text));
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Revisa los emails' });
    return z.NEVER;
  });

/**
 * The dialog's checks, the server's own rules (recipients, at most 20, no line breaks, known
 * placeholders) read from the boxes; the server checks again and has the last word.
 */
export const sendFormSchema = z
  .object({
    to: addressBox(recipientFields.to),
    cc: addressBox(recipientFields.cc),
    message: templatedMessageSchema,
    validUntil: z.string(),
  })
  .refine(withinRecipientLimit, RECIPIENT_LIMIT);
export type SendForm = z.output<typeof sendFormSchema>;

export const formValuesOf = (draft: DocumentDraft): SendFormValues => ({
  to: draft.to.join(', '),
  cc: '',
  message: draft.message,
  validUntil: draft.validUntil ?? '',
});

/** The request of POST /api/emails for the document and what the dialog holds. */
export function sendBody(target: DocumentTarget, form: SendForm): DocumentEmailInput {
  return {
    ...target,
    to: form.to,
    ...(form.cc.length > 0 && { cc: form.cc }),
    message: form.message,
    ...(target.kind === 'quote' && form.validUntil && { validUntil: form.validUntil }),
  };
}

/** GET /api/emails/draft's query: the kind and its record's id only. */
export function draftQuery(target: DocumentTarget) {
  const { kind } = target;
  if (target.kind === 'receipt') return { kind, paymentId: target.paymentId };
  if (target.kind === 'statement') return { kind, clientId: target.clientId };
  return { kind, saleId: target.saleId };
}

/** "El PDF ... va adjunto": each document with its article. */
export const OF_DOCUMENT: Record<DocumentKind, string> = {
  quote: 'de la cotización',
  itinerary: 'del itinerario',
  receipt: 'del comprobante',
  statement: 'del estado de cuenta',
};
