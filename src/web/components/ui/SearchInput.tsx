import { Search } from 'lucide-react';
import { type ComponentProps, useId } from 'react';
import { cn } from '../../lib/cn';
import { Input } from './Field';

interface SearchInputProps extends Omit<ComponentProps<'input'>, 'type' | 'value' | 'onChange'> {
  /** Read by screen readers; the placeholder alone is not a label. */
  label: string;
  value: string;
  onValueChange: (value: string) => void;
}

export function SearchInput({ label, value, onValueChange, className, id, ...props }: SearchInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <div className={cn('relative', className)}>
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500"
      />
      <Input
        id={inputId}
        type="search"
        autoComplete="off"
        className="pl-9"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        {...props}
      />
    </div>
  );
}
