import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { CONTROL, Labelled, type LabelledProps } from './Field';

export interface SelectOption {
  value: string | number;
  label: string;
}

interface SelectProps extends ComponentProps<'select'> {
  options: ReadonlyArray<SelectOption>;
  /** A first, empty option: "pick one" in a form, "all" in a filter. */
  placeholder?: string;
}

/** A native select with the look of the other controls (the browser's own picker works best on phones). */
export function Select({ options, placeholder, className, ...props }: SelectProps) {
  return (
    <select className={cn(CONTROL, className)} {...props}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

type SelectFieldProps = LabelledProps & Omit<SelectProps, 'className' | 'id'>;

/** A labelled select; its error or hint is tied to it like a Field's. */
export function SelectField({ label, error, hint, id, className, ...props }: SelectFieldProps) {
  return (
    <Labelled label={label} error={error} hint={hint} id={id} className={className}>
      {(link) => <Select {...link} {...props} />}
    </Labelled>
  );
}

type ChoiceFieldProps<T extends string> = Omit<SelectFieldProps, 'options' | 'value' | 'onChange'> & {
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onValueChange: (value: T) => void;
};

/** A labelled select over a fixed set of values (a filter, a sort): the caller gets the value as one of them. */
export function ChoiceField<T extends string>({ onValueChange, ...props }: ChoiceFieldProps<T>) {
  // The select offers only `options`, so what it reports is one of their values.
  return <SelectField {...props} onChange={(event) => onValueChange(event.target.value as T)} />;
}
