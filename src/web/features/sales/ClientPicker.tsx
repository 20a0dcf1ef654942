import type { Ref } from 'react';
import type { Client } from '../../../domain/master-data';
import { OptionText, SearchCombobox, useServerSearch } from '../../components/ui/SearchCombobox';
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

/** Searchable by name or ID/RUT on the server, with '+ Crear nuevo cliente' in a dialog. */
export function ClientPicker({ selected, onSelect, error, inputRef }: ClientPickerProps) {
  const { searchProps } = useServerSearch(useClientSearch, 'No se encontraron clientes');

  return (
    <SearchCombobox
      label="Cliente"
      placeholder="Buscar por nombre o ID/RUT"
      className="sm:col-span-2"
      value={selected}
      onChange={onSelect}
      displayValue={describe}
      {...searchProps}
      optionKey={(client) => client.id}
      renderOption={(client) => <OptionText main={client.name} detail={client.clientId} />}
      error={error}
      inputRef={inputRef}
      toggleLabel="Ver clientes"
      create={{
        label: '+ Crear nuevo cliente',
        title: 'Nuevo cliente',
        form: (close, choose) => <ClientForm onCancel={close} onSaved={choose} />,
      }}
    />
  );
}
