import { type ComponentProps, useId } from 'react';
import { cn } from '../../lib/cn';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={cn(
        'block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900',
        'placeholder:text-gray-500 focus:border-blue-600 focus:outline-2 focus:outline-blue-600/40',
        'aria-[invalid=true]:border-red-600 disabled:bg-gray-100',
        className,
      )}
      {...props}
    />
  );
}

interface FieldProps extends ComponentProps<'input'> {
  label: string;
  error?: string;
}

/** A labelled input whose error text is tied to it through aria-describedby. */
export function Field({ label, error, id, className, ...props }: FieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
      </label>
      <Input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...props}
      />
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
