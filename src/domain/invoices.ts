import { z } from 'zod';
import { paginationReplySchema } from './pagination';
import { absentWhenNull } from './replies';

export const INVOICE_STATUSES = ['pending', 'paid', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

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

/** One line of an invoice, copied from the sale's item when the invoice was issued. */
export const invoiceItemSchema = z.object({
  description: z.string(),
  classificationName: z.string(),
  supplierName: z.string(),
  passengers: z.array(z.string()),
  dateIn: absentWhenNull(z.string()),
  dateOut: absentWhenNull(z.string()),
  salePrice: z.number(),
});

/** An invoice as the API shows it: client and company as they were at issue time. */
export const invoiceSchema = z.object({
  id: z.number(),
  invoiceNumber: z.string(),
  saleId: z.number(),
  date: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(INVOICE_STATUSES),
  client: z.object({
    name: z.string(),
    taxId: absentWhenNull(z.string()),
    email: absentWhenNull(z.string()),
    address: absentWhenNull(z.string()),
  }),
  company: z.object({
    name: z.string(),
    taxId: z.string(),
    address: z.string(),
    email: z.string(),
    phone: z.string(),
  }),
  items: z.array(invoiceItemSchema),
  cancelledAt: absentWhenNull(z.string()),
  cancelReason: absentWhenNull(z.string()),
  createdAt: z.string(),
});

export const invoicesPageSchema = z.object({
  invoices: z.array(invoiceSchema),
  pagination: paginationReplySchema,
});
export const invoiceReplySchema = z.object({ invoice: invoiceSchema });
/** Issue and cancel answer with a message and the invoice as it now is. */
export const invoiceSavedSchema = z.object({ message: z.string(), invoice: invoiceSchema });

export type InvoiceItem = z.infer<typeof invoiceItemSchema>;
export type Invoice = z.infer<typeof invoiceSchema>;
export type InvoicesPage = z.infer<typeof invoicesPageSchema>;
export type InvoiceReply = z.infer<typeof invoiceReplySchema>;
export type InvoiceSaved = z.infer<typeof invoiceSavedSchema>;
