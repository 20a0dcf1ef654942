import {
  Combobox,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Description,
  Field as HeadlessField,
  Label,
} from '@headlessui/react';
import { type Ref, useState } from 'react';
import { currencyLabel, searchCurrencies } from '../../../domain/currencies';
import { COMBOBOX_INPUT, COMBOBOX_OPTION, COMBOBOX_OPTIONS } from '../../components/ui/combobox-styles';

interface CurrencyPickerProps {
  value: string;
  onChange: (code: string) => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The ISO 4217 list, searchable by code or Spanish name ('libra' finds GBP). Only a listed code can
 * be chosen, so a typed word is never cut down to a code that does not exist.
 */
export function CurrencyPicker({ value, onChange, error, inputRef }: CurrencyPickerProps) {
  const [query, setQuery] = useState('');
  const options = searchCurrencies(query);

  return (
    <HeadlessField>
      <Label className="mb-1 block text-sm font-medium text-gray-800">Moneda</Label>
      {/* Opens on typing, not on focus: after Escape the dialog puts focus back here (Modal.tsx). */}
      <Combobox<string | null>
        value={value || null}
        onChange={(code) => onChange(code ?? '')}
        onClose={() => setQuery('')}
      >
        <div className="relative">
          <ComboboxInput
            ref={inputRef}
            className={COMBOBOX_INPUT}
            placeholder="Buscar por código o nombre (ej.: GBP, libra)"
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            displayValue={(code: string | null) => (code ? currencyLabel(code) : '')}
            onChange={(event) => setQuery(event.target.value)}
          />
          {options.length > 0 && (
            // Not modal: Headless UI would hide everything else, the field's own label included, from
            // assistive technology while the list is open; the dialog around it already traps focus.
            <ComboboxOptions modal={false} className={COMBOBOX_OPTIONS}>
              {options.map((currency) => (
                <ComboboxOption key={currency.code} value={currency.code} className={COMBOBOX_OPTION}>
                  <span className="font-medium">{currency.code}</span>{' '}
                  <span className="ml-1 text-gray-700">{currency.name}</span>
                </ComboboxOption>
              ))}
            </ComboboxOptions>
          )}
        </div>
      </Combobox>
      {query && options.length === 0 && (
        <p className="mt-1 text-sm text-gray-700">Ninguna moneda ISO 4217 coincide con «{query}»</p>
      )}
      {error && <Description className="mt-1 text-sm text-red-700">{error}</Description>}
    </HeadlessField>
  );
}
