import { z } from 'zod';
import { idInput, intInput } from './input';
import { paginationReplySchema } from './pagination';
import { absentWhenNull } from './replies';
import { SII_STATUSES, siiStateSchema } from './sii';

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
 * What "Generar Factura" may add when the invoice is a DTE (docs/product.md#invoicing): the receiver's giro,
 * address and comuna the client's record lacks (lengths are the SII's: GiroRecep 40, DirRecep 70, CmnaRecep
 * 20), and, for an admin, an item's exemption other than its classification's.
 */
const receiverText = (label: string, max: number) =>
  z
    .string(`${label} debe ser un texto`)
    .trim()
    .max(max, `${label} no puede superar ${max} caracteres (el SII admite ${max})`)
    .optional()
    .transform((v) => v || undefined);

/**
 * The documents "Generar Factura" issues (decision 0097): Factura (33), Factura Exenta (34), Boleta (39),
 * Boleta Exenta (41). Unnamed, the server chooses: a factura for a client with RUT, a boleta otherwise,
 * exempt or not by the items.
 */
export const INVOICE_DOCUMENT_TYPES = [33, 34, 39, 41] as const;
export type InvoiceDocumentType = (typeof INVOICE_DOCUMENT_TYPES)[number];

export const invoiceIssueSchema = z.strictObject({
  documentType: z.literal(INVOICE_DOCUMENT_TYPES, 'documentType debe ser 33, 34, 39 o 41').optional(),
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

/**
 * What a Nota de Crédito (61) does to its invoice (docs/decisions/0067-credit-notes-that-correct.md), with
 * the SII's CodRef: annuls it (1), corrects its text (2, no amounts) or credits part of its items' amounts
 * (3).
 */
export const CREDIT_NOTE_KINDS = ['annul', 'text', 'amounts'] as const;
export type CreditNoteKind = (typeof CREDIT_NOTE_KINDS)[number];
export const CREDIT_NOTE_CODES: Record<CreditNoteKind, 1 | 2 | 3> = { annul: 1, text: 2, amounts: 3 };
export const CREDIT_NOTE_KIND_LABELS: Record<CreditNoteKind, string> = {
  annul: 'Anula la factura',
  text: 'Corrige texto',
  amounts: 'Corrige montos',
};
export const CREDIT_NOTE_KIND_OF_CODE = {
  1: 'annul',
  2: 'text',
  3: 'amounts',
} as const satisfies Record<1 | 2 | 3, CreditNoteKind>;
/** The largest amount a line may credit: a DTE's amounts are whole pesos below a billion of billions. */
export const MAX_CREDIT_PESOS = 999_999_999_999;

const creditLineSchema = z.strictObject({
  itemId: idInput('itemId debe ser el número de un ítem de la factura'),
  pesos: intInput(
    'El monto a acreditar debe ser un número entero de pesos mayor que 0',
    1,
    MAX_CREDIT_PESOS,
    'El monto a acreditar es demasiado grande',
  ),
});

/**
 * A Nota de Crédito: its reason (the SII's RazonRef holds 90 characters) and what it does; `{ reason }`
 * alone annuls, as before. Only a correction of amounts names items, each once.
 */
export const creditNoteSchema = z
  .strictObject({
    reason: z
      .string('El motivo es requerido')
      .trim()
      .min(1, 'El motivo es requerido')
      .max(90, 'El motivo no puede superar 90 caracteres (el SII admite 90)'),
    kind: z.enum(CREDIT_NOTE_KINDS, 'kind debe ser annul, text o amounts').default('annul'),
    lines: z
      .array(creditLineSchema, 'lines debe ser una lista de { itemId, pesos }')
      .max(60, 'Una nota de crédito admite hasta 60 líneas')
      .optional(),
  })
  .superRefine(({ kind, lines }, ctx) => {
    if (kind === 'amounts' && !lines?.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['lines'],
        message: 'Indica al menos un ítem y el monto a acreditar',
      });
    }
    if (kind !== 'amounts' && lines !== undefined) {
      const what = kind === 'text' ? 'Una corrección de texto' : 'Una anulación';
      ctx.addIssue({
        code: 'custom',
        path: ['lines'],
        message: `${what} no lleva montos por ítem: quita lines`,
      });
    }
    const seen = new Set<number>();
    lines?.forEach(({ itemId }, index) => {
      if (seen.has(itemId)) {
        ctx.addIssue({
          code: 'custom',
          path: ['lines', index, 'itemId'],
          message: `El ítem ${itemId} aparece dos veces: indica su monto una sola vez`,
        });
      }
      seen.add(itemId);
    });
  });
export type CreditNoteInput = z.input<typeof creditNoteSchema>;
export type CreditNoteBody = z.output<typeof creditNoteSchema>;

/** F-2026-000042: the year and a six-digit number from that year's gap-free sequence. */
export function invoiceNumber(year: number, sequence: number): string {
  return `F-${year}-${String(sequence).padStart(6, '0')}`;
}

/** One line of an invoice, copied from the sale's item when the invoice was issued. */
export const invoiceItemSchema = z.object({
  /** Its line number on the invoice (1, 2, ...): the copy never changes, so it names the item. */
  id: z.number(),
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
  /** A DTE invoice's: the pesos of the item no credit note has credited yet. */
  pesosLeft: z.number().optional(),
});

/** A DTE's Nota de Crédito (61) that annulled it, as the invoice shows it. */
export const creditNoteRefSchema = z.object({
  folio: z.number(),
  date: z.string(),
  reason: z.string(),
  totalAmount: z.number(),
  sii: absentWhenNull(siiStateSchema),
});

/** Each Nota de Crédito of a DTE invoice: what it did, its amounts in pesos, what each item got back. */
export const invoiceCreditNoteSchema = z.object({
  id: z.number(),
  folio: z.number(),
  date: z.string(),
  code: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  kind: z.enum(CREDIT_NOTE_KINDS),
  reason: z.string(),
  netAmount: z.number(),
  exemptAmount: z.number(),
  vatAmount: z.number(),
  totalAmount: z.number(),
  lines: z.array(z.object({ itemId: z.number(), pesos: z.number() })),
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
   * A DTE invoice's (docs/decisions/0065-dte-invoices.md), absent for an internal one: its type (33 or 34),
   * folio, totals in whole pesos, the rate (pesos per unit of the sale's currency) when converted, its credit
   * note.
   */
  dteType: absentWhenNull(z.number()),
  folio: absentWhenNull(z.number()),
  netAmount: absentWhenNull(z.number()),
  exemptAmount: absentWhenNull(z.number()),
  vatAmount: absentWhenNull(z.number()),
  totalAmount: absentWhenNull(z.number()),
  exchangeRate: absentWhenNull(z.number()),
  creditNote: absentWhenNull(creditNoteRefSchema),
  /** Every credit note of the invoice, oldest first (empty for one without). */
  creditNotes: z.array(invoiceCreditNoteSchema),
  /**
   * The DTE's status with the SII, the field docs/product.md#invoices-api names; `sii` adds its submission's
   * id, track id, messages and last error.
   */
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
export type InvoiceCreditNote = z.infer<typeof invoiceCreditNoteSchema>;
export type Invoice = z.infer<typeof invoiceSchema>;
export type InvoicesPage = z.infer<typeof invoicesPageSchema>;
export type InvoiceReply = z.infer<typeof invoiceReplySchema>;
export type InvoiceSaved = z.infer<typeof invoiceSavedSchema>;
