import { z } from 'zod';
import { MAX_ID } from './input';
import { absentWhenNull } from './replies';

/**
 * What "Generar Factura" would issue, before it does
 * (docs/decisions/0071-invoice-preview-and-item-exemptions.md): the DTE's type, each line with its pesos and
 * why it is exempt or not, and the totals, computed by the issuing code.
 */

/** Why a line is exempt or taxable: its classification's treatment, the sale's region, or an admin. */
export const EXEMPT_REASONS = ['classification', 'region', 'admin'] as const;
export type ExemptReason = (typeof EXEMPT_REASONS)[number];
export const EXEMPT_REASON_LABELS: Record<ExemptReason, string> = {
  classification: 'por su clasificación',
  region: 'por la región de la venta',
  admin: 'elegido por el administrador',
};

/** The receiver's fields a DTE needs and a client's record may lack, as the issue body names them. */
export const RECEIVER_FIELD_NAMES = ['receiverActivity', 'receiverAddress', 'receiverCommune'] as const;
export type ReceiverFieldName = (typeof RECEIVER_FIELD_NAMES)[number];

/** At most the items an invoice admits (invoiceIssueSchema's `items`). */
const MAX_ITEMS = 60;
const ID = /^[1-9][0-9]*$/;

/** `exempt=12,15`: the ids of items, comma-separated, digits only; "" is no item (a form's empty field). */
const itemIds = (name: 'exempt' | 'taxable') => {
  const message = `${name} debe ser una lista de ids de ítems separados por comas (por ejemplo 12,15)`;
  return z.string(message).transform((value, ctx) => {
    if (value === '') return [];
    const parts = value.split(',');
    if (parts.some((part) => !ID.test(part) || Number(part) > MAX_ID)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    if (parts.length > MAX_ITEMS) {
      ctx.addIssue({ code: 'custom', message: `Una factura admite hasta ${MAX_ITEMS} ítems` });
      return z.NEVER;
    }
    return [...new Set(parts.map(Number))];
  });
};

/** The admin's choices of the preview: items to issue exempt, items to issue taxable (never both). */
export const invoicePreviewQuerySchema = z
  .object({ exempt: itemIds('exempt').optional(), taxable: itemIds('taxable').optional() })
  .superRefine(({ exempt = [], taxable = [] }, ctx) => {
    for (const id of exempt.filter((id) => taxable.includes(id))) {
      ctx.addIssue({
        code: 'custom',
        path: ['taxable'],
        message: `El ítem ${id} no puede ser exento y afecto a la vez: indícalo en exempt o en taxable`,
      });
    }
  });
export type InvoicePreviewQuery = z.output<typeof invoicePreviewQuerySchema>;

/** The preview's query as the issue body's `items` (what an admin changed), or undefined for none. */
export function overridesOf({ exempt = [], taxable = [] }: InvoicePreviewQuery) {
  const items = [
    ...exempt.map((id) => ({ id, exempt: true })),
    ...taxable.map((id) => ({ id, exempt: false })),
  ];
  return items.length ? items : undefined;
}

export const invoicePreviewLineSchema = z.object({
  itemId: z.number(),
  description: z.string(),
  /** What the client pays for the item, IVA included when taxable, in whole pesos. */
  pesos: z.number(),
  exempt: z.boolean(),
  /** Whether it is exempt by its classification and the sale's region, before any admin's choice. */
  defaultExempt: z.boolean(),
  reason: z.enum(EXEMPT_REASONS),
});

export const invoicePreviewSchema = z.object({
  dteType: z.union([z.literal(33), z.literal(34), z.literal(39), z.literal(41)]),
  currency: z.string(),
  /** Pesos per unit of the sale's currency, as the invoice would freeze it; absent for a sale in pesos. */
  exchangeRate: absentWhenNull(z.number()),
  /** The IVA rate, in percent. */
  vatPercent: z.number(),
  lines: z.array(invoicePreviewLineSchema),
  exemptAmount: z.number(),
  netAmount: z.number(),
  vatAmount: z.number(),
  totalAmount: z.number(),
  /** The receiver as the invoice would state it, from the client's record or its last DTE. */
  receiver: z.object({
    rut: z.string(),
    businessName: z.string(),
    activity: absentWhenNull(z.string()),
    address: absentWhenNull(z.string()),
    commune: absentWhenNull(z.string()),
  }),
  /** The receiver's fields the issue body must bring, as "Generar Factura" would ask for them. */
  missing: z.array(z.enum(RECEIVER_FIELD_NAMES)),
});
export const invoicePreviewReplySchema = z.object({ preview: invoicePreviewSchema });
export type InvoicePreview = z.infer<typeof invoicePreviewSchema>;
export type InvoicePreviewLine = z.infer<typeof invoicePreviewLineSchema>;
