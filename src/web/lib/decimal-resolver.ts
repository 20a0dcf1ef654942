import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { type DecimalKind, parseTypedDecimal } from '../../domain/typed-decimal';

/**
 * A zod resolver for a shared schema whose amount or rate fields are typed as people write them
 * (`800,50`, `1.250,75`). Each named field is read by the domain's parser first, so the schema, and
 * the API after it, get the canonical decimal text ("1250.75") and stay strict; a text the parser
 * refuses gets the parser's message, which says how to write it. A blank field is left to the schema's
 * own "required" message.
 */
export function typedDecimalResolver<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  fields: Partial<Record<keyof Input & string, DecimalKind>>,
): Resolver<Input, unknown, Output> {
  const resolve = zodResolver(schema);
  return async (values, context, options) => {
    const read: Record<string, unknown> = { ...values };
    const refused: Record<string, FieldError> = {};
    for (const [name, kind] of Object.entries(fields) as [string, DecimalKind][]) {
      const typed = values[name];
      if (typeof typed !== 'string' || typed.trim() === '') continue;
      const parsed = parseTypedDecimal(typed, kind);
      if (parsed.ok) read[name] = parsed.value;
      else refused[name] = { type: 'format', message: parsed.message };
    }
    const result = await resolve(read as Input, context, options);
    if (Object.keys(refused).length === 0) return result;
    return { values: {}, errors: { ...result.errors, ...refused } as FieldErrors<Input> };
  };
}
