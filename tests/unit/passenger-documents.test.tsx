import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { passengersApi } from '../../src/domain/api/master-data';
import type { Passenger } from '../../src/domain/master-data';
import { documentSummary } from '../../src/domain/travel-document';
import { PassengerForm } from '../../src/web/features/passengers';
import { SalePassengers } from '../../src/web/features/sales/SalePassengers';
import { json, mockFetch, replyOf } from './helpers';

/** The passenger's travel document on the form and on the sale detail (decision 0096). */
const stored: Passenger = {
  id: 4,
  name: 'Pedro Soto',
  passengerId: 'P-44',
  dateOfBirth: '1990-03-05',
  nationality: 'PE',
  documentType: 'passport',
  documentNumber: 'F1234567',
  documentExpiry: '2031-06-30',
};

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
const renderForm = (passenger?: Passenger) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PassengerForm passenger={passenger} onSaved={vi.fn()} />
    </QueryClientProvider>,
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PassengerForm travel document', () => {
  it('refuses a RUT document with a wrong check digit before calling the server', async () => {
    const fetchMock = mockFetch(() => json({}));
    renderForm(stored);
    type('Tipo de documento', 'rut');
    type('Número de documento', '12.345.678-9');
    save();
    expect(
      await screen.findByText('El número de documento no es un RUT válido (revise el dígito verificador)'),
    ).toBeTruthy();
    expect(screen.getByLabelText('Número de documento').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the saved document, sends a RUT in its stored form and an emptied field as null', async () => {
    const fetchMock = mockFetch(() =>
      replyOf(passengersApi.update, { message: 'Pasajero actualizado', passenger: stored }),
    );
    renderForm(stored);
    expect((screen.getByLabelText('Nacionalidad') as HTMLSelectElement).value).toBe('PE');
    expect((screen.getByLabelText('Vencimiento del documento') as HTMLInputElement).value).toBe('2031-06-30');
    type('Tipo de documento', 'rut');
    type('Número de documento', '123456785');
    fireEvent.blur(screen.getByLabelText('Número de documento'));
    type('Nacionalidad', '');
    save();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toMatchObject({
      documentType: 'rut',
      documentNumber: '12.345.678-5',
      documentExpiry: '2031-06-30',
      nationality: null,
      phone: null,
    });
  });
});

describe('the sale detail passengers', () => {
  it('lists each passenger once with the document, its expiry and the nationality', () => {
    const ana: Passenger = { id: 5, name: 'Ana Díaz', passengerId: 'A-5', dateOfBirth: '2012-01-01' };
    render(<SalePassengers items={[{ passengers: [stored, ana] }, { passengers: [stored] }]} />);
    const rows = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(rows).toEqual([
      'Pedro SotoPasaporte F1234567 · vence 30 jun 2031 · Perú',
      'Ana DíazSin documento',
    ]);
    expect(documentSummary({ documentExpiry: '2031-06-30' })).toBe('vence 30 jun 2031');
  });
});
