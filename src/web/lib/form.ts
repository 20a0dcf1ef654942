import { zodResolver } from '@hookform/resolvers/zod';
import {
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type RegisterOptions,
  type Resolver,
  type UseFormProps,
  type UseFormRegister,
  useForm,
} from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';

/**
 * A zod resolver for the shared schemas where an empty input means "not given". The schemas reject ''
 * for optional texts such as an ID/RUT (not empty if given at all) and accept null as absent,
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

/**
 * A form field's registration together with its error message, so that a field is written
 * `<Field label="Email" {...bind('email')} />` and cannot show another field's error.
 */
function fieldBinder<T extends FieldValues>(register: UseFormRegister<T>, errors: FieldErrors<T>) {
  return <N extends Path<T>>(name: N, options?: RegisterOptions<T, N>) => ({
    ...register(name, options),
    error: (get(errors, name) as { message?: string } | undefined)?.message,
  });
}

/** react-hook-form's `useForm` with `bind` (see fieldBinder) for its fields, as every form here starts. */
export function useBoundForm<Input extends FieldValues, Output = Input>(
  props: UseFormProps<Input, unknown, Output>,
) {
  const form = useForm<Input, unknown, Output>(props);
  return { ...form, bind: fieldBinder(form.register, form.formState.errors) };
}

/** After a form has saved: `message` in a success toast, then `next` (close the dialog, leave the page). */
export function toastThen(message: string, next: () => void) {
  toast.success(message);
  next();
}
