import { z } from 'zod';

/**
 * Strict input primitives. Nothing here coerces: a number arrives as a JSON number or as a plain
 * decimal string, never as `true`, `[2]`, `"0x10"`, `"1e1"` or `" 10"`, which `Number()` would accept.
 */

/** Largest id a PostgreSQL `integer` column holds. */
export const MAX_ID = 2147483647;

const DIGITS = /^(0|[1-9][0-9]*)$/;

/** An integer from JSON (number) or from a form, query string or path (digit string). */
function integer(message: string, options: { min: number; max: number; tooBig?: string }) {
  return z.union([z.number(message), z.string(message)], message).transform((value, ctx) => {
    const n = typeof value === 'number' ? value : DIGITS.test(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(n) || n < options.min) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    if (n > options.max) {
      ctx.addIssue({ code: 'custom', message: options.tooBig ?? message });
      return z.NEVER;
    }
    return n;
  });
}

/**
 * A record id: a positive integer, as a JSON number or a digit string (the original client's pickers send
 * strings).
 */
export const idInput = (message: string) => integer(message, { min: 1, max: MAX_ID });

/**
 * An optional text: absent, null or blank (the original client's forms send "", docs/product.md#conventions)
 * is "not given", stored as null. With a `oneLine` label (a code, a reference) it must also be a single line,
 * as `singleLineText`.
 */
export const optionalText = (max: number, oneLine?: string) =>
  (oneLine ? singleLineText(oneLine) : z.string())
    .trim()
    .max(max, `No puede superar ${max} caracteres`)
    .nullish()
    .transform((v) => v || null);

/** A count or similar whole number within a range. */
export const intInput = (message: string, min: number, max: number, tooBig?: string) =>
  integer(message, { min, max, tooBig });

/** An id in a URL path: digits only, no sign, no leading zero, no spaces. */
export const pathIdSchema = (message = 'El id debe ser un número entero positivo') =>
  z
    .string(message)
    .regex(/^[1-9][0-9]*$/, message)
    .transform((v, ctx) => {
      const n = Number(v);
      if (n > MAX_ID) {
        ctx.addIssue({ code: 'custom', message: 'Id fuera de rango' });
        return z.NEVER;
      }
      return n;
    });

/** A whole number in a query string (page, limit, days): digits only, within a range. */
export const queryInt = (name: string, min: number, max: number) =>
  z
    .string(`${name} debe ser un número entero`)
    .regex(DIGITS, `${name} debe ser un número entero`)
    .transform(Number)
    .pipe(
      z.number().min(min, `${name} debe ser al menos ${min}`).max(max, `${name} no puede superar ${max}`),
    );

/**
 * A decimal from JSON or a form, kept as its exact text so it reaches PostgreSQL's numeric without
 * passing through float arithmetic. Messages say which rule failed: not a number, too many decimals,
 * too large, or not positive.
 */
export function decimalInput(options: {
  invalid: string;
  decimals: number;
  max: number;
  tooBig: string;
  tooManyDecimals: string;
  /** Smallest accepted value (inclusive); `positive` requires more than 0. */
  min?: number;
  positive?: boolean;
  belowMin?: string;
  /**
   * A product's own text for any failure of the field ("Please enter a valid amount"): reported
   * first, so the form and the 400's `message` keep it, with the rule's reason after it in `errors`.
   */
  headline?: string;
}) {
  const { invalid, headline } = options;
  const first = headline ?? invalid;
  // 1e309 in a JSON body parses to Infinity, which z.number() refuses as not a number: it is too large.
  const infinite = z.custom<number>((value) => value === Number.POSITIVE_INFINITY, first);
  return z.union([z.number(first), z.string(first), infinite], first).transform((value, ctx) => {
    const fail = (message: string) => {
      if (headline && headline !== message) ctx.addIssue({ code: 'custom', message: headline });
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (value === Number.POSITIVE_INFINITY) return fail(options.tooBig);
    if (typeof value === 'number' && !Number.isFinite(value)) return fail(invalid);
    // A JSON number prints as plain decimals unless it is tiny or huge (1e-7, 1e21): those fail below.
    const text = typeof value === 'number' ? String(value) : value;
    const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
    if (!match) return fail(Number(text) < 0 ? (options.belowMin ?? invalid) : invalid);
    if ((match[2]?.length ?? 0) > options.decimals) return fail(options.tooManyDecimals);
    const n = Number(text);
    if (n > options.max) return fail(options.tooBig);
    if (options.positive && n <= 0) return fail(options.belowMin ?? invalid);
    if (options.min !== undefined && n < options.min) return fail(options.belowMin ?? invalid);
    return text;
  });
}

/** Whether a text holds a C0 control character other than tab, line feed and carriage return, or DEL. */
export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}
export const CONTROL_CHARACTERS_MESSAGE = 'El texto contiene caracteres de control no permitidos';

/**
 * Whether a text would not stay on one line: any C0 control character (CR, LF and tab included), DEL,
 * any C1 control character (NEL, U+0085, among them) or the Unicode line and paragraph separators. In
 * an e-mail header such a character starts a header of its own; in a document it breaks the line.
 */
export function hasLineBreak(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029) return true;
  }
  return false;
}
export const lineBreakMessage = (label: string) =>
  `${label} no puede tener saltos de línea ni caracteres de control`;

/**
 * A text that must stay on one line: names and the other fields that reach an e-mail's subject or a
 * document's single lines (docs/decisions/0082-single-line-names-and-input-bounds.md). Checked before
 * trimming, so a trailing line break is refused too, on the field, with `label` ("El nombre") in the
 * message. Chain `.trim()`, `.min()` and `.max()` as on any string.
 */
export const singleLineText = (label: string, notText = `${label} debe ser un texto`) =>
  z.string(notText).refine((text) => !hasLineBreak(text), lineBreakMessage(label));

/**
 * A blank optional text means "not given": forms send "" for an empty optional field
 * (docs/decisions/0019-strict-input.md).
 */
export const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
