/**
 * Where a DTE is in its way to the SII (issue 29, docs/decisions/0066): queued, uploaded (the SII
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
