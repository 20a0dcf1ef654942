import { z } from 'zod';
import { toIsoDate } from './dates';

/**
 * Date-only fields (yyyy-mm-dd, an ISO timestamp or dd/mm/yyyy in; yyyy-mm-dd out), shared by every
 * form schema. Kept apart from ./dates so that screens needing only toIsoDate do not pull in zod.
 */
function toIsoOrIssue(value: string, ctx: z.RefinementCtx, invalid: string) {
  const iso = toIsoDate(value);
  if (!iso) {
    ctx.addIssue({ code: 'custom', message: invalid });
    return z.NEVER;
  }
  return iso;
}

export const requiredIsoDate = (required: string, invalid: string) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .transform((value, ctx) => toIsoOrIssue(value, ctx, invalid));

/** Absent, null or blank is "no date" (null). */
export const optionalIsoDate = (invalid: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((value, ctx) => (value ? toIsoOrIssue(value, ctx, invalid) : null));
