import { z } from 'zod';
import { MAX_ID, queryInt } from './input';

/*
 * Alerts before departure (docs/product.md#alerts): what needs doing before a client travels. The server
 * builds them; the dashboard panel and the sale detail show them with these labels.
 */

/** In order of urgency (the order alerts are listed in): a client about to travel unpaid, a booking
 * without its code, a passenger's travel document missing or expiring, a minor travelling abroad
 * (decision 0098), a supplier payment already overdue, one due soon, a stale quote. The server sorts
 * each alert into its kind: an overdue payment is never "por vencer" (decision 0094). */
export const ALERT_KINDS = [
  'client-balance',
  'missing-reservation-code',
  'document-missing',
  'document-expiring',
  'minor-travelling',
  'supplier-overdue',
  'supplier-due',
  'stale-draft',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
/** The passengers' travel-document kinds: the sale detail shows these from the sale itself. */
export const DOCUMENT_ALERT_KINDS = ['document-missing', 'document-expiring', 'minor-travelling'] as const;
export type DocumentAlertKind = (typeof DOCUMENT_ALERT_KINDS)[number];
export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  'client-balance': 'Cliente con saldo pendiente',
  'missing-reservation-code': 'Sin código de reserva',
  'document-missing': 'Falta documento',
  'document-expiring': 'Documento por vencer',
  'minor-travelling': 'Menor viaja al extranjero',
  'supplier-overdue': 'Pago a proveedor vencido',
  'supplier-due': 'Pago a proveedor por vencer',
  'stale-draft': 'Borrador sin confirmar',
};

/** Default look-ahead before departure, in days. */
export const ALERTS_DEFAULT_DAYS = 14;
/** A supplier payment is flagged when its date passed (overdue) or falls within this many days (due). */
export const SUPPLIER_DUE_DAYS = 7;
/** A draft older than this many days is stale. */
export const STALE_DRAFT_DAYS = 7;
/** At most this many alerts of each kind are listed by default (the counts cover all of them). */
export const ALERTS_DEFAULT_LIMIT = 20;

export const alertsQuerySchema = z.strictObject({
  days: queryInt('days', 1, 365).default(ALERTS_DEFAULT_DAYS),
  saleId: queryInt('saleId', 1, MAX_ID).optional(),
  limit: queryInt('limit', 1, 200).default(ALERTS_DEFAULT_LIMIT),
});

export const alertSchema = z.object({
  kind: z.enum(ALERT_KINDS),
  saleId: z.number().int(),
  passengerName: z.string(),
  travelDate: z.string(),
  /** Money at stake: the client's pending balance, or the supplier's unpaid part of the item. */
  amount: z.number().optional(),
  /** The currency of `amount`: the sale's for a client's balance (decision 0085), else USD. */
  currency: z.string().optional(),
  /** When action is due: the travel date (a document's too), the supplier payment date or the draft's creation day. */
  dueDate: z.string(),
  message: z.string(),
});
export const alertsReplySchema = z.object({
  alerts: z.array(alertSchema),
  counts: z.object(
    Object.fromEntries(ALERT_KINDS.map((k) => [k, z.number().int()])) as Record<AlertKind, z.ZodNumber>,
  ),
});
export type Alert = z.infer<typeof alertSchema>;
export type AlertsReply = z.infer<typeof alertsReplySchema>;
