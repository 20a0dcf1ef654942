import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientsApi, passengersApi } from '../../src/domain/api/master-data';
import type { Passenger } from '../../src/domain/master-data';
import { ClientForm } from '../../src/web/features/clients';
import { ClientFormPage } from '../../src/web/features/clients/ClientFormPage';
import { PassengerForm } from '../../src/web/features/passengers';
import { errorOf, json, mockFetch, replyOf } from './helpers';

function renderWithQuery(ui: React.ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ClientForm', () => {
  it("shows the product's messages and calls nothing while the input is invalid", async () => {
    const fetchMock = mockFetch(() => json({}));
    renderWithQuery(<ClientForm onSaved={vi.fn()} />);
    type('Email', 'no-es-un-email');
    save();
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    expect(screen.getByLabelText('Nombre').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends empty optional fields as null and hands the saved client to onSaved', async () => {
    const saved = { id: 7, name: 'Ana Núñez', clientId: null, email: null, address: null };
    const fetchMock = mockFetch(() =>
      replyOf(clientsApi.create, { message: 'Cliente creado', client: saved }, 201),
    );
    const onSaved = vi.fn();
    renderWithQuery(<ClientForm onSaved={onSaved} />);
    type('Nombre', '  Ana Núñez ');
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved, 'Cliente creado'));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/clients');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Ana Núñez',
      clientId: null,
      email: null,
      address: null,
      phone: null,
      commune: null,
      businessActivity: null,
    });
  });

  it("stays open with 'Error updating client' and the server's reason when saving fails", async () => {
    mockFetch(() => errorOf(clientsApi.update, 404, { message: 'Cliente no encontrado' }));
    const onSaved = vi.fn();
    const client = { id: 3, name: 'Ana', clientId: '12.345.678-5', email: null, address: 'Calle 1' };
    renderWithQuery(<ClientForm client={client} onSaved={onSaved} />);
    expect((screen.getByLabelText('ID/RUT') as HTMLInputElement).value).toBe('12.345.678-5');
    save();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error updating client');
    expect(alert.textContent).toContain('Cliente no encontrado');
    expect(onSaved).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Nombre') as HTMLInputElement).value).toBe('Ana');
  });
});

describe('PassengerForm', () => {
  const stored: Passenger = {
    id: 4,
    name: 'Pedro Soto',
    passengerId: '9.876.543-2',
    email: null,
    dateOfBirth: '05/03/1990',
  };

  it("shows the product's messages for a new passenger", async () => {
    mockFetch(() => json({}));
    renderWithQuery(<PassengerForm onSaved={vi.fn()} />);
    type('Email', 'mal');
    save();
    expect(await screen.findByText('El nombre es requerido')).toBeTruthy();
    expect(screen.getByText('El ID del pasajero es requerido')).toBeTruthy();
    expect(screen.getByText('La fecha de nacimiento es requerida')).toBeTruthy();
    expect(screen.getByText('Email inválido')).toBeTruthy();
  });

  it('shows a stored dd/mm/yyyy birth date as yyyy-mm-dd and sends it that way', async () => {
    const fetchMock = mockFetch(() =>
      replyOf(passengersApi.update, {
        message: 'Pasajero actualizado',
        passenger: { ...stored, dateOfBirth: '1990-03-05' },
      }),
    );
    const onSaved = vi.fn();
    renderWithQuery(<PassengerForm passenger={stored} onSaved={onSaved} />);
    const date = screen.getByLabelText('Fecha de nacimiento') as HTMLInputElement;
    expect(date.type).toBe('date');
    expect(date.value).toBe('1990-03-05');
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/passengers/4');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toMatchObject({ dateOfBirth: '1990-03-05', email: null });
  });

  it('shows an ISO timestamp birth date as yyyy-mm-dd', () => {
    mockFetch(() => json({}));
    renderWithQuery(
      <PassengerForm passenger={{ ...stored, dateOfBirth: '1985-12-31T00:00:00.000Z' }} onSaved={vi.fn()} />,
    );
    expect((screen.getByLabelText('Fecha de nacimiento') as HTMLInputElement).value).toBe('1985-12-31');
  });

  it("shows 'Error creating passenger' with the duplicate reason from the server", async () => {
    mockFetch(() => errorOf(passengersApi.create, 409, { message: 'Ya existe un pasajero con ese ID' }));
    renderWithQuery(<PassengerForm onSaved={vi.fn()} />);
    type('Nombre', 'Luis');
    type('ID/RUT del pasajero', '1-9');
    type('Fecha de nacimiento', '2000-01-01');
    save();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error creating passenger');
    expect(alert.textContent).toContain('Ya existe un pasajero con ese ID');
  });
});

describe('ClientFormPage', () => {
  it('shows «Cliente no encontrado» for an id that cannot be a record, without asking the server', async () => {
    const fetchMock = mockFetch(() => json({}));
    const router = createMemoryRouter([{ path: '/clients/:id/edit', element: <ClientFormPage /> }], {
      initialEntries: ['/clients/abc/edit'],
    });
    renderWithQuery(<RouterProvider router={router} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Cliente no encontrado');
    expect(screen.getByRole('link', { name: 'Volver al listado' }).getAttribute('href')).toBe('/clients');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
