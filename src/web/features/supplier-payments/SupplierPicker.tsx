import {
  Combobox,
  ComboboxButton,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Field as HeadlessField,
  Label,
} from '@headlessui/react';
import { ChevronsUpDown } from 'lucide-react';
import { type Ref, useState } from 'react';
import { cn } from '../../lib/cn';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { type SupplierOption, useSupplierOptions } from './api';

// Headless UI ships no styles; these match ui/Field's input.
const INPUT = cn(
  'block w-full rounded-md border border-gray-300 bg-white py-2 pr-9 pl-3 text-sm text-gray-900',
  'placeholder:text-gray-500 focus:border-blue-600 focus:outline-2 focus:outline-blue-600/40',
  'aria-[invalid=true]:border-red-600',
);
const OPTIONS = cn(
  'absolute z-10 mt-1 max-h-60 w-full overflow-auto rounded-md border border-gray-200 bg-white py-1',
  'text-sm shadow-lg empty:invisible',
);
const OPTION = 'cursor-pointer px-3 py-2 text-gray-900 select-none data-focus:bg-blue-100';

/** Spec 2: the picker shows name and id, e.g. 'LATAM Airlines (#1)'. */
export const supplierOptionText = (supplier: SupplierOption | null) =>
  supplier ? `${supplier.name} (#${supplier.id})` : '';

interface SupplierPickerProps {
  selected: SupplierOption | null;
  onSelect: (supplier: SupplierOption | null) => void;
  invalid: boolean;
  /** Ties the picker to the form's error message. */
  describedBy?: string;
  /** react-hook-form's ref, so a failed submit focuses the picker. */
  inputRef?: Ref<HTMLInputElement>;
}

/** Searchable by name on the server; until something is typed it lists the first 100 suppliers. */
export function SupplierPicker({ selected, onSelect, invalid, describedBy, inputRef }: SupplierPickerProps) {
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query.trim(), 250);
  const { data: suppliers = [], isFetching } = useSupplierOptions(search);

  return (
    <HeadlessField>
      <Label className="mb-1 block text-sm font-medium text-gray-800">Proveedor</Label>
      <Combobox value={selected} onChange={onSelect} by="id" immediate onClose={() => setQuery('')}>
        <div className="relative">
          <ComboboxInput
            ref={inputRef}
            className={INPUT}
            placeholder="Buscar proveedor por nombre"
            autoComplete="off"
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            displayValue={supplierOptionText}
            onChange={(event) => setQuery(event.target.value)}
          />
          <ComboboxButton
            aria-label="Ver proveedores"
            className="absolute inset-y-0 right-0 flex items-center px-2 text-gray-600"
          >
            <ChevronsUpDown aria-hidden="true" className="size-4" />
          </ComboboxButton>
          {/* An empty listbox is invalid ARIA, so "no results" is plain text below the input. */}
          {suppliers.length > 0 && (
            <ComboboxOptions className={OPTIONS}>
              {suppliers.map((supplier) => (
                <ComboboxOption key={supplier.id} value={supplier} className={OPTION}>
                  {supplierOptionText(supplier)}
                </ComboboxOption>
              ))}
            </ComboboxOptions>
          )}
        </div>
      </Combobox>
      {search && !isFetching && suppliers.length === 0 && (
        <p className="mt-1 text-sm text-gray-700">No se encontraron proveedores</p>
      )}
    </HeadlessField>
  );
}
