import { type ComponentProps, useId } from 'react';
import { ROLE_LABELS, ROLES } from '../../../domain/roles';
import { cn } from '../../lib/cn';

interface RoleSelectProps extends Omit<ComponentProps<'select'>, 'className'> {
  label: string;
  /** Text of a first, empty option (e.g. for "all roles" in a filter). */
  emptyOption?: string;
  hint?: string;
  className?: string;
}

/** A labelled select of the three roles with their Spanish labels. */
export function RoleSelect({ label, emptyOption, hint, className, ...props }: RoleSelectProps) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
      </label>
      <select
        id={id}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={cn(
          'block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900',
          'focus:border-blue-600 focus:outline-2 focus:outline-blue-600/40 disabled:bg-gray-100',
        )}
        {...props}
      >
        {emptyOption !== undefined && <option value="">{emptyOption}</option>}
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-gray-700">
          {hint}
        </p>
      )}
    </div>
  );
}
