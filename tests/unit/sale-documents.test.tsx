import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentsApi } from '../../src/domain/api/documents';
import type { ReplyOf } from '../../src/domain/api/endpoint';
import type { SaleStatus } from '../../src/domain/status';
import { SaleDocuments } from '../../src/web/features/documents';
import { mockFetch, replyOf } from './helpers';

const QUOTES = [
  {
    version: 2,
    number: 'COT-7-2',
    validUntil: '2031-01-31',
    sha256: 'a'.repeat(64),
    createdAt: '2026-11-20T13:00:00.000Z',
    createdBy: 'vendedor',
  },
];

/** The sale as the server answers once accepted. */
const CONFIRMED_SALE = {
  id: 7,
  status: 'confirmed',
  passengerName: 'Ana Núñez',
  clientId: 3,
  sellerId: 2,
  travelDate: '2031-02-10',
  saleType: 'individual',
  serviceType: 'package',
  region: 'national',
  passengerCount: 1,
  creationDate: '2026-11-20T13:00:00.000Z',
  currency: 'USD',
  salePrice: 1000,
  totalCost: 800,
  exchangeRate: 1,
  salePriceUsd: 1000,
  totalCostUsd: 800,
  version: 2,
  updatedAt: '2026-11-20T13:05:00.000Z',
  client: { id: 3, name: 'Turismo Sur', clientId: null, email: null },
  seller: { id: 2, username: 'vendedor', email: 'ventas@viajes-demo.cl', role: 'sales' },
  items: [],
  totalPaid: 0,
  balance: 1000,
  refundAmount: 0,
  plan: [],
  planMismatch: false,
} satisfies ReplyOf<typeof documentsApi.acceptQuote>['sale'];

function renderDocuments(status: SaleStatus, canEdit = true, onAccepted = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SaleDocuments
        sale={{ id: 7, status }}
        canEdit={canEdit}
        timeZone="America/Santiago"
        onAccepted={onAccepted}
      />
    </QueryClientProvider>,
  );
  return onAccepted;
}

afterEach(cleanup);

describe('SaleDocuments', () => {
  it('offers the quote of a draft with its kept versions, and keeping and accepting to its editors', async () => {
    mockFetch(() => replyOf(documentsApi.quotes, { quotes: QUOTES }));
    renderDocuments('draft');
    expect(await screen.findByText('COT-7-2')).toBeTruthy();
    expect(screen.getByText(/Válida hasta 31 ene 2031/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Descargar COT-7-2' })).toBeTruthy();
    for (const name of ['Cotización (PDF)', 'Enviar cotización', 'Guardar versión', 'Aceptar cotización'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Itinerario (PDF)' })).toBeNull();
  });

  it('lets a reader only download', async () => {
    mockFetch(() => replyOf(documentsApi.quotes, { quotes: [] }));
    renderDocuments('draft', false);
    expect(await screen.findByText('Aún no hay versiones guardadas.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cotización (PDF)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Aceptar cotización' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Guardar versión' })).toBeNull();
    // Sending a quote keeps a version: not for a reader either.
    expect(screen.queryByRole('button', { name: 'Enviar cotización' })).toBeNull();
  });

  it('accepts after asking, and hands the confirmed sale to the page', async () => {
    const fetchMock = mockFetch((_url, init) =>
      init.method === 'POST'
        ? replyOf(documentsApi.acceptQuote, {
            message: 'Cotización aceptada: la venta está confirmada',
            sale: CONFIRMED_SALE,
          })
        : replyOf(documentsApi.quotes, { quotes: [] }),
    );
    const onAccepted = renderDocuments('draft');
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar cotización' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aceptar cotización' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aceptar cotización' }));
    await waitFor(() =>
      expect(onAccepted).toHaveBeenCalledWith(
        expect.objectContaining({ sale: expect.objectContaining({ status: 'confirmed' }) }),
      ),
    );
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === '/api/sales/7/quote/accept' && init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it('offers the itinerary of a confirmed or completed sale, and nothing for a cancelled one', () => {
    mockFetch(() => replyOf(documentsApi.quotes, { quotes: [] }));
    renderDocuments('completed');
    expect(screen.getByRole('button', { name: 'Itinerario (PDF)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enviar itinerario' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cotización (PDF)' })).toBeNull();
    cleanup();
    renderDocuments('cancelled');
    expect(screen.queryByRole('region', { name: 'Documentos para el cliente' })).toBeNull();
  });
});
