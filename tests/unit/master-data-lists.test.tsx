import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReplyOf } from '../../src/domain/api/endpoint';
import { clientsApi, operatorsApi, suppliersApi } from '../../src/domain/api/master-data';
import type { Client } from '../../src/domain/master-data';
import type { Role } from '../../src/domain/roles';
import { RequireAuth } from '../../src/web/auth';
import { CatalogListPage } from '../../src/web/features/catalogs/CatalogListPage';
import { ClientsPage } from '../../src/web/features/clients/ClientsPage';
import { type FetchHandler, json, makeUser, mockFetch, renderRoutes, replyOf, signIn } from './helpers';

const ana: Client = {
  id: 1,
  name: 'Ana Núñez',
  clientId: '12.345.678-5',
  email: 'ana@example.com',
  phone: '9 8765 4321',
  commune: 'Ñuñoa',
  address: null,
};
const page = (data: Client[], pageNumber = 1, totalPages = 1) =>
  replyOf(clientsApi.list, {
    data,
    pagination: { page: pageNumber, limit: 20, total: data.length, totalPages },
  });

function setup(role: Role, element: React.ReactElement, path: string, api: FetchHandler) {
  const user = makeUser({ role });
  signIn(user);
  const fetchMock = mockFetch((url, init) => (url === '/api/users/me' ? json({ user }) : api(url, init)));
  renderRoutes([{ path, element: <RequireAuth>{element}</RequireAuth> }], path);
  return fetchMock;
}

const listCalls = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith(path));

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('ClientsPage', () => {
  it('shows each client with its details and the write buttons for sales users', async () => {
    setup('sales', <ClientsPage />, '/clients', () => page([ana]));
    expect(await screen.findByRole('heading', { name: 'Ana Núñez' })).toBeTruthy();
    expect(screen.getByText('12.345.678-5')).toBeTruthy();
    expect(screen.getByText('ana@example.com')).toBeTruthy();
    expect(screen.getByText('Ñuñoa')).toBeTruthy();
    // A Chilean mobile typed without its country code opens WhatsApp with it.
    expect(screen.getByRole('link', { name: 'WhatsApp de Ana Núñez' }).getAttribute('href')).toBe(
      'https://wa.me/56987654321',
    );
    expect(screen.getByRole('link', { name: 'Nuevo Cliente' }).getAttribute('href')).toBe('/clients/new');
    expect(screen.getByRole('link', { name: 'Editar Ana Núñez' }).getAttribute('href')).toBe(
      '/clients/1/edit',
    );
    expect(screen.getByRole('button', { name: 'Eliminar Ana Núñez' })).toBeTruthy();
  });

  it("shows 'No indicado' for the details a client has not, left out of the reply as the wire sends it", async () => {
    // The server drops a null field from the JSON: the key is missing, not null.
    setup('sales', <ClientsPage />, '/clients', () => page([{ id: 2, name: 'Berta Soto' }]));
    const card = (await screen.findByRole('heading', { name: 'Berta Soto' })).closest('li') as HTMLElement;
    // ID, e-mail, address, phone, comuna and giro; no WhatsApp link without a phone.
    expect(within(card).getAllByText('No indicado')).toHaveLength(6);
    expect(within(card).queryByRole('link', { name: /WhatsApp/ })).toBeNull();
  });

  it('lets finance read without new, edit or delete buttons', async () => {
    setup('finance', <ClientsPage />, '/clients', () => page([ana]));
    expect(await screen.findByRole('heading', { name: 'Ana Núñez' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Nuevo Cliente' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Editar/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Eliminar/ })).toBeNull();
  });

  it('searches on the server once typing pauses, from page 1', async () => {
    const fetchMock = setup('admin', <ClientsPage />, '/clients', (url) =>
      url === '/api/clients/id-problems'
        ? replyOf(clientsApi.idProblems, { invalid: [], duplicates: [] })
        : url.includes('q=')
          ? page([])
          : page([ana], 1, 3),
    );
    await screen.findByRole('heading', { name: 'Ana Núñez' });
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(listCalls(fetchMock, '/api/clients').at(-1)).toContain('page=2'));

    const search = screen.getByPlaceholderText('Buscar clientes...');
    fireEvent.change(search, { target: { value: 'n' } });
    fireEvent.change(search, { target: { value: 'nu' } });
    fireEvent.change(search, { target: { value: 'nunez' } });
    expect(await screen.findByText('No se encontraron clientes')).toBeTruthy();
    const searches = listCalls(fetchMock, '/api/clients').filter((url) => url.includes('q='));
    expect(searches).toEqual(['/api/clients?q=nunez&page=1&limit=20']);
  });

  it('shows the admin the saved IDs/RUT to fix, each a link to its client; sellers never ask', async () => {
    const problems: ReplyOf<typeof clientsApi.idProblems> = {
      invalid: [{ id: 7, name: 'Rut Malo', clientId: '12.345.678-9' }],
      duplicates: [
        {
          key: '123456785',
          clients: [
            { id: 1, name: 'Ana Núñez', clientId: '12.345.678-5' },
            { id: 8, name: 'Ana Gemela', clientId: '123456785' },
          ],
        },
      ],
    };
    const api = (url: string) =>
      url === '/api/clients/id-problems' ? replyOf(clientsApi.idProblems, problems) : page([ana]);
    setup('admin', <ClientsPage />, '/clients', api);
    const notice = await screen.findByRole('region', { name: 'IDs/RUT por corregir (3)' });
    expect(within(notice).getByRole('link', { name: 'Rut Malo (12.345.678-9)' }).getAttribute('href')).toBe(
      '/clients/7/edit',
    );
    expect(within(notice).getByRole('link', { name: 'Ana Gemela (123456785)' }).getAttribute('href')).toBe(
      '/clients/8/edit',
    );
    cleanup();

    const fetchMock = setup('sales', <ClientsPage />, '/clients', api);
    await screen.findByRole('heading', { name: 'Ana Núñez' });
    expect(screen.queryByRole('region', { name: /IDs\/RUT por corregir/ })).toBeNull();
    expect(listCalls(fetchMock, '/api/clients/id-problems')).toEqual([]);
  });

  it("shows 'Error loading clients' when the list fails", async () => {
    setup('admin', <ClientsPage />, '/clients', () => json({ message: 'boom' }, 500, 'Server Error'));
    expect((await screen.findByRole('alert')).textContent).toBe('Error loading clients');
  });
});

describe('CatalogListPage', () => {
  it('uses the texts of its kind', async () => {
    setup('admin', <CatalogListPage kind="operators" />, '/operators', () => replyOf(operatorsApi.list, []));
    expect(await screen.findByText('No se encontraron operadores')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Operadores' })).toBeTruthy();
    expect(screen.getByPlaceholderText('Buscar operadores...')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nuevo Operador' }).getAttribute('href')).toBe('/operators/new');
  });

  it('lists the bare array the catalogs reply, and pages by the total in X-Total-Count', async () => {
    const rows = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, name: `Proveedor ${i + 1}` }));
    const fetchMock = setup('admin', <CatalogListPage kind="suppliers" />, '/suppliers', () => {
      const response = replyOf(suppliersApi.list, rows);
      response.headers.set('X-Total-Count', '45');
      return response;
    });
    expect(await screen.findByRole('rowheader', { name: 'Proveedor 20' })).toBeTruthy();
    expect(listCalls(fetchMock, '/api/suppliers')[0]).toMatch(/[?&]page=1&limit=20$/);
    expect(await screen.findByText(/Página 1 de 3/)).toBeTruthy();
  });

  it("shows the kind's load error", async () => {
    setup('admin', <CatalogListPage kind="classifications" />, '/classifications', () =>
      json({ message: 'x' }, 500, 'Server Error'),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Error al cargar clasificaciones');
  });
});
