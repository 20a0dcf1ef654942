import { z } from 'zod';
import { absentWhenNull } from './replies';

/**
 * Where a DTE is in its way to the SII (docs/decisions/0066-sii-transport.md): queued, uploaded (the SII
 * gave a track id and is checking it), or the SII's final word on it.
 */
export const SII_STATUSES = ['pending', 'sent', 'accepted', 'rejected', 'repairs'] as const;
export type SiiStatus = (typeof SII_STATUSES)[number];

export const SII_STATUS_LABELS: Record<SiiStatus, string> = {
  pending: 'Por enviar',
  sent: 'Enviado',
  accepted: 'Aceptado',
  rejected: 'Rechazado',
  repairs: 'Reparos',
};

/**
 * What an admin's "Reintentar envío" / "Enviar ahora" does with a submission in each state
 * (docs/decisions/0070): a waiting one is made due now, a rejected one is queued again; the SII's
 * acceptance (with or without reparos) is final.
 */
export const SII_RETRY_ACTION: Record<SiiStatus, 'send-now' | 'check-now' | 'resend' | null> = {
  pending: 'send-now',
  // The SII has the file: it is asked about it now, not sent again.
  sent: 'check-now',
  rejected: 'resend',
  accepted: null,
  repairs: null,
};

/**
 * Where a DTE stands with the SII (docs/product.md#invoicing): por enviar, enviado (with the SII's track id),
 * aceptado, rechazado or reparos, what the SII said of it, and the last try's error while it waits (the SII
 * unreachable, no certificate). `id` is the submission's, for its retry (decision 0070).
 */
export const siiStateSchema = z.object({
  id: z.number(),
  status: z.enum(SII_STATUSES),
  trackId: absentWhenNull(z.string()),
  messages: z.array(z.string()),
  lastError: absentWhenNull(z.string()),
});
export type SiiState = z.infer<typeof siiStateSchema>;

/** POST /api/sii/submissions/:id/retry takes no body, or an empty object: nothing else. */
export const siiRetrySchema = z.strictObject(
  {},
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Este envío no admite datos: ${issue.keys.join(', ')}`
        : 'El cuerpo de la solicitud debe ser un objeto JSON',
  },
);

export const siiRetriedSchema = z.object({ message: z.string(), submission: siiStateSchema });
export type SiiRetried = z.infer<typeof siiRetriedSchema>;
