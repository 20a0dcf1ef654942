import { type ComponentProps, useId } from 'react';
import { cn } from '../../lib/cn';

// The input Field's label and look, for a select.
const CONTROL = cn(
  'block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900',
  'focus:border-blue-600 focus:outline-2 focus:outline-blue-600/40',
);

interface SelectFieldProps extends Omit<ComponentProps<'select'>, 'className'> {
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  className?: string;
}

export function SelectField({ label, options, className, id, ...props }: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  return (
    <div className={className}>
      <label htmlFor={selectId} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
      </label>
      <select id={selectId} className={CONTROL} {...props}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
