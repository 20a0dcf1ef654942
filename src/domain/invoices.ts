import { z } from 'zod';
import { idInput } from './input';
import { paginationReplySchema } from './pagination';
import { absentWhenNull } from './replies';
import { SII_STATUSES } from './sii';

export const INVOICE_STATUSES = ['pending', 'paid', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const invoiceCancelSchema = z.strictObject({
  reason: z
    .string('El motivo es requerido')
    .trim()
    .min(1, 'El motivo es requerido')
    .max(500, 'El motivo no puede superar 500 caracteres'),
});

/**
 * What "Generar Factura" may add when the invoice is a DTE (issue 29): the receiver's giro, address
 * and comuna the client's record lacks (lengths are the SII's: GiroRecep 40, DirRecep 70, CmnaRecep
 * 20), and, for an admin, an item's exemption other than its classification's.
 */
const receiverText = (label: string, max: number) =>
  z
    .string(`${label} debe ser un texto`)
    .trim()
    .max(max, `${label} no puede superar ${max} caracteres (el SII admite ${max})`)
    .optional()
    .transform((v) => v || undefined);

export const invoiceIssueSchema = z.strictObject({
  receiverActivity: receiverText('El giro del receptor', 40),
  receiverAddress: receiverText('La dirección del receptor', 70),
  receiverCommune: receiverText('La comuna del receptor', 20),
  items: z
    .array(
      z.strictObject({
        id: idInput('El id del ítem debe ser un número entero positivo'),
        exempt: z.boolean('exempt debe ser true o false'),
      }),
      'items debe ser una lista de { id, exempt }',
    )
    .max(60, 'Una factura admite hasta 60 ítems')
    .optional(),
});
export type InvoiceIssueInput = z.input<typeof invoiceIssueSchema>;

/** A Nota de Crédito's reason: the SII's RazonRef holds 90 characters. */
export const creditNoteSchema = z.strictObject({
  reason: z
    .string('El motivo es requerido')
    .trim()
    .min(1, 'El motivo es requerido')
    .max(90, 'El motivo no puede superar 90 caracteres (el SII admite 90)'),
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
  /** A DTE invoice's line: exempt from IVA (marked on the document) and its amount in whole pesos. */
  exempt: z.boolean().optional(),
  pesos: z.number().optional(),
});

/**
 * Where a DTE stands with the SII (issue 29): por enviar, enviado (with the SII's track id), aceptado,
 * rechazado or reparos, and what the SII said of it.
 */
export const siiStateSchema = z.object({
  status: z.enum(SII_STATUSES),
  trackId: absentWhenNull(z.string()),
  messages: z.array(z.string()),
});

/** A DTE's Nota de Crédito (61) as the invoice shows it. */
export const creditNoteRefSchema = z.object({
  folio: z.number(),
  date: z.string(),
  reason: z.string(),
  totalAmount: z.number(),
  sii: absentWhenNull(siiStateSchema),
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
    /** Giro and comuna, as a DTE invoice states them. */
    activity: absentWhenNull(z.string()),
    commune: absentWhenNull(z.string()),
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
  /**
   * A DTE invoice's (issue 29), absent for an internal one: its type (33 or 34), folio, totals in
   * whole pesos, the rate (pesos per unit of the sale's currency) when converted, its credit note.
   */
  dteType: absentWhenNull(z.number()),
  folio: absentWhenNull(z.number()),
  netAmount: absentWhenNull(z.number()),
  exemptAmount: absentWhenNull(z.number()),
  vatAmount: absentWhenNull(z.number()),
  totalAmount: absentWhenNull(z.number()),
  exchangeRate: absentWhenNull(z.number()),
  creditNote: absentWhenNull(creditNoteRefSchema),
  /** The DTE's status with the SII, the field the issue names; `sii` adds its track id and messages. */
  siiStatus: absentWhenNull(z.enum(SII_STATUSES)),
  sii: absentWhenNull(siiStateSchema),
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
