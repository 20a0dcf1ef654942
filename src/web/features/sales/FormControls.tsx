import { type ComponentProps, useId } from 'react';
import { Input } from '../../components/ui/Field';
import { cn } from '../../lib/cn';

const CONTROL = cn(
  'block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900',
  'focus:border-blue-600 focus:outline-2 focus:outline-blue-600/40 aria-[invalid=true]:border-red-600',
);

interface Labelled {
  label: string;
  error?: string;
  className?: string;
}

/** Error text under a control, tied to it through aria-describedby (like ui/Field for inputs). */
function ErrorText({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {error}
    </p>
  ) : null;
}

interface SelectFieldProps extends Labelled, Omit<ComponentProps<'select'>, 'className'> {
  options: ReadonlyArray<{ value: string | number; label: string }>;
  /** First, empty option for pickers that start unselected. */
  placeholder?: string;
}

export function SelectField({ label, error, className, options, placeholder, ...props }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
      </label>
      <select
        id={id}
        className={CONTROL}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...props}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorText id={`${id}-error`} error={error} />
    </div>
  );
}

type TextareaFieldProps = Labelled & Omit<ComponentProps<'textarea'>, 'className'>;

export function TextareaField({ label, error, className, ...props }: TextareaFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
      </label>
      <textarea
        id={id}
        rows={2}
        className={CONTROL}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...props}
      />
      <ErrorText id={`${id}-error`} error={error} />
    </div>
  );
}

/** A value the user sees but does not type (the item's passenger count, a seller's own name). */
export function ReadOnlyField({
  label,
  value,
  className,
}: Omit<Labelled, 'error'> & { value: string | number }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
      </label>
      <Input id={id} readOnly value={value} className="read-only:bg-gray-50" />
    </div>
  );
}
