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
import { type Ref, useState } from 'react';
import type { Client } from '../../../domain/master-data';
import { Button } from '../../components/ui/Button';
import { COMBOBOX_INPUT, COMBOBOX_OPTION, COMBOBOX_OPTIONS } from '../../components/ui/combobox-styles';
import { Modal } from '../../components/ui/Modal';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { ClientForm } from '../clients';
import { useClientSearch } from './api';

export type ClientOption = Pick<Client, 'id' | 'name' | 'clientId'>;

interface ClientPickerProps {
  selected: ClientOption | null;
  onSelect: (client: ClientOption | null) => void;
  error?: string;
  /** react-hook-form's ref, so a failed submit focuses the picker. */
  inputRef?: Ref<HTMLInputElement>;
}

const describe = (client: ClientOption | null) =>
  client ? (client.clientId ? `${client.name} (${client.clientId})` : client.name) : '';

/** Spec 2: searchable by name or ID/RUT on the server, with '+ Crear nuevo cliente' in a dialog. */
export function ClientPicker({ selected, onSelect, error, inputRef }: ClientPickerProps) {
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState(false);
  const search = useDebouncedValue(query.trim(), 250);
  const { data: clients = [], isFetching } = useClientSearch(search);

  return (
    <div className="sm:col-span-2">
      <HeadlessField>
        <Label className="mb-1 block text-sm font-medium text-gray-800">Cliente</Label>
        <div className="flex flex-wrap items-start gap-3">
          <Combobox value={selected} onChange={onSelect} by="id" immediate onClose={() => setQuery('')}>
            <div className="relative min-w-64 flex-1">
              <ComboboxInput
                ref={inputRef}
                className={COMBOBOX_INPUT}
                placeholder="Buscar por nombre o ID/RUT"
                autoComplete="off"
                aria-invalid={error ? true : undefined}
                displayValue={describe}
                onChange={(event) => setQuery(event.target.value)}
              />
              <ComboboxButton
                aria-label="Ver clientes"
                className="absolute inset-y-0 right-0 flex items-center px-2 text-gray-600"
              >
                <ChevronsUpDown aria-hidden="true" className="size-4" />
              </ComboboxButton>
              {/* An empty listbox is invalid ARIA, so "no results" is plain text below the input. */}
              {clients.length > 0 && (
                <ComboboxOptions className={COMBOBOX_OPTIONS}>
                  {clients.map((client) => (
                    <ComboboxOption key={client.id} value={client} className={COMBOBOX_OPTION}>
                      <span className="font-medium">{client.name}</span>
                      {client.clientId && <span className="ml-2 text-gray-600">{client.clientId}</span>}
                    </ComboboxOption>
                  ))}
                </ComboboxOptions>
              )}
            </div>
          </Combobox>
          <Button variant="secondary" onClick={() => setCreating(true)}>
            + Crear nuevo cliente
          </Button>
        </div>
        {search && !isFetching && clients.length === 0 && (
          <p className="mt-1 text-sm text-gray-700">No se encontraron clientes</p>
        )}
        {error && <Description className="mt-1 text-sm text-red-700">{error}</Description>}
      </HeadlessField>

      <Modal open={creating} onOpenChange={setCreating} title="Nuevo cliente">
        <ClientForm
          onCancel={() => setCreating(false)}
          onSaved={(client) => {
            onSelect(client);
            setCreating(false);
          }}
        />
      </Modal>
    </div>
  );
}
