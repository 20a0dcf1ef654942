import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReplyOf } from '../../src/domain/api/endpoint';
import { paymentsApi } from '../../src/domain/api/payments';
import type { Role } from '../../src/domain/roles';
import { AuthContext } from '../../src/web/auth/context';
import { RegisterPaymentButton } from '../../src/web/features/payments';
import { PaymentsPage } from '../../src/web/features/payments/PaymentsPage';
import { errorOf, json, makeUser, mockFetch, replyOf } from './helpers';

const ROW: ReplyOf<typeof paymentsApi.one>['payment'] = {
  id: 5,
  saleId: 31,
  date: '2026-04-02',
  amount: 250,
  currency: 'USD',
  exchangeRate: 1,
  rateEdited: false,
  usdAmount: 250,
  saleAmount: 250,
  method: 'creditCard',
  reference: 'VISA-77',
  status: 'pending',
  createdAt: '2026-04-02T10:00:00.000Z',
  sale: {
    id: 31,
    passengerName: 'Ana Núñez',
    status: 'confirmed',
    sellerId: 2,
    clientName: 'Turismo Sur',
    currency: 'USD',
  },
};

const CURRENCIES = [
  { currency: 'USD', rate: 1 },
  { currency: 'CLP', rate: 0.00105 },
];

const PAGE: ReplyOf<typeof paymentsApi.list> = {
  payments: [ROW],
  totals: { confirmed: 1200.5, pending: 250 },
  pagination: { page: 1, limit: 20, total: 1, totalPages: 1 },
};

function renderPage(role: Role = 'sales') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/payments', element: <PaymentsPage /> }], {
    initialEntries: ['/payments'],
  });
  const auth = {
    status: 'authenticated' as const,
    user: makeUser({ role }),
    login: async () => makeUser({ role }),
    logout: async () => {},
    replaceUser: () => {},
  };
  render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={auth}>
        <RouterProvider router={router} />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

const lastUrl = (fetchMock: ReturnType<typeof mockFetch>) => String(fetchMock.mock.calls.at(-1)?.[0]);

afterEach(cleanup);

describe('PaymentsPage', () => {
  it('shows each payment as a link to its sale, with the totals of the list', async () => {
    mockFetch(() => replyOf(paymentsApi.list, PAGE));
    renderPage();
    const card = await screen.findByRole('link', { name: /Turismo Sur/ });
    expect(card.getAttribute('href')).toBe('/sales/31');
    for (const text of ['Ana Núñez', 'VISA-77', 'Tarjeta de Crédito', 'Pendiente', 'US$ 250.00']) {
      expect(within(card).getByText(text)).toBeTruthy();
    }
    expect(screen.getByText('Total confirmado')).toBeTruthy();
    expect(screen.getByText('US$ 1,200.50')).toBeTruthy();
  });

  it('asks the server for the chosen status, method and search', async () => {
    const fetchMock = mockFetch(() => replyOf(paymentsApi.list, PAGE));
    renderPage();
    await screen.findByText('VISA-77');
    expect(lastUrl(fetchMock)).toBe('/api/payments?page=1&limit=20');

    fireEvent.click(screen.getByRole('button', { name: 'Pendientes' }));
    await waitFor(() => expect(lastUrl(fetchMock)).toContain('status=pending'));
    fireEvent.change(screen.getByLabelText('Método de pago'), { target: { value: 'transfer' } });
    await waitFor(() => expect(lastUrl(fetchMock)).toContain('method=transfer'));
    fireEvent.change(screen.getByLabelText('Buscar pagos por cliente o referencia'), {
      target: { value: ' VISA ' },
    });
    await waitFor(() =>
      expect(lastUrl(fetchMock)).toBe('/api/payments?status=pending&method=transfer&q=VISA&page=1&limit=20'),
    );
  });

  it('confirms a pending payment from its card; finance confirms but does not delete', async () => {
    const fetchMock = mockFetch((url) =>
      url.endsWith('/confirm')
        ? replyOf(paymentsApi.confirm, {
            message: 'Pago confirmado',
            payment: { ...ROW, status: 'confirmed' },
          })
        : replyOf(paymentsApi.list, PAGE),
    );
    renderPage('finance');
    const confirm = await screen.findByRole('button', { name: /^Confirmar pago/ });
    expect(screen.queryByRole('button', { name: /^Eliminar pago/ })).toBeNull();
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) => url === '/api/payments/5/confirm' && init?.method === 'POST',
        ),
      ).toBe(true),
    );
  });

  it('deletes a pending payment only after the confirmation dialog', async () => {
    const fetchMock = mockFetch((_url, init) =>
      init.method === 'DELETE'
        ? replyOf(paymentsApi.remove, { message: 'Pago eliminado' })
        : replyOf(paymentsApi.list, PAGE),
    );
    renderPage('sales');
    fireEvent.click(await screen.findByRole('button', { name: /^Eliminar pago/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar Pago' });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      fetchMock.mock.calls.some(([url, init]) => url === '/api/payments/5' && init?.method === 'DELETE'),
    ).toBe(true);
  });

  it('says when nothing matches and when loading fails', async () => {
    mockFetch(() =>
      replyOf(paymentsApi.list, { ...PAGE, payments: [], totals: { confirmed: 0, pending: 0 } }),
    );
    renderPage();
    expect(await screen.findByText('No se encontraron pagos')).toBeTruthy();
    cleanup();
    mockFetch(() => json({ message: 'boom' }, 500, 'Internal Server Error'));
    renderPage();
    expect(await screen.findByText('Error al cargar pagos')).toBeTruthy();
  });
});

/** What the dialog sent; it also reads the agency's preferences (threshold, today) with a GET. */
const posts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('RegisterPaymentButton', () => {
  function renderButton(status: 'confirmed' | 'cancelled' = 'confirmed') {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <RegisterPaymentButton sale={{ id: 9, status, balance: 1000, currency: 'USD', exchangeRate: 1 }} />
      </QueryClientProvider>,
    );
  }

  it('registers a payment and closes the dialog', async () => {
    const fetchMock = mockFetch((url) =>
      url === '/api/payments/currencies'
        ? replyOf(paymentsApi.currencies, { currencies: CURRENCIES })
        : replyOf(paymentsApi.create, { message: 'Pago registrado', payment: ROW }, 201),
    );
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Registrar Pago' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar Pago' });
    // The form opens once the currencies are known.
    await within(dialog).findByLabelText('Monto');
    fireEvent.change(within(dialog).getByLabelText('Monto'), { target: { value: '99.90' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar Pago' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const body = JSON.parse(String(posts(fetchMock)[0]?.[1]?.body));
    expect(body).toMatchObject({
      saleId: 9,
      amount: '99.90',
      currency: 'USD',
      method: 'cash',
      reference: null,
    });
    // The rate was not typed: the server values the payment at its own rate of today.
    expect('exchangeRate' in body).toBe(false);
  });

  it('pays in pesos: fills in the rate, shows the USD value live, and sends a typed rate', async () => {
    const fetchMock = mockFetch((url) =>
      url === '/api/payments/currencies'
        ? replyOf(paymentsApi.currencies, { currencies: CURRENCIES })
        : replyOf(paymentsApi.create, { message: 'Pago registrado', payment: ROW }, 201),
    );
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Registrar Pago' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar Pago' });
    // The form opens once the currencies are known.
    await within(dialog).findByLabelText('Monto');
    const rate = () => within(dialog).getByLabelText(/^Tasa de cambio/) as HTMLInputElement;
    expect((within(dialog).getByLabelText('Moneda') as HTMLSelectElement).value).toBe('USD');
    fireEvent.change(within(dialog).getByLabelText('Moneda'), { target: { value: 'CLP' } });
    await waitFor(() => expect(rate().value).toBe('0.00105'));
    fireEvent.change(within(dialog).getByLabelText('Monto'), { target: { value: '1.000.000' } });
    expect(within(dialog).getByTestId('payment-usd').textContent).toContain('≈ US$ 1,050.00');
    fireEvent.change(rate(), { target: { value: '0,001052' } });
    expect(within(dialog).getByTestId('payment-usd').textContent).toContain('≈ US$ 1,052.00');
    // US$ 1,052.00 is over the 1,000.00 owed: asked first, with the excess in USD.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar Pago' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('US$ 52.00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar pago' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const body = JSON.parse(String(posts(fetchMock)[0]?.[1]?.body));
    expect(body).toMatchObject({ saleId: 9, amount: '1000000', currency: 'CLP', exchangeRate: '0.001052' });
  });

  it('asks before an overpayment judged on the USD value, not on the pesos typed', async () => {
    const fetchMock = mockFetch((url) =>
      url === '/api/payments/currencies'
        ? replyOf(paymentsApi.currencies, { currencies: CURRENCIES })
        : replyOf(paymentsApi.create, { message: 'Pago registrado', payment: ROW }, 201),
    );
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Registrar Pago' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar Pago' });
    // The form opens once the currencies are known.
    await within(dialog).findByLabelText('Monto');
    fireEvent.change(within(dialog).getByLabelText('Moneda'), { target: { value: 'CLP' } });
    // 900.000 CLP is US$ 945.00, under the 1,000.00 owed: no question.
    fireEvent.change(within(dialog).getByLabelText('Monto'), { target: { value: '900.000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar Pago' }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
  });

  it("keeps the dialog open with the product's message and the server reason on failure", async () => {
    mockFetch(() =>
      errorOf(paymentsApi.create, 409, { message: 'No se pueden registrar pagos en una venta cancelada' }),
    );
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Registrar Pago' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar Pago' });
    // The form opens once the currencies are known.
    await within(dialog).findByLabelText('Monto');
    fireEvent.change(within(dialog).getByLabelText('Monto'), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar Pago' }));
    expect(await within(dialog).findByText('Failed to create payment')).toBeTruthy();
    expect(within(dialog).getByText('No se pueden registrar pagos en una venta cancelada')).toBeTruthy();
  });

  it('requires a payment date', async () => {
    const fetchMock = mockFetch(() => json({}));
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Registrar Pago' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar Pago' });
    // The form opens once the currencies are known.
    await within(dialog).findByLabelText('Monto');
    fireEvent.change(within(dialog).getByLabelText('Fecha de pago'), { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText('Monto'), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar Pago' }));
    expect(await within(dialog).findByText('La fecha de pago es requerida')).toBeTruthy();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('is disabled on a cancelled sale', () => {
    renderButton('cancelled');
    expect((screen.getByRole('button', { name: 'Registrar Pago' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
