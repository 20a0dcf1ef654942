import {
  Combobox,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Description,
  Field as HeadlessField,
  Label,
} from '@headlessui/react';
import { X } from 'lucide-react';
import { type Ref, useState } from 'react';
import { Button, FOCUS_RING } from '../../components/ui/Button';
import { COMBOBOX_INPUT, COMBOBOX_OPTION, COMBOBOX_OPTIONS } from '../../components/ui/combobox-styles';
import { Modal } from '../../components/ui/Modal';
import { cn } from '../../lib/cn';
import { useDebouncedValue } from '../../lib/use-debounced-value';
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
 * Spec 2's passenger multi-select: a search box that adds the chosen passenger to the chips below, and
 * '+ Crear nuevo pasajero' for someone not on file yet. Chosen passengers leave the results, so nobody
 * can be added twice.
 */
export function PassengerPicker({ selected, onAdd, onRemove, error, inputRef }: PassengerPickerProps) {
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState(false);
  const search = useDebouncedValue(query.trim(), 250);
  const { data: found = [], isFetching } = usePassengerSearch(search);
  const chosen = new Set(selected.map((p) => p.id));
  const options = found.filter((p) => !chosen.has(p.id));

  return (
    <div>
      <HeadlessField>
        <Label className="mb-1 block text-sm font-medium text-gray-800">Pasajeros</Label>
        <div className="flex flex-wrap items-start gap-3">
          {/* Always empty: picking a passenger adds a chip instead of becoming the box's value. Not
              `immediate`: after Escape the dialog puts focus back here, which must not reopen the list. */}
          <Combobox<PassengerRef | null>
            value={null}
            onChange={(passenger) => passenger && onAdd(passenger)}
            onClose={() => setQuery('')}
          >
            <div className="relative min-w-56 flex-1">
              <ComboboxInput
                ref={inputRef}
                className={COMBOBOX_INPUT}
                placeholder="Buscar por nombre o ID"
                autoComplete="off"
                aria-invalid={error ? true : undefined}
                displayValue={() => query}
                onChange={(event) => setQuery(event.target.value)}
              />
              {options.length > 0 && (
                <ComboboxOptions className={COMBOBOX_OPTIONS}>
                  {options.map((passenger) => (
                    <ComboboxOption key={passenger.id} value={passenger} className={COMBOBOX_OPTION}>
                      <span className="font-medium">{passenger.name}</span>
                      <span className="ml-2 text-gray-600">{passenger.passengerId}</span>
                    </ComboboxOption>
                  ))}
                </ComboboxOptions>
              )}
            </div>
          </Combobox>
          <Button variant="secondary" onClick={() => setCreating(true)}>
            + Crear nuevo pasajero
          </Button>
        </div>
        {search && !isFetching && options.length === 0 && (
          <p className="mt-1 text-sm text-gray-700">No se encontraron pasajeros</p>
        )}
        {error && <Description className="mt-1 text-sm text-red-700">{error}</Description>}
      </HeadlessField>

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

      <Modal open={creating} onOpenChange={setCreating} title="Nuevo pasajero">
        <PassengerForm
          onCancel={() => setCreating(false)}
          onSaved={(passenger) => {
            onAdd(passenger);
            setCreating(false);
          }}
        />
      </Modal>
    </div>
  );
}
