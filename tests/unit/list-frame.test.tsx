import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientsApi } from '../../src/domain/api/master-data';
import { DataTable, type DataTableColumn, moneyColumn } from '../../src/web/components/ui/DataTable';
import { ExportMenu } from '../../src/web/components/ui/ExportMenu';
import { ListPage } from '../../src/web/components/ui/ListPage';

afterEach(cleanup);

function renderInRouter(element: ReactNode) {
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  return render(<RouterProvider router={router} />);
}

interface Row {
  id: number;
  name: string;
  amount: number;
}

const COLUMNS: ReadonlyArray<DataTableColumn<Row>> = [
  { key: 'name', header: 'Nombre', rowHeader: true, cell: (row) => row.name },
  moneyColumn('amount', 'Monto', (row: Row) => row.amount),
  {
    key: 'actions',
    header: 'Acciones',
    hideHeader: true,
    cell: (row) => <button type="button">Ver {row.name}</button>,
  },
];

const LIST_TEXTS = { loadingLabel: 'Cargando...', errorTitle: 'Error al cargar', emptyText: 'Nada por aquí' };

describe('DataTable', () => {
  it('names each row by its header cell, aligns money right and adds the totals in its foot', () => {
    renderInRouter(
      <DataTable
        caption="Montos"
        scrollRegion
        columns={COLUMNS}
        rows={[
          { id: 1, name: 'Ana', amount: 10.5 },
          { id: 2, name: 'Luis', amount: 2 },
        ]}
        rowKey={(row) => row.id}
        footer={{ id: 0, name: 'Total', amount: 12.5 }}
        emptyText="Sin montos"
      />,
    );
    const region = screen.getByRole('region', { name: 'Montos' });
    expect(region.getAttribute('tabindex')).toBe('0');
    const table = within(region).getByRole('table', { name: 'Montos' });
    expect(within(table).getByRole('rowheader', { name: 'Ana' })).toBeTruthy();
    const total = within(table).getByRole('rowheader', { name: 'Total' });
    expect(total.closest('tfoot')).not.toBeNull();
    expect(total.nextElementSibling?.textContent).toBe('US$ 12.50');
    const amount = within(table).getByRole('cell', { name: 'US$ 10.50' });
    expect(amount.className).toContain('text-right');
    // The actions column keeps a name for screen readers without showing it.
    const actions = within(table).getByRole('columnheader', { name: 'Acciones' });
    expect(actions.querySelector('.sr-only')?.textContent).toBe('Acciones');
  });

  it('shows the empty text, and no foot, when there are no rows', () => {
    renderInRouter(
      <DataTable
        caption="Montos"
        columns={COLUMNS}
        rows={[]}
        rowKey={(row) => row.id}
        footer={{ id: 0, name: 'Total', amount: 0 }}
        emptyText="Sin montos"
      />,
    );
    expect(screen.getByText('Sin montos')).toBeTruthy();
    expect(screen.queryByRole('rowheader', { name: 'Total' })).toBeNull();
    expect(screen.queryByRole('region')).toBeNull();
  });
});

describe('ListPage', () => {
  it('shows the title, export and new actions, the search box, the rows and the pages', () => {
    const onSearch = vi.fn();
    const onPage = vi.fn();
    renderInRouter(
      <ListPage
        title="Clientes"
        exportMenu={<ExportMenu endpoint={clientsApi.export} fileName="clientes" />}
        create={{ label: 'Nuevo Cliente', to: '/clients/new' }}
        search={{ label: 'Buscar clientes', placeholder: 'Buscar...', value: 'an', onValueChange: onSearch }}
        statusLine="2 clientes"
        list={{ isPending: false, error: null, isEmpty: false, ...LIST_TEXTS }}
        pagination={{ page: 1, totalPages: 3, onPageChange: onPage }}
      >
        <p>las filas</p>
      </ListPage>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Clientes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nuevo Cliente' }).getAttribute('href')).toBe('/clients/new');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar clientes' }), {
      target: { value: 'ana' },
    });
    expect(onSearch).toHaveBeenCalledWith('ana');
    expect(screen.getByText('2 clientes').getAttribute('aria-live')).toBe('polite');
    expect(screen.getByText('las filas')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('is a section named by its h2 inside a settings screen, with a button that opens a dialog', () => {
    const onCreate = vi.fn();
    renderInRouter(
      <ListPage
        title="Usuarios"
        level={2}
        create={{ label: 'Nuevo Usuario', onClick: onCreate }}
        list={{ isPending: false, error: null, isEmpty: true, ...LIST_TEXTS }}
      >
        <p>las filas</p>
      </ListPage>,
    );
    expect(screen.getByRole('region', { name: 'Usuarios' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Usuarios' })).toBeTruthy();
    expect(screen.getByText('Nada por aquí')).toBeTruthy();
    expect(screen.queryByText('las filas')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Nuevo Usuario' }));
    expect(onCreate).toHaveBeenCalled();
  });

  it('shows the loading and error states in place of the rows', () => {
    renderInRouter(
      <ListPage title="Pagos" list={{ isPending: true, error: null, isEmpty: true, ...LIST_TEXTS }}>
        <p>las filas</p>
      </ListPage>,
    );
    expect(screen.getByText('Cargando...')).toBeTruthy();
    cleanup();
    renderInRouter(
      <ListPage
        title="Pagos"
        list={{ isPending: false, error: new Error('caído'), isEmpty: true, ...LIST_TEXTS }}
      >
        <p>las filas</p>
      </ListPage>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Error al cargar');
    expect(screen.queryByText('las filas')).toBeNull();
  });
});
