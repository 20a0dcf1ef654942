import { type ChangeEvent, type ComponentProps, type FocusEvent, type ReactNode, useId } from 'react';
import { currencyDecimals } from '../../../domain/currency-decimals';
import { normalizeRut } from '../../../domain/rut';
import {
  type DecimalKind,
  moneyInputText,
  parseTypedDecimal,
  rateInputText,
} from '../../../domain/typed-decimal';
import { cn } from '../../lib/cn';

/**
 * One look for every typed control (input, select, textarea, combobox); only the padding differs. Its
 * focus ring hugs the border (no offset) in the full blue: a faded one was under 3:1 on white.
 */
const CONTROL_LOOK = cn(
  'block w-full rounded-md border border-gray-300 bg-white py-2 text-sm text-gray-900',
  'placeholder:text-gray-500 focus:border-blue-600 focus:outline-2 focus:outline-offset-0 focus:outline-blue-600',
  'aria-[invalid=true]:border-red-600 disabled:bg-gray-100',
);
export const CONTROL = cn(CONTROL_LOOK, 'px-3');
/** Room on the right for the combobox's toggle button. */
export const COMBOBOX_CONTROL = cn(CONTROL_LOOK, 'pr-9 pl-3');
export const LABEL = 'mb-1 block text-sm font-medium text-gray-800';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(CONTROL, className)} {...props} />;
}

/** What a control needs to be tied to its label and to the note under it. */
export interface ControlLink {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export interface LabelledProps {
  label: string;
  /** Red text under the control; the control is then marked invalid. */
  error?: string;
  /** Grey text under the control when there is no error. */
  hint?: string;
  id?: string;
  className?: string;
}

/**
 * Label, control and the note under it. The note (error or hint) is tied to the control through
 * aria-describedby, so a screen reader reads it with the field.
 */
export function Labelled({
  label,
  error,
  hint,
  id,
  className,
  children,
}: LabelledProps & { children: (link: ControlLink) => ReactNode }) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const noteId = `${controlId}-${error ? 'error' : 'hint'}`;
  const note = error || hint;
  return (
    <div className={className}>
      <label htmlFor={controlId} className={LABEL}>
        {label}
      </label>
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': note ? noteId : undefined,
      })}
      {note && (
        <p id={noteId} className={cn('mt-1 text-sm', error ? 'text-red-700' : 'text-gray-700')}>
          {note}
        </p>
      )}
    </div>
  );
}

type FieldProps = LabelledProps & Omit<ComponentProps<'input'>, 'className' | 'id'>;

/** A labelled input whose error text is tied to it through aria-describedby. */
export function Field({ label, error, hint, id, className, ...props }: FieldProps) {
  return (
    <Labelled label={label} error={error} hint={hint} id={id} className={className}>
      {(link) => <Input {...link} {...props} />}
    </Labelled>
  );
}

type DecimalFieldProps = FieldProps & {
  kind: DecimalKind;
  /** A money field's currency: one without minor units (CLP) is shown without decimals. */
  currency?: string;
};

/** Writes `shown` in a registered (uncontrolled) input, handed to `onChange` like a keystroke. */
function showInInput(input: HTMLInputElement, shown: string, onChange: FieldProps['onChange']) {
  if (shown === input.value) return;
  input.value = shown;
  onChange?.({ target: input, currentTarget: input, type: 'change' } as ChangeEvent<HTMLInputElement>);
}

/**
 * An amount or a rate typed as people write it (`800,50`, `1.250,75`, `1,250.75`): a text input, since
 * a number input would read `800,50` as 80050, with the decimal keypad on phones. When it is left, it
 * shows what it understood in the app's number format (`1,250.75`; a rate with its four decimals), so a
 * misread separator is seen before saving; the form's `typedDecimalResolver` does the same reading.
 * For registered (uncontrolled) fields: the rewritten text is handed to `onChange` like a keystroke.
 */
export function DecimalField({ kind, currency, onChange, onBlur, ...props }: DecimalFieldProps) {
  const showUnderstood = (event: FocusEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const parsed = input.value.trim() === '' ? null : parseTypedDecimal(input.value, kind);
    if (parsed?.ok) {
      showInInput(
        input,
        kind === 'money'
          ? moneyInputText(parsed.value, currency ? currencyDecimals(currency) : 2)
          : rateInputText(parsed.value),
        onChange,
      );
    }
    onBlur?.(event);
  };
  return (
    <Field
      type="text"
      inputMode="decimal"
      autoComplete="off"
      {...props}
      onChange={onChange}
      onBlur={showUnderstood}
    />
  );
}

/** An amount with cents, or whole in a currency without them (see DecimalField). */
export function MoneyField(props: FieldProps & { currency?: string }) {
  return <DecimalField kind="money" {...props} />;
}

/** A rate to USD with up to 8 decimals (see DecimalField). */
export function RateField(props: FieldProps) {
  return <DecimalField kind="rate" {...props} />;
}

/**
 * An ID/RUT: when it is left, a valid RUT shows as it will be stored, 12.345.678-5 (decision 0087); a
 * passport, or a RUT with a wrong digit, stays as typed. The server writes the same form whatever it gets.
 */
export function RutField({ onChange, onBlur, ...props }: FieldProps) {
  const showStored = (event: FocusEvent<HTMLInputElement>) => {
    showInInput(event.currentTarget, normalizeRut(event.currentTarget.value), onChange);
    onBlur?.(event);
  };
  return <Field autoComplete="off" {...props} onChange={onChange} onBlur={showStored} />;
}

type TextareaFieldProps = LabelledProps & Omit<ComponentProps<'textarea'>, 'className' | 'id'>;

export function TextareaField({ label, error, hint, id, className, ...props }: TextareaFieldProps) {
  return (
    <Labelled label={label} error={error} hint={hint} id={id} className={className}>
      {(link) => <textarea className={CONTROL} {...link} {...props} />}
    </Labelled>
  );
}

/** A value the user sees but does not type (the item's passenger count, a seller's own name). */
export function ReadOnlyField({
  value,
  ...labelled
}: Omit<LabelledProps, 'error'> & { value: string | number }) {
  return (
    <Labelled {...labelled}>
      {(link) => <Input {...link} readOnly value={value} className="read-only:bg-gray-50" />}
    </Labelled>
  );
}
