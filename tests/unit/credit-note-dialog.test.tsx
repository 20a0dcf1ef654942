import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invoicesApi } from '../../src/domain/api/invoices';
import { RequireAuth } from '../../src/web/auth';
import type { Invoice } from '../../src/web/features/invoices/api';
import { InvoiceDetailPage } from '../../src/web/features/invoices/InvoiceDetailPage';
import {
  errorOf,
  type FetchHandler,
  json,
  makeUser,
  mockFetch,
  renderRoutes,
  replyOf,
  signIn,
} from './helpers';

// The credit note dialog of a DTE invoice (decision 0067): annul, correct amounts per item, correct text.

const item = {
  classificationName: 'Hotel',
  supplierName: 'Andes Tours',
  passengers: ['Ana Núñez'],
  dateIn: '2026-04-01',
  dateOut: '2026-04-05',
  salePrice: 1000.5,
};
const invoice: Invoice = {
  id: 7,
  invoiceNumber: 'F-2026-000042',
  saleId: 12,
  date: '2026-03-05',
  amount: 1250.75,
  currency: 'USD',
  status: 'pending',
  client: { name: 'Ana Núñez', taxId: '12.345.678-5' },
  company: { name: 'Viajes Demo', taxId: '76.000.000-0', address: 'Calle 1', email: 'a@b.cl', phone: '1' },
  items: [
    { ...item, id: 1, description: 'Hotel Cusco', exempt: false, pesos: 952_856, pesosLeft: 833_856 },
    { ...item, id: 2, description: 'Seguro', exempt: true, pesos: 238_333, pesosLeft: 238_333 },
  ],
  createdAt: '2026-03-05T12:00:00.000Z',
  dteType: 33,
  folio: 15,
  netAmount: 800_719,
  exemptAmount: 238_333,
  vatAmount: 152_137,
  totalAmount: 1_191_189,
  creditNotes: [
    {
      id: 40,
      folio: 5,
      date: '2026-03-06',
      code: 3,
      kind: 'amounts',
      reason: 'Descuento',
      netAmount: 100_000,
      exemptAmount: 0,
      vatAmount: 19_000,
      totalAmount: 119_000,
      lines: [{ itemId: 1, pesos: 119_000 }],
      sii: { id: 5, status: 'accepted', messages: [] },
    },
  ],
};

function open(answer: FetchHandler) {
  const user = makeUser({ role: 'admin' });
  signIn(user);
  const fetchMock = mockFetch((url, init) => (url === '/api/users/me' ? json({ user }) : answer(url, init)));
  renderRoutes(
    [
      {
        path: '/invoices/:id',
        element: (
          <RequireAuth>
            <InvoiceDetailPage />
          </RequireAuth>
        ),
      },
    ],
    '/invoices/7',
  );
  return fetchMock;
}
const sentBodies = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith('/credit-note'))
    .map(([, init]) => JSON.parse(String(init?.body)));

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the credit note dialog', () => {
  it('lists the invoice’s notes with their kind, amount and SII status', async () => {
    open(() => replyOf(invoicesApi.one, { invoice }));
    const section = await screen.findByRole('region', { name: 'Notas de crédito' });
    expect(section.textContent).toContain('Nota de Crédito Electrónica N° 5');
    expect(section.textContent).toContain('Corrige montos · CLP 119,000');
    expect(section.textContent).toContain('SII: Aceptado');
    expect(within(section).getByRole('button', { name: 'XML de la nota N° 5' })).toBeTruthy();
  });

  it('corrects amounts per item with a live total, and keeps what was typed when the server refuses', async () => {
    let refuse = true;
    const fetchMock = open((url) => {
      if (!url.endsWith('/credit-note')) return replyOf(invoicesApi.one, { invoice });
      if (refuse) {
        refuse = false;
        return errorOf(invoicesApi.creditNote, 400, {
          message: 'Al ítem 2 le quedan CLP 238,333 por acreditar',
          errors: [{ path: 'lines.1.pesos', message: 'Al ítem 2 le quedan CLP 238,333 por acreditar' }],
        });
      }
      return replyOf(invoicesApi.creditNote, { message: 'Nota de crédito emitida', invoice });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Emitir nota de crédito' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('anula la Factura Electrónica N° 15 por CLP 1,072,189');
    fireEvent.click(within(dialog).getByLabelText(/Corregir montos/));
    const hotel = within(dialog).getByRole('group', { name: 'Hotel Cusco' });
    expect(hotel.textContent).toContain('Queda por acreditar CLP 833,856 de CLP 952,856');
    const hotelInput = within(hotel).getByLabelText('Pesos a acreditar');
    fireEvent.change(hotelInput, { target: { value: '119000' } });
    fireEvent.blur(hotelInput);
    expect((hotelInput as HTMLInputElement).value).toBe('119.000');
    const seguro = within(within(dialog).getByRole('group', { name: 'Seguro' })).getByLabelText(
      'Pesos a acreditar',
    );
    fireEvent.change(seguro, { target: { value: '1.000,5' } });
    expect(dialog.textContent).toContain('Total a acreditar: CLP 119,000 de CLP 1,072,189 que quedan');
    fireEvent.change(within(dialog).getByLabelText('Motivo (se imprime en la nota de crédito)'), {
      target: { value: 'Descuento acordado' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Emitir nota de crédito' }));
    expect(await within(dialog).findByText(/Los pesos van sin decimales/)).toBeTruthy();
    expect(sentBodies(fetchMock)).toEqual([]);

    fireEvent.change(seguro, { target: { value: '300.000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Emitir nota de crédito' }));
    expect(await within(dialog).findByText(/Quedan CLP 238,333 por acreditar en este ítem/)).toBeTruthy();

    fireEvent.change(seguro, { target: { value: '238.333' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Emitir nota de crédito' }));
    // The server's refusal shows under the item it names; what was typed stays.
    expect((await within(dialog).findAllByText('Al ítem 2 le quedan CLP 238,333 por acreditar')).length).toBe(
      2,
    );
    expect((seguro as HTMLInputElement).value).toBe('238.333');
    expect(sentBodies(fetchMock)).toEqual([
      {
        reason: 'Descuento acordado',
        kind: 'amounts',
        lines: [
          { itemId: 1, pesos: 119_000 },
          { itemId: 2, pesos: 238_333 },
        ],
      },
    ]);
  });

  it('corrects text without amounts', async () => {
    const fetchMock = open((url) =>
      url.endsWith('/credit-note')
        ? replyOf(invoicesApi.creditNote, { message: 'Nota de crédito emitida', invoice })
        : replyOf(invoicesApi.one, { invoice }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Emitir nota de crédito' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText(/Corregir texto/));
    expect(within(dialog).queryByLabelText('Pesos a acreditar')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Motivo (se imprime en la nota de crédito)'), {
      target: { value: 'Dice: giro Comercio; debe decir: Turismo' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Emitir nota de crédito' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBodies(fetchMock)).toEqual([
      { reason: 'Dice: giro Comercio; debe decir: Turismo', kind: 'text' },
    ]);
  });
});
