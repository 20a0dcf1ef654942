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

/**
 * The days a sale's or a payment's date may fall on: from 2000 (older records are typos, such as 1899
 * for 1999) to 2100 (far beyond any trip or instalment sold today, yet fixed, so a saved record never
 * becomes invalid as time passes). docs/decisions/0082-single-line-names-and-input-bounds.md
 */
export const RECORD_DATE_RANGE = { from: '2000-01-01', to: '2100-12-31' } as const;
const inRecordRange = (iso: string) => iso >= RECORD_DATE_RANGE.from && iso <= RECORD_DATE_RANGE.to;
/** `label` names the date ("La fecha de viaje"). */
export const recordDateRangeMessage = (label: string) =>
  `${label} debe estar entre el 01/01/2000 y el 31/12/2100`;

/** A required date of a sale or a payment, as `requiredIsoDate`, within RECORD_DATE_RANGE. */
export const requiredRecordDate = (label: string, required: string, invalid: string) =>
  requiredIsoDate(required, invalid).refine(inRecordRange, recordDateRangeMessage(label));

/** An optional date of a sale or a payment, as `optionalIsoDate`, within RECORD_DATE_RANGE. */
export const optionalRecordDate = (label: string, invalid: string) =>
  optionalIsoDate(invalid).refine((iso) => iso === null || inRecordRange(iso), recordDateRangeMessage(label));
