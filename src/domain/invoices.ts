import { z } from 'zod';

export const INVOICE_STATUSES = ['pending', 'paid', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  pending: 'Pendiente',
  paid: 'Pagada',
  cancelled: 'Anulada',
};

export const invoiceCancelSchema = z.strictObject({
  reason: z
    .string('El motivo es requerido')
    .trim()
    .min(1, 'El motivo es requerido')
    .max(500, 'El motivo no puede superar 500 caracteres'),
});

/** F-2026-000042: the year and a six-digit number from that year's gap-free sequence. */
export function invoiceNumber(year: number, sequence: number): string {
  return `F-${year}-${String(sequence).padStart(6, '0')}`;
}
