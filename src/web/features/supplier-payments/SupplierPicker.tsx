import type { Ref } from 'react';
import { SearchCombobox, useServerSearch } from '../../components/ui/SearchCombobox';
import { type SupplierOption, useSupplierOptions } from './api';

/** The picker shows name and id, e.g. 'LATAM Airlines (#1)'. */
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
  const { searchProps } = useServerSearch(useSupplierOptions, 'No se encontraron proveedores');

  return (
    <SearchCombobox
      label="Proveedor"
      placeholder="Buscar proveedor por nombre"
      value={selected}
      onChange={onSelect}
      displayValue={supplierOptionText}
      {...searchProps}
      optionKey={(supplier) => supplier.id}
      renderOption={supplierOptionText}
      invalid={invalid}
      describedBy={describedBy}
      inputRef={inputRef}
      toggleLabel="Ver proveedores"
    />
  );
}
