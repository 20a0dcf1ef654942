import { z } from 'zod';
import { decimalInput, idInput } from './input';
import { absentWhenNull, dataReply } from './replies';

/**
 * Seller commissions (docs/decisions/0100-seller-commissions.md): a percentage of each liquidated sale,
 * of its margin or of its price in USD, by the most specific rule of the company's list.
 */

/** What a rule's percentage is taken of: the sale's margin (price − cost) or its price, both in USD. */
export const COMMISSION_BASES = ['margin', 'sale'] as const;
export type CommissionBase = (typeof COMMISSION_BASES)[number];

export const COMMISSION_BASE_LABELS: Record<CommissionBase, string> = {
  margin: 'Margen',
  sale: 'Precio de venta',
};

/** At most this many rules: one per seller and classification pair is already far more than an agency has. */
export const MAX_COMMISSION_RULES = 500;

export const commissionPercent = decimalInput({
  invalid: 'El porcentaje debe ser un número entre 0 y 100',
  decimals: 2,
  max: 100,
  tooBig: 'El porcentaje no puede superar 100',
  tooManyDecimals: 'El porcentaje admite como máximo 2 decimales',
  min: 0,
  belowMin: 'El porcentaje no puede ser negativo',
});

/** One rule as PUT sends it: no seller or no classification means "any". */
export const commissionRuleSchema = z.strictObject({
  sellerId: idInput('El vendedor debe ser un id válido').optional(),
  classificationId: idInput('La clasificación debe ser un id válido').optional(),
  percent: commissionPercent,
  base: z.enum(COMMISSION_BASES, 'La base debe ser margin o sale'),
});
export type CommissionRuleInput = z.output<typeof commissionRuleSchema>;

/** PUT /api/company/commission-rules: the whole list, which replaces the one kept. */
export const commissionRulesBodySchema = z.strictObject({
  rules: z
    .array(commissionRuleSchema, 'Las reglas deben ser una lista')
    .max(MAX_COMMISSION_RULES, `No puede haber más de ${MAX_COMMISSION_RULES} reglas`),
});

export const commissionRuleReplySchema = z.object({
  sellerId: absentWhenNull(z.number().int()),
  classificationId: absentWhenNull(z.number().int()),
  percent: z.number(),
  base: z.enum(COMMISSION_BASES),
});
export type CommissionRule = z.infer<typeof commissionRuleReplySchema>;
export const commissionRulesReplySchema = dataReply(z.array(commissionRuleReplySchema));

/** A commission month: yyyy-mm, a month of the agency's calendar. */
export const commissionMonth = z
  .string('El mes es requerido (aaaa-mm)')
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'El mes debe escribirse aaaa-mm (por ejemplo 2026-11)');

export const commissionsQuerySchema = z.strictObject({ month: commissionMonth });
export const commissionMonthParams = z.object({ month: commissionMonth });

/**
 * One sale's commission: `base` in USD at the sale's frozen rate, `commission` = base × percent / 100
 * rounded to cents. An adjustment takes back the commission of a sale paid in a closed month and
 * cancelled since: its base and commission are that line's, negative.
 */
export const commissionLineSchema = z.object({
  saleId: z.number().int(),
  base: z.number(),
  percent: z.number(),
  commission: z.number(),
  adjustment: z.literal(true).optional(),
});
export type CommissionLine = z.infer<typeof commissionLineSchema>;

export const commissionSellerSchema = z.object({
  sellerId: z.number().int(),
  username: z.string(),
  /** The sum of the seller's rounded commissions. */
  total: z.number(),
  sales: z.array(commissionLineSchema),
});
export type CommissionSeller = z.infer<typeof commissionSellerSchema>;

export const commissionsReplySchema = z.object({
  month: z.string(),
  closed: z.boolean(),
  sellers: z.array(commissionSellerSchema),
});
export type CommissionsReply = z.infer<typeof commissionsReplySchema>;

export const commissionCloseReplySchema = z.object({ message: z.string(), ...commissionsReplySchema.shape });

/** The month after `month` (yyyy-mm): 2026-12 → 2027-01. */
export function nextMonth(month: string): string {
  const [year = 0, number = 0] = month.split('-').map(Number);
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}

/** The month before `month` (yyyy-mm): 2027-01 → 2026-12. */
export function previousMonth(month: string): string {
  const [year = 0, number = 0] = month.split('-').map(Number);
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
}
