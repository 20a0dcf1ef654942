import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { agencyToday } from '../../src/domain/agency-day';
import { companyApi } from '../../src/domain/api/company';
import type { ReplyOf } from '../../src/domain/api/endpoint';
import { suppliersApi } from '../../src/domain/api/master-data';
import { supplierPaymentsApi } from '../../src/domain/api/supplier-payments';
import type { SupplierPaymentReply } from '../../src/domain/supplier-payment-replies';
import { SupplierPaymentForm } from '../../src/web/features/supplier-payments/SupplierPaymentForm';
import { errorOf, json, mockFetch, replyOf } from './helpers';

const SUPPLIER = { id: 7, name: 'Explora Patagonia' };
const SUMMARY: ReplyOf<typeof supplierPaymentsApi.supplier> = {
  supplierId: 7,
  supplierName: 'Explora Patagonia',
  currency: 'USD',
  totalAmount: 900,
  grossAmount: 900,
  paidAmount: 0,
  pendingAmount: 900,
  salesCount: 2,
  byCurrency: [{ currency: 'USD', grossAmount: 900, paidAmount: 0 }],
  sales: [
    {
      id: 11,
      passengerName: 'Ana Núñez',
      status: 'confirmed',
      totalCost: 400,
      currency: 'USD',
      costInSaleCurrency: 400,
      creationDate: '2026-03-01T10:00:00.000Z',
      pendingAmount: 250,
    },
    {
      id: 12,
      passengerName: 'Pedro Soto',
      status: 'confirmed',
      totalCost: 500,
      currency: 'USD',
      costInSaleCurrency: 500,
      creationDate: '2026-03-02T10:00:00.000Z',
      pendingAmount: 500.1,
    },
  ],
};

const RATES = [
  { id: 1, currency: 'USD', rate: 1, unitsPerUsd: 1, isActive: true, lastUpdated: null },
  { id: 2, currency: 'EUR', rate: 1.0825, unitsPerUsd: 0.92378753, isActive: true, lastUpdated: null },
];

/** A payment as the server saves it. */
const PAYMENT: SupplierPaymentReply = {
  id: 3,
  supplierId: 7,
  supplierName: 'Explora Patagonia',
  amount: 250,
  currency: 'USD',
  rateToUsd: 1,
  amountUsd: 250,
  paymentDate: '2026-03-10',
  description: 'Saldo de marzo',
  paymentMethod: 'transfer',
  reference: null,
  relatedSales: [],
  createdAt: '2026-03-10T12:00:00.000Z',
};
const saved = () =>
  replyOf(supplierPaymentsApi.create, { message: 'Pago a proveedor registrado', payment: PAYMENT }, 201);

/** GETs answer the picker and the related sales; the POST answers with `post`. */
function serve(post: () => Response) {
  return mockFetch((url, init) => {
    if (init.method === 'POST') return post();
    if (url.startsWith('/api/supplier-payments/supplier/7/sales'))
      return replyOf(supplierPaymentsApi.supplier, SUMMARY);
    if (url.startsWith('/api/suppliers')) return replyOf(suppliersApi.list, [SUPPLIER]);
    if (url.startsWith('/api/company/currency-rates')) return replyOf(companyApi.rates, { data: RATES });
    return errorOf(supplierPaymentsApi.supplier, 404, { message: 'no encontrado' });
  });
}

function renderForm(onCreated = vi.fn(), initialSupplier: typeof SUPPLIER | null = SUPPLIER) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SupplierPaymentForm initialSupplier={initialSupplier} onCancel={vi.fn()} onCreated={onCreated} />
    </QueryClientProvider>,
  );
  return onCreated;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Crear Pago' }));
const posts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SupplierPaymentForm', () => {
  it('starts with the documented defaults and asks for the required fields without calling the server', async () => {
    const fetchMock = serve(() => json({}, 201));
    renderForm(vi.fn(), null);
    expect((screen.getByLabelText('Monto') as HTMLInputElement).value).toBe('0');
    expect((screen.getByLabelText('Moneda') as HTMLSelectElement).value).toBe('USD');
    expect((screen.getByLabelText('Método de Pago') as HTMLSelectElement).value).toBe('transfer');
    expect((screen.getByLabelText('Fecha de Pago') as HTMLInputElement).value).toBe(agencyToday());
    submit();
    const alert = await screen.findByRole('alert');
    // One message for every missing field, not one per field.
    expect(alert.textContent).toBe('Por favor completa todos los campos requeridos');
    expect(screen.getByLabelText('Monto').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Descripción').getAttribute('aria-invalid')).toBe('true');
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it("sends the payment with the ticked sales and keeps the form open on the server's refusal", async () => {
    const fetchMock = serve(() =>
      errorOf(supplierPaymentsApi.create, 409, { message: 'No hay una tasa de cambio activa para CLP' }),
    );
    const onCreated = renderForm();
    fireEvent.click(await screen.findByRole('checkbox', { name: /#11/ }));
    type('Monto', '1500.5');
    type('Moneda', 'CLP');
    type('Descripción', 'Anticipo temporada');
    submit();
    const alert = await screen.findByText('No hay una tasa de cambio activa para CLP');
    expect(alert.closest('[role="alert"]')?.textContent).toContain('Error al crear el pago');
    expect(onCreated).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Descripción') as HTMLTextAreaElement).value).toBe('Anticipo temporada');
    const [url, init] = posts(fetchMock)[0] ?? [];
    expect(url).toBe('/api/supplier-payments');
    expect(JSON.parse(String(init?.body))).toEqual({
      supplierId: 7,
      amount: '1500.5',
      currency: 'CLP',
      paymentDate: agencyToday(),
      paymentMethod: 'transfer',
      description: 'Anticipo temporada',
      reference: null,
      relatedSales: [11],
    });
  });

  it('reads an amount written the Chilean way and sends its canonical decimal text', async () => {
    const fetchMock = serve(saved);
    renderForm();
    const amount = screen.getByLabelText('Monto') as HTMLInputElement;
    expect(amount.type).toBe('text');
    type('Monto', '1.250.000,5');
    fireEvent.blur(amount);
    expect(amount.value).toBe('1,250,000.50');
    type('Moneda', 'CLP');
    type('Descripción', 'Hotel en pesos');
    submit();
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(JSON.parse(String(posts(fetchMock)[0]?.[1]?.body))).toEqual(
      expect.objectContaining({ amount: '1250000.50', currency: 'CLP' }),
    );
  });

  it("offers the ticked sales' pending as Monto until an amount is typed", async () => {
    const fetchMock = serve(saved);
    renderForm();
    const amount = () => (screen.getByLabelText('Monto') as HTMLInputElement).value;
    const tick = async (name: RegExp) => fireEvent.click(await screen.findByRole('checkbox', { name }));
    expect(await screen.findByText('Pendiente de esta venta con el proveedor: US$ 250.00')).toBeTruthy();
    expect(screen.getByText('Pendiente de esta venta con el proveedor: US$ 500.10')).toBeTruthy();
    await tick(/#11/);
    expect(amount()).toBe('250.00');
    await tick(/#12/);
    expect(amount()).toBe('750.10');
    await tick(/#11/);
    expect(amount()).toBe('500.10');
    // In euros at 1.0825 USD each, once the rates have loaded (until then there is nothing to offer).
    await waitFor(() => {
      type('Moneda', 'USD');
      type('Moneda', 'EUR');
      expect(amount()).toBe('461.99');
    });
    type('Moneda', 'USD');
    expect(amount()).toBe('500.10');
    // An amount of the person's own stays.
    type('Monto', '100');
    await tick(/#11/);
    expect(amount()).toBe('100');
    type('Descripción', 'Pago de dos ventas');
    submit();
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(JSON.parse(String(posts(fetchMock)[0]?.[1]?.body))).toEqual(
      expect.objectContaining({ amount: '100', currency: 'USD', relatedSales: [12, 11] }),
    );
  });

  it('hands the created payment and message to onCreated', async () => {
    serve(saved);
    const onCreated = renderForm();
    type('Monto', '250');
    type('Descripción', 'Saldo de marzo');
    submit();
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(PAYMENT, 'Pago a proveedor registrado'));
  });
});
