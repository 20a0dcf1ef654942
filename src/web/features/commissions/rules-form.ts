import { z } from 'zod';
import {
  COMMISSION_BASES,
  type CommissionBase,
  type CommissionRule,
  commissionPercent,
} from '../../../domain/commissions';
import { moneyInputText, parseTypedDecimal } from '../../../domain/typed-decimal';
import type { SelectOption } from '../../components/ui/SelectField';

/**
 * The rules table of Configuraciones > Comisiones as the form holds it: '' is "Todos" (seller) or
 * "Todas" (classification), and the percent is the text as typed (`2,5`), read like an amount (at
 * most two decimals, so `1.250` groups thousands and is then over 100).
 */
export interface RuleRow {
  sellerId: string;
  classificationId: string;
  percent: string;
  base: CommissionBase;
}
export interface RulesForm {
  rules: RuleRow[];
}

export const PERCENT_FORMAT_MESSAGE =
  'Escribe el porcentaje solo con números y, para los decimales, una coma o un punto: 2,5 · 10';
export const DUPLICATE_RULE_MESSAGE = 'Hay dos reglas para el mismo vendedor y la misma clasificación';

/** A new row: the most general rule, of the margin, with the percent still to type. */
export const emptyRule = (): RuleRow => ({ sellerId: '', classificationId: '', percent: '', base: 'margin' });

/** A stored percent as the field shows it once left (DecimalField's reading): 2.5 → "2.50". */
export const percentText = (percent: number) => moneyInputText(String(percent));

export function rulesFormValues(rules: readonly CommissionRule[]): RulesForm {
  return {
    rules: rules.map((rule) => ({
      sellerId: rule.sellerId === undefined ? '' : String(rule.sellerId),
      classificationId: rule.classificationId === undefined ? '' : String(rule.classificationId),
      percent: percentText(rule.percent),
      base: rule.base,
    })),
  };
}

const anyOrId = z.string().transform((value) => (value === '' ? undefined : Number(value)));

/** The typed percent read as the domain reads amounts, then held to the API's own limits and messages. */
const typedPercent = z
  .string()
  .trim()
  .min(1, 'El porcentaje es requerido')
  .transform((typed, ctx) => {
    const parsed = parseTypedDecimal(typed, 'money');
    const checked = parsed.ok ? commissionPercent.safeParse(parsed.value) : undefined;
    if (checked?.success) return checked.data;
    ctx.addIssue({ code: 'custom', message: checked?.error.issues[0]?.message ?? PERCENT_FORMAT_MESSAGE });
    return z.NEVER;
  });

/**
 * The form's rows as PUT /api/company/commission-rules takes them. The same seller and classification
 * twice is refused here on the later row, as the server would refuse the whole list.
 */
export const rulesFormSchema = z
  .object({
    rules: z.array(
      z
        .object({
          sellerId: anyOrId,
          classificationId: anyOrId,
          percent: typedPercent,
          base: z.enum(COMMISSION_BASES),
        })
        // "Todos" and "Todas" are a rule without the key, as the API reads them.
        .transform(({ sellerId, classificationId, percent, base }) => ({
          ...(sellerId !== undefined && { sellerId }),
          ...(classificationId !== undefined && { classificationId }),
          percent,
          base,
        })),
    ),
  })
  .superRefine(({ rules }, ctx) => {
    const seen = new Set<string>();
    rules.forEach((rule, index) => {
      const pair = `${rule.sellerId ?? ''}:${rule.classificationId ?? ''}`;
      if (seen.has(pair))
        ctx.addIssue({
          code: 'custom',
          path: ['rules', index, 'classificationId'],
          message: DUPLICATE_RULE_MESSAGE,
        });
      seen.add(pair);
    });
  });

export type RulesBody = z.output<typeof rulesFormSchema>;

/**
 * Where the server's 400 points (`rules.2.sellerId`, `rules.2`): the row and field of the form, so the
 * message shows beside the control too. A path on a whole row goes to its classification, which with the
 * seller names the pair.
 */
export function ruleFieldOf(path: string): `rules.${number}.${keyof RuleRow}` | undefined {
  const match = /^rules\.(\d+)(?:\.(sellerId|classificationId|percent|base))?$/.exec(path);
  if (!match) return undefined;
  const field = (match[2] ?? 'classificationId') as keyof RuleRow;
  return `rules.${Number(match[1])}.${field}`;
}

/**
 * The options with the ones the saved rules name that the list lacks (a deactivated seller, a
 * classification past the first page), so a select never shows another value than the rule's.
 */
export function withKept(
  options: readonly SelectOption[],
  kept: readonly string[],
  label: (id: string) => string,
): SelectOption[] {
  const known = new Set(options.map((o) => String(o.value)));
  const missing = [...new Set(kept.filter((id) => id !== '' && !known.has(id)))];
  return [...options, ...missing.map((id) => ({ value: id, label: label(id) }))];
}
