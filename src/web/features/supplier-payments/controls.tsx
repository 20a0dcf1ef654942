import { type ComponentProps, useId } from 'react';
import { cn } from '../../lib/cn';

// ui/ has an input Field only; these give a select and a textarea the same label and look.
const CONTROL = cn(
  'block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900',
  'focus:border-blue-600 focus:outline-2 focus:outline-blue-600/40 aria-[invalid=true]:border-red-600',
);
const LABEL = 'mb-1 block text-sm font-medium text-gray-800';

interface SelectFieldProps extends Omit<ComponentProps<'select'>, 'className'> {
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  className?: string;
}

export function SelectField({ label, options, className, ...props }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <select id={id} className={CONTROL} {...props}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

interface TextareaFieldProps extends Omit<ComponentProps<'textarea'>, 'className'> {
  label: string;
  className?: string;
}

export function TextareaField({ label, className, ...props }: TextareaFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <textarea id={id} rows={3} className={CONTROL} {...props} />
    </div>
  );
}
