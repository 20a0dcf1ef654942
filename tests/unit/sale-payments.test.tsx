import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReplyOf } from '../../src/domain/api/endpoint';
import { paymentsApi } from '../../src/domain/api/payments';
import { formatMoney } from '../../src/domain/format';
import { type PaymentsSale, SalePayments } from '../../src/web/features/payments';
import { json, mockFetch, replyOf } from './helpers';

const SALE: PaymentsSale = {
  id: 9,
  salePrice: 1000,
  totalPaid: 400,
  balance: 600,
  refundAmount: 0,
  status: 'confirmed',
  currency: 'USD',
  exchangeRate: 1,
};

/** The sale every payment of GET /api/payments/sale/9 names. */
const SALE_REF = {
  id: 9,
  passengerName: 'Ana Núñez',
  status: 'confirmed',
  sellerId: 2,
  clientName: 'Turismo Sur',
  currency: 'USD',
} as const;

const PAYMENTS: ReplyOf<typeof paymentsApi.ofSale> = [
  {
    id: 1,
    saleId: 9,
    date: '2026-03-02',
    amount: 400,
    currency: 'USD',
    exchangeRate: 1,
    rateEdited: false,
    usdAmount: 400,
    saleAmount: 400,
    method: 'transfer',
    reference: 'TRX-1',
    status: 'confirmed',
    createdAt: '2026-03-02T10:00:00.000Z',
    sale: SALE_REF,
  },
  {
    id: 2,
    saleId: 9,
    date: '2026-03-03',
    amount: 50,
    currency: 'CLP',
    exchangeRate: 0.001052,
    rateEdited: true,
    usdAmount: 0.05,
    saleAmount: 0.05,
    method: 'cash',
    reference: null,
    status: 'pending',
    createdAt: '2026-03-03T10:00:00.000Z',
    sale: SALE_REF,
  },
];

function renderSection(sale: PaymentsSale = SALE, canWrite = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SalePayments sale={sale} canWrite={canWrite} />
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('SalePayments', () => {
  it('lists the payments with their method labels, a dash for no reference and a pending badge', async () => {
    mockFetch(() => replyOf(paymentsApi.ofSale, PAYMENTS));
    renderSection();
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('Transferencia')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('TRX-1')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Efectivo')).toBeTruthy();
    // A payment in pesos shows both amounts and the rate it was valued with.
    expect(within(rows[1] as HTMLElement).getByText(/CLP 50 \(US\$ 0\.05\)/)).toBeTruthy();
    expect(
      within(rows[1] as HTMLElement).getByText(/Tasa: 0\.001052 US\$ por CLP \(ingresada a mano\)/),
    ).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('-')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Pendiente')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Editar pago' })).toHaveLength(2);
  });

  it('shows the server totals, Pendiente in red while something is owed', async () => {
    mockFetch(() => replyOf(paymentsApi.ofSale, []));
    renderSection();
    expect(await screen.findByText('No hay pagos registrados para esta venta')).toBeTruthy();
    expect(screen.getByText('US$ 1,000.00')).toBeTruthy();
    expect(screen.getByText('US$ 400.00')).toBeTruthy();
    expect(screen.getByTestId('sale-balance').className).toContain('text-red-700');
  });

  it('shows an overpayment as Saldo a favor in green, not as Pendiente', async () => {
    mockFetch(() => replyOf(paymentsApi.ofSale, []));
    renderSection({ ...SALE, totalPaid: 1100, balance: -100 });
    const balance = screen.getByTestId('sale-balance');
    expect(balance.className).toContain('text-green-700');
    expect(balance.textContent).toBe(formatMoney(100));
    expect(balance.previousElementSibling?.textContent).toBe('Saldo a favor');
    expect(screen.queryByTestId('sale-refund')).toBeNull();
  });

  it('shows a cancelled sale with nothing pending and what it paid to give back', async () => {
    mockFetch(() => replyOf(paymentsApi.ofSale, PAYMENTS));
    renderSection({ ...SALE, status: 'cancelled', balance: 0, refundAmount: 400 });
    await screen.findAllByRole('listitem');
    const balance = screen.getByTestId('sale-balance');
    expect(balance.textContent).toBe(formatMoney(0));
    expect(balance.previousElementSibling?.textContent).toBe('Pendiente');
    expect(screen.getByTestId('sale-refund').textContent).toBe(`A devolver ${formatMoney(400)}`);
  });

  it('offers the receipt of a confirmed payment only, to readers too', async () => {
    mockFetch(() => replyOf(paymentsApi.ofSale, PAYMENTS));
    renderSection(SALE, false);
    const rows = await screen.findAllByRole('listitem');
    expect(
      within(rows[0] as HTMLElement).getByRole('button', {
        name: `Comprobante del pago de ${formatMoney(400)} del 02 mar 2026`,
      }),
    ).toBeTruthy();
    expect(
      within(rows[0] as HTMLElement).getByRole('button', {
        name: `Enviar comprobante del pago de ${formatMoney(400)} del 02 mar 2026`,
      }),
    ).toBeTruthy();
    expect(within(rows[1] as HTMLElement).queryByRole('button', { name: /Comprobante/i })).toBeNull();
  });

  it('has no edit buttons for a reader', async () => {
    mockFetch(() => replyOf(paymentsApi.ofSale, PAYMENTS));
    renderSection(SALE, false);
    await screen.findAllByRole('listitem');
    expect(screen.queryByRole('button', { name: 'Editar pago' })).toBeNull();
  });

  it("edits a payment and keeps the dialog open with the product's message when the server refuses", async () => {
    const fetchMock = mockFetch((_url, init) =>
      init.method === 'PUT'
        ? json({ message: 'Error interno' }, 500, 'Internal Server Error')
        : replyOf(paymentsApi.ofSale, PAYMENTS),
    );
    renderSection();
    fireEvent.click((await screen.findAllByRole('button', { name: 'Editar pago' }))[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Editar Pago' });
    // The form opens once the currencies are known.
    await within(dialog).findByLabelText('Monto');
    expect((within(dialog).getByLabelText('Monto') as HTMLInputElement).value).toBe('400');

    fireEvent.change(within(dialog).getByLabelText('Monto'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar Pago' }));
    expect(await within(dialog).findByText('Please enter a valid amount')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Monto'), { target: { value: '1000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar Pago' }));
    expect(await within(dialog).findByText('Failed to update payment')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe('/api/payments/1');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      date: '2026-03-02',
      amount: '1000',
      currency: 'USD',
      method: 'transfer',
      reference: 'TRX-1',
      status: 'confirmed',
    });
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Editar Pago' })).toBeTruthy());
  });
});
