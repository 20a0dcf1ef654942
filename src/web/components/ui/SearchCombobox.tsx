import {
  Combobox,
  ComboboxButton,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Description,
  Field as HeadlessField,
  Label,
} from '@headlessui/react';
import { ChevronsUpDown } from 'lucide-react';
import { type ReactNode, type Ref, useState } from 'react';
import { cn } from '../../lib/cn';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { Button } from './Button';
import { COMBOBOX_CONTROL, LABEL } from './Field';
import { Modal } from './Modal';

const OPTIONS = cn(
  'absolute z-10 mt-1 max-h-60 w-full overflow-auto rounded-md border border-gray-200 bg-white py-1',
  'text-sm shadow-lg empty:invisible',
);
const OPTION = 'cursor-pointer px-3 py-2 text-gray-900 select-none data-focus:bg-blue-100';

/** An option's name in bold and, after it, what tells two alike apart (an ID, a code's name). */
export function OptionText({ main, detail }: { main: string; detail?: string | null }) {
  return (
    <>
      <span className="font-medium">{main}</span>
      {detail && (
        <>
          {' '}
          <span className="ml-1 text-gray-700">{detail}</span>
        </>
      )}
    </>
  );
}

/**
 * '+ Crear nuevo ...' beside the box: a dialog with the record's form, closed by `close`; `choose`
 * picks the record the form saved (as if chosen from the list) and closes the dialog.
 */
export interface CreateAction<T> {
  label: string;
  title: string;
  form: (close: () => void, choose: (created: T) => void) => ReactNode;
}

/**
 * A box that searches on the server: `useOptions` (a query hook) gets the typed text once typing
 * pauses, and "no results" is said only once such a search has come back empty, not while it runs.
 * `searchProps` go to the SearchCombobox; `query` is the text as typed.
 */
export function useServerSearch<T>(
  useOptions: (search: string) => { data: readonly T[] | undefined; isFetching: boolean },
  noResultsText: string,
) {
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query.trim(), 250);
  const { data: options = [], isFetching } = useOptions(search);
  return {
    query,
    searchProps: {
      options,
      onQueryChange: setQuery,
      noResults: { text: noResultsText, show: search !== '' && !isFetching },
    },
  };
}

export interface SearchComboboxProps<T> {
  label: string;
  placeholder: string;
  value: T | null;
  onChange: (value: T | null) => void;
  /** The input's text for the chosen value. */
  displayValue: (value: T | null) => string;
  options: readonly T[];
  optionKey: (option: T) => string | number;
  renderOption: (option: T) => ReactNode;
  /** The typed text: the caller searches with it, and it is cleared when the list closes. */
  onQueryChange: (query: string) => void;
  /** Said under the box when a search has finished and found nothing. */
  noResults: { text: string; show: boolean };
  error?: string;
  invalid?: boolean;
  /** Ties the box to a message shown elsewhere (a form's summary of errors). */
  describedBy?: string;
  /** react-hook-form's ref, so a failed submit focuses the box. */
  inputRef?: Ref<HTMLInputElement>;
  /** The name of a button that opens the whole list; with it the list also opens on focus. */
  toggleLabel?: string;
  /**
   * Inside a dialog the list is not modal: Headless UI would hide everything else, the field's own
   * label included, from assistive technology while it is open, and the dialog already traps focus.
   */
  inDialog?: boolean;
  create?: CreateAction<T>;
  className?: string;
}

/**
 * A text box that searches and offers what it found in a list (Headless UI's combobox, keyboard and
 * screen-reader ready). Boxes without a toggle open on typing, not on focus: after Escape a dialog
 * puts focus back in the box, which must not reopen the list.
 */
export function SearchCombobox<T>({
  label,
  placeholder,
  value,
  onChange,
  displayValue,
  options,
  optionKey,
  renderOption,
  onQueryChange,
  noResults,
  error,
  invalid,
  describedBy,
  inputRef,
  toggleLabel,
  inDialog = false,
  create,
  className,
}: SearchComboboxProps<T>) {
  const [creating, setCreating] = useState(false);
  const sameOption = (a: T | null, b: T | null) =>
    a === null || b === null ? a === b : optionKey(a) === optionKey(b);

  const box = (
    <Combobox<T | null>
      value={value}
      onChange={onChange}
      by={sameOption}
      immediate={toggleLabel !== undefined}
      onClose={() => onQueryChange('')}
    >
      <div className={create ? 'relative min-w-56 flex-1' : 'relative'}>
        <ComboboxInput
          ref={inputRef}
          className={COMBOBOX_CONTROL}
          placeholder={placeholder}
          autoComplete="off"
          aria-invalid={error || invalid ? true : undefined}
          {...(describedBy ? { 'aria-describedby': describedBy } : {})}
          displayValue={displayValue}
          onChange={(event) => onQueryChange(event.target.value)}
        />
        {toggleLabel && (
          <ComboboxButton
            aria-label={toggleLabel}
            className="absolute inset-y-0 right-0 flex items-center px-2 text-gray-600"
          >
            <ChevronsUpDown aria-hidden="true" className="size-4" />
          </ComboboxButton>
        )}
        {/* An empty listbox is invalid ARIA, so "no results" is plain text below the input. */}
        {options.length > 0 && (
          <ComboboxOptions modal={!inDialog} className={OPTIONS}>
            {options.map((option) => (
              <ComboboxOption key={optionKey(option)} value={option} className={OPTION}>
                {renderOption(option)}
              </ComboboxOption>
            ))}
          </ComboboxOptions>
        )}
      </div>
    </Combobox>
  );

  return (
    <div className={className}>
      <HeadlessField>
        <Label className={LABEL}>{label}</Label>
        {create ? (
          <div className="flex flex-wrap items-start gap-3">
            {box}
            <Button variant="secondary" onClick={() => setCreating(true)}>
              {create.label}
            </Button>
          </div>
        ) : (
          box
        )}
        {noResults.show && options.length === 0 && (
          <p className="mt-1 text-sm text-gray-700">{noResults.text}</p>
        )}
        {error && <Description className="mt-1 text-sm text-red-700">{error}</Description>}
      </HeadlessField>
      {create && (
        <Modal open={creating} onOpenChange={setCreating} title={create.title}>
          {create.form(
            () => setCreating(false),
            (created) => {
              onChange(created);
              setCreating(false);
            },
          )}
        </Modal>
      )}
    </div>
  );
}
