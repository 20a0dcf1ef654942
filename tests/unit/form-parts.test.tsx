import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Field } from '../../src/web/components/ui/Field';
import { FormActions } from '../../src/web/components/ui/FormActions';
import { Modal } from '../../src/web/components/ui/Modal';
import { OptionText, SearchCombobox } from '../../src/web/components/ui/SearchCombobox';
import { SelectField } from '../../src/web/components/ui/SelectField';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SelectField', () => {
  it('ties its label and error to the select and offers the empty option first', () => {
    render(
      <SelectField
        label="Proveedor"
        placeholder="Seleccione un proveedor"
        options={[
          { value: 1, label: 'LATAM' },
          { value: 2, label: 'Sky' },
        ]}
        error="El proveedor es requerido"
        defaultValue=""
      />,
    );
    const select = screen.getByLabelText('Proveedor') as HTMLSelectElement;
    expect([...select.options].map((o) => [o.value, o.text])).toEqual([
      ['', 'Seleccione un proveedor'],
      ['1', 'LATAM'],
      ['2', 'Sky'],
    ]);
    expect(select.getAttribute('aria-invalid')).toBe('true');
    const note = document.getElementById(select.getAttribute('aria-describedby') ?? '');
    expect(note?.textContent).toBe('El proveedor es requerido');
  });

  it('shows a hint, not marked invalid, and lets the caller handle the change', () => {
    const onChange = vi.fn();
    render(
      <SelectField
        label="Rol"
        hint="No puedes cambiar tu propio rol"
        options={[
          { value: 'admin', label: 'Administrador' },
          { value: 'sales', label: 'Ventas' },
        ]}
        value="admin"
        onChange={(event) => onChange(event.target.value)}
      />,
    );
    const select = screen.getByLabelText('Rol');
    expect(select.getAttribute('aria-invalid')).toBeNull();
    expect(document.getElementById(select.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'No puedes cambiar tu propio rol',
    );
    fireEvent.change(select, { target: { value: 'sales' } });
    expect(onChange).toHaveBeenCalledWith('sales');
  });
});

interface Person {
  id: number;
  name: string;
  code: string;
}
const PEOPLE: Person[] = [
  { id: 1, name: 'Ana Pérez', code: '11-1' },
  { id: 2, name: 'Bruno Díaz', code: '22-2' },
];

function PersonPicker({ onCreate }: { onCreate?: () => void }) {
  const [value, setValue] = useState<Person | null>(null);
  const [query, setQuery] = useState('');
  const options = PEOPLE.filter((p) => p.name.toLowerCase().includes(query.toLowerCase()));
  return (
    <SearchCombobox
      label="Persona"
      placeholder="Buscar persona"
      value={value}
      onChange={setValue}
      displayValue={(p) => p?.name ?? ''}
      options={options}
      optionKey={(p) => p.id}
      renderOption={(p) => <OptionText main={p.name} detail={p.code} />}
      onQueryChange={setQuery}
      noResults={{ text: 'No se encontraron personas', show: query !== '' }}
      error={value ? undefined : 'La persona es requerida'}
      create={
        onCreate && {
          label: '+ Crear nueva persona',
          title: 'Nueva persona',
          form: (close) => (
            <button
              type="button"
              onClick={() => {
                onCreate();
                close();
              }}
            >
              Listo
            </button>
          ),
        }
      }
    />
  );
}

describe('SearchCombobox', () => {
  beforeEach(() => {
    // Headless UI measures the list with ResizeObserver, which jsdom lacks; a no-op will do.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });

  it('searches as the user types and picks an option with the arrow keys and Enter', async () => {
    render(<PersonPicker />);
    const input = screen.getByRole('combobox', { name: 'Persona' }) as HTMLInputElement;
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('La persona es requerida')).toBeTruthy();

    fireEvent.change(input, { target: { value: 'bru' } });
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Bruno Díaz 22-2']);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });

    await waitFor(() => expect(input.value).toBe('Bruno Díaz'));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('La persona es requerida')).toBeNull();
  });

  it('says so when a search finds nothing, with no empty listbox', async () => {
    render(<PersonPicker />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Persona' }), { target: { value: 'zz' } });
    expect(await screen.findByText('No se encontraron personas')).toBeTruthy();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it("opens the create dialog from its button and closes it from the dialog's form", async () => {
    const onCreate = vi.fn();
    render(<PersonPicker onCreate={onCreate} />);
    fireEvent.click(screen.getByRole('button', { name: '+ Crear nueva persona' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva persona' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Listo' }));
    expect(onCreate).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

/** A page form with a button that opens a dialog holding a form of its own, as the sale form does. */
function FormWithDialog({ onOuter, onInner }: { onOuter: () => void; onInner: (name: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onOuter();
      }}
    >
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <Modal open={open} onOpenChange={setOpen} title="Nuevo item">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onInner(new FormData(event.currentTarget).get('name') as string);
          }}
        >
          <Field label="Nombre" name="name" />
          <FormActions onCancel={() => setOpen(false)} />
        </form>
      </Modal>
    </form>
  );
}

describe('Modal', () => {
  it('submits only the form inside it, not the form it was opened from', async () => {
    const onOuter = vi.fn();
    const onInner = vi.fn();
    render(<FormWithDialog onOuter={onOuter} onInner={onInner} />);
    fireEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo item' });
    fireEvent.change(within(dialog).getByLabelText('Nombre'), { target: { value: 'Hotel' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(onInner).toHaveBeenCalledWith('Hotel');
    expect(onOuter).not.toHaveBeenCalled();
  });

  it('returns focus to the button that opened it when it closes', async () => {
    render(<FormWithDialog onOuter={vi.fn()} onInner={vi.fn()} />);
    const opener = screen.getByRole('button', { name: 'Abrir' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo item' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });
});
