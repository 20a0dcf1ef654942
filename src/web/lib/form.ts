import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A zod resolver for the shared schemas where an empty input means "not given". The schemas reject ''
 * for optional texts such as an ID/RUT (spec 5: not empty if provided) and accept null as absent,
 * while a required field that is null still gets its own message ('Name is required').
 */
export function blankAsNullResolver<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  const resolve = zodResolver(schema);
  return (values, context, options) => {
    const cleaned = Object.fromEntries(
      Object.entries(values).map(([key, value]) => [key, value === '' ? null : value]),
    ) as Input;
    return resolve(cleaned, context, options);
  };
}
