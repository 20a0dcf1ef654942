import { Button } from './Button';

interface FilterButtonsProps<Value extends string> {
  /** Read by screen readers as the group's name. */
  legend: string;
  options: ReadonlyArray<{ value: Value; label: string }>;
  /** The pressed option; none is pressed when the list's filter matches no single option. */
  value: Value | undefined;
  onChange: (value: Value) => void;
}

/** A row of toggle buttons that show one value of a list's filter (e.g. its status) or all. */
export function FilterButtons<Value extends string>({
  legend,
  options,
  value,
  onChange,
}: FilterButtonsProps<Value>) {
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">{legend}</legend>
      {options.map((option) => (
        <Button
          key={option.value}
          size="sm"
          variant={option.value === value ? 'primary' : 'secondary'}
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </Button>
      ))}
    </fieldset>
  );
}
