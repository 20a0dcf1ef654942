import { type Ref, useState } from 'react';
import { currencyLabel, searchCurrencies } from '../../../domain/currencies';
import { OptionText, SearchCombobox } from '../../components/ui/SearchCombobox';

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
  const found = searchCurrencies(query);
  const names = new Map(found.map((currency) => [currency.code, currency.name]));

  return (
    <SearchCombobox<string>
      label="Moneda"
      placeholder="Buscar por código o nombre (ej.: GBP, libra)"
      value={value || null}
      onChange={(code) => onChange(code ?? '')}
      displayValue={(code) => (code ? currencyLabel(code) : '')}
      options={found.map((currency) => currency.code)}
      optionKey={(code) => code}
      renderOption={(code) => <OptionText main={code} detail={names.get(code)} />}
      onQueryChange={setQuery}
      noResults={{ text: `Ninguna moneda ISO 4217 coincide con «${query}»`, show: query !== '' }}
      error={error}
      inputRef={inputRef}
      inDialog
    />
  );
}
