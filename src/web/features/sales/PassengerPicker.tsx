import { X } from 'lucide-react';
import type { Ref } from 'react';
import { FOCUS_RING } from '../../components/ui/Button';
import { OptionText, SearchCombobox, useServerSearch } from '../../components/ui/SearchCombobox';
import { cn } from '../../lib/cn';
import { PassengerForm } from '../passengers';
import { usePassengerSearch } from './api';
import type { PassengerRef } from './form-model';

interface PassengerPickerProps {
  selected: readonly PassengerRef[];
  onAdd: (passenger: PassengerRef) => void;
  onRemove: (passengerId: number) => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The sale item's passengers: a search box that adds the chosen passenger to the chips below, and
 * '+ Crear nuevo pasajero' for someone not on file yet. Chosen passengers leave the results, so nobody
 * can be added twice.
 */
export function PassengerPicker({ selected, onAdd, onRemove, error, inputRef }: PassengerPickerProps) {
  const { query, searchProps } = useServerSearch(usePassengerSearch, 'No se encontraron pasajeros');
  const chosen = new Set(selected.map((p) => p.id));
  const options = searchProps.options.filter((p) => !chosen.has(p.id));

  return (
    <div>
      {/* Always empty: picking a passenger adds a chip instead of becoming the box's value. */}
      <SearchCombobox<PassengerRef>
        label="Pasajeros"
        placeholder="Buscar por nombre o ID"
        value={null}
        onChange={(passenger) => passenger && onAdd(passenger)}
        displayValue={() => query}
        {...searchProps}
        options={options}
        optionKey={(passenger) => passenger.id}
        renderOption={(passenger) => <OptionText main={passenger.name} detail={passenger.passengerId} />}
        error={error}
        inputRef={inputRef}
        inDialog
        create={{
          label: '+ Crear nuevo pasajero',
          title: 'Nuevo pasajero',
          form: (close, choose) => <PassengerForm onCancel={close} onSaved={choose} />,
        }}
      />
      {selected.length > 0 && (
        <ul aria-label="Pasajeros seleccionados" className="mt-2 flex flex-wrap gap-2">
          {selected.map((passenger) => (
            <li
              key={passenger.id}
              className="inline-flex items-center gap-1 rounded-full bg-blue-50 py-1 pr-1 pl-3 text-sm text-blue-900"
            >
              {passenger.name}
              <button
                type="button"
                aria-label={`Quitar a ${passenger.name}`}
                onClick={() => onRemove(passenger.id)}
                className={cn('rounded-full p-0.5 hover:bg-blue-100', FOCUS_RING)}
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
