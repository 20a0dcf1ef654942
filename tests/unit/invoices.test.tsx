import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invoicesApi } from '../../src/domain/api/invoices';
import { siiApi } from '../../src/domain/api/sii';
import type { Role } from '../../src/domain/roles';
import { fileNameFromDisposition } from '../../src/web/api/download';
import { RequireAuth } from '../../src/web/auth';
import type { Invoice } from '../../src/web/features/invoices/api';
import { InvoiceDetailPage } from '../../src/web/features/invoices/InvoiceDetailPage';
import { InvoicesPage } from '../../src/web/features/invoices/InvoicesPage';
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

const invoice: Invoice = {
  id: 7,
  invoiceNumber: 'F-2026-000042',
  saleId: 12,
  date: '2026-03-05',
  amount: 1234.5,
  currency: 'USD',
  status: 'pending',
  client: { name: 'Ana Núñez', taxId: '12.345.678-5', email: 'ana@example.com', address: null },
  company: {
    name: 'Viajes Demo',
    taxId: '76.000.000-0',
    address: 'Av. Siempre Viva 123',
    email: 'hola@viajes-demo.cl',
    phone: '+56 2 1234 5678',
  },
  items: [
    {
      id: 1,
      description: 'Hotel en Cusco',
      classificationName: 'Hotel',
      supplierName: 'Andes Tours',
      passengers: ['Ana Núñez', 'Luis Pérez'],
      dateIn: '2026-04-01',
      dateOut: '2026-04-05',
      salePrice: 1234.5,
    },
  ],
  cancelledAt: null,
  cancelReason: null,
  createdAt: '2026-03-05T12:00:00.000Z',
  creditNotes: [],
};

const listPage = (invoices: Invoice[]) =>
  replyOf(invoicesApi.list, {
    invoices,
    pagination: { page: 1, limit: 20, total: invoices.length, totalPages: 1 },
  });

function setup(role: Role, path: string, routePath: string, element: React.ReactElement, api: FetchHandler) {
  const user = makeUser({ role });
  signIn(user);
  const fetchMock = mockFetch((url, init) => (url === '/api/users/me' ? json({ user }) : api(url, init)));
  renderRoutes([{ path: routePath, element: <RequireAuth>{element}</RequireAuth> }], path);
  return fetchMock;
}

const calls = (fetchMock: ReturnType<typeof mockFetch>, prefix: string) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith(prefix));

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('fileNameFromDisposition', () => {
  it('takes the server’s file name, else the fallback', () => {
    expect(fileNameFromDisposition('attachment; filename="F-2026-000042.pdf"', 'x.pdf')).toBe(
      'F-2026-000042.pdf',
    );
    expect(fileNameFromDisposition(null, 'F-1.pdf')).toBe('F-1.pdf');
    expect(fileNameFromDisposition('attachment', 'F-1.pdf')).toBe('F-1.pdf');
  });
});

describe('InvoicesPage', () => {
  it('lists invoices with number, client, amount and status, linking to each', async () => {
    setup('finance', '/invoices', '/invoices', <InvoicesPage />, () => listPage([invoice]));
    const link = await screen.findByRole('link', { name: /F-2026-000042/ });
    expect(link.getAttribute('href')).toBe('/invoices/7');
    expect(link.textContent).toContain('Ana Núñez');
    expect(link.textContent).toContain('US$ 1,234.50');
    expect(link.textContent).toContain('Pendiente');
  });

  it('filters by status on the server and says when nothing matches', async () => {
    const fetchMock = setup('admin', '/invoices', '/invoices', <InvoicesPage />, (url) =>
      listPage(url.includes('status=cancelled') ? [] : [invoice]),
    );
    await screen.findByRole('link', { name: /F-2026-000042/ });
    fireEvent.click(screen.getByRole('button', { name: 'Anuladas' }));
    expect(await screen.findByText('No se encontraron facturas')).toBeTruthy();
    expect(calls(fetchMock, '/api/invoices').at(-1)).toBe('/api/invoices?page=1&limit=20&status=cancelled');
  });

  it('shows the load error', async () => {
    setup('admin', '/invoices', '/invoices', <InvoicesPage />, () => json({ message: 'boom' }, 500));
    expect(await screen.findByText('Error al cargar facturas')).toBeTruthy();
  });
});

describe('InvoiceDetailPage', () => {
  const detail = (role: Role, answer: FetchHandler) =>
    setup(role, '/invoices/7', '/invoices/:id', <InvoiceDetailPage />, answer);

  it('shows the printable invoice with its actions; only admins may annul', async () => {
    detail('sales', () => replyOf(invoicesApi.one, { invoice }));
    expect(await screen.findByRole('heading', { name: 'Factura F-2026-000042' })).toBeTruthy();
    expect(screen.getByText('Viajes Demo')).toBeTruthy();
    expect(screen.getByText('Ana Núñez, Luis Pérez')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Descargar PDF' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver venta #12' }).getAttribute('href')).toBe('/sales/12');
    expect(screen.queryByRole('button', { name: 'Anular Factura' })).toBeNull();
  });

  it('asks an admin for the reason and shows the server’s refusal', async () => {
    const fetchMock = detail('admin', (url) =>
      url.endsWith('/cancel')
        ? errorOf(invoicesApi.cancel, 409, { message: 'La factura ya está anulada' })
        : replyOf(invoicesApi.one, { invoice }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Anular Factura' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(dialog.querySelector('button[type="submit"]') as HTMLElement);
    expect(await screen.findByText('El motivo es requerido')).toBeTruthy();
    expect(calls(fetchMock, '/api/invoices/7/cancel')).toEqual([]);

    fireEvent.change(screen.getByLabelText('Motivo de anulación'), { target: { value: 'Error de datos' } });
    fireEvent.click(dialog.querySelector('button[type="submit"]') as HTMLElement);
    expect(await screen.findByText('La factura ya está anulada')).toBeTruthy();
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/cancel')) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ reason: 'Error de datos' });
  });

  it('shows a cancelled invoice as annulled with its reason', async () => {
    detail('admin', () =>
      replyOf(invoicesApi.one, {
        invoice: {
          ...invoice,
          status: 'cancelled',
          cancelledAt: '2026-03-06T10:00:00Z',
          cancelReason: 'Duplicada',
        },
      }),
    );
    expect(await screen.findByText('Motivo: Duplicada')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Factura anulada' }).textContent).toContain('Anulada');
    expect(screen.queryByRole('button', { name: 'Anular Factura' })).toBeNull();
  });

  it('says when the invoice does not exist', async () => {
    detail('sales', () => errorOf(invoicesApi.one, 404, { message: 'Factura no encontrada' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Factura no encontrada'));
  });
});

/** A Factura Electrónica (33) of a USD sale, as the server replies it. */
const dteInvoice: Invoice = {
  ...invoice,
  client: { ...invoice.client, activity: 'Comercio', commune: 'Ñuñoa', address: 'Calle 1' },
  items: [
    { ...(invoice.items[0] as Invoice['items'][number]), exempt: false, pesos: 952_856, pesosLeft: 952_856 },
    {
      ...(invoice.items[0] as Invoice['items'][number]),
      id: 2,
      description: 'Seguro',
      exempt: true,
      pesos: 238_333,
      pesosLeft: 238_333,
    },
  ],
  dteType: 33,
  folio: 15,
  netAmount: 800_719,
  exemptAmount: 238_333,
  vatAmount: 152_137,
  totalAmount: 1_191_189,
  exchangeRate: 952.38,
};

/** The Nota de Crédito N° 3 that annulled dteInvoice. */
const annulling: Invoice['creditNotes'][number] = {
  id: 31,
  folio: 3,
  date: '2026-03-06',
  code: 1,
  kind: 'annul',
  reason: 'Cliente desiste',
  netAmount: 800_719,
  exemptAmount: 238_333,
  vatAmount: 152_137,
  totalAmount: 1_191_189,
  lines: [
    { itemId: 1, pesos: 952_856 },
    { itemId: 2, pesos: 238_333 },
  ],
};

describe('a DTE invoice', () => {
  const detail = (role: Role, answer: FetchHandler) =>
    setup(role, '/invoices/7', '/invoices/:id', <InvoiceDetailPage />, answer);

  it('shows its type and folio, exempt lines, the peso totals and the rate, with XML and PDF', async () => {
    detail('sales', () => replyOf(invoicesApi.one, { invoice: dteInvoice }));
    expect(await screen.findByRole('heading', { name: 'Factura Electrónica N° 15' })).toBeTruthy();
    expect(screen.getByText('Ref. interna F-2026-000042')).toBeTruthy();
    expect(screen.getByText('Exento de IVA')).toBeTruthy();
    expect(screen.getByText('Afecto a IVA')).toBeTruthy();
    for (const amount of ['CLP 800,719', 'CLP 152,137', 'CLP 1,191,189'])
      expect(screen.getByText(amount)).toBeTruthy();
    expect(screen.getByText(/Tipo de cambio: CLP 952\.38 por cada 1 USD/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Descargar XML' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Descargar PDF' })).toBeTruthy();
    expect(screen.queryByText('Documento interno, sin validez tributaria')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Emitir nota de crédito' })).toBeNull();
  });

  it('an internal invoice says it is not a tax document and has no XML', async () => {
    detail('sales', () => replyOf(invoicesApi.one, { invoice }));
    expect(await screen.findByText('Documento interno, sin validez tributaria')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Descargar XML' })).toBeNull();
  });

  it('an admin annuls it with a credit note: the dialog says what it issues and sends the reason', async () => {
    const annulled = {
      ...dteInvoice,
      status: 'cancelled' as const,
      cancelledAt: '2026-03-06T10:00:00Z',
      cancelReason: 'Cliente desiste',
      creditNote: { folio: 3, date: '2026-03-06', reason: 'Cliente desiste', totalAmount: 1_191_189 },
      creditNotes: [annulling],
    };
    const fetchMock = detail('admin', (url) =>
      url.endsWith('/credit-note')
        ? replyOf(invoicesApi.creditNote, { message: 'Nota de crédito emitida', invoice: annulled })
        : replyOf(invoicesApi.one, { invoice: dteInvoice }),
    );
    expect(await screen.findByRole('heading', { name: 'Factura Electrónica N° 15' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Anular Factura' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Emitir nota de crédito' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('anula la Factura Electrónica N° 15 por CLP 1,191,189');
    fireEvent.change(screen.getByLabelText('Motivo (se imprime en la nota de crédito)'), {
      target: { value: 'Cliente desiste' },
    });
    fireEvent.click(dialog.querySelector('button[type="submit"]') as HTMLElement);
    expect(await screen.findByText(/Con la Nota de Crédito Electrónica N° 3/)).toBeTruthy();
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/credit-note')) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ reason: 'Cliente desiste', kind: 'annul' });
    expect(screen.getByRole('button', { name: 'PDF de la nota N° 3' })).toBeTruthy();
  });

  /** dteInvoice annulled: the factura rejected by the SII, its credit note waiting after a failed try. */
  const rejectedAnnulled = {
    ...dteInvoice,
    status: 'cancelled' as const,
    cancelledAt: '2026-03-07T01:30:00Z',
    cancelReason: 'Cliente desiste',
    siiStatus: 'rejected' as const,
    sii: {
      id: 41,
      status: 'rejected' as const,
      trackId: '0123456789',
      messages: ['RFR: Rechazado por Error en Firma'],
    },
    creditNote: {
      folio: 3,
      date: '2026-03-06',
      reason: 'Cliente desiste',
      totalAmount: 1_191_189,
      sii: {
        id: 42,
        status: 'pending' as const,
        messages: [],
        lastError: 'SII no disponible (ECONNREFUSED)',
      },
    },
    creditNotes: [
      {
        ...annulling,
        sii: {
          id: 42,
          status: 'pending' as const,
          messages: [],
          lastError: 'SII no disponible (ECONNREFUSED)',
        },
      },
    ],
  };

  it('shows where the invoice and its credit notes stand with the SII, with the track id, what it said and the last error', async () => {
    detail('sales', () => replyOf(invoicesApi.one, { invoice: rejectedAnnulled }));
    const panel = await screen.findByRole('region', { name: 'Estado en el SII' });
    expect(panel.textContent).toContain('FacturaSII: RechazadoN° de envío 0123456789');
    expect(panel.textContent).toContain('RFR: Rechazado por Error en Firma');
    expect(panel.textContent).toContain('Nota de crédito N° 3SII: Por enviar');
    expect(panel.textContent).toContain('Último error: SII no disponible (ECONNREFUSED)');
    // 01:30 UTC on the 7th is still the 6th in Santiago: the agency's day.
    expect(screen.getByRole('region', { name: 'Factura anulada' }).textContent).toContain(
      'Anulada el 06 mar 2026',
    );
  });

  it.each(['sales', 'finance'] as const)('shows %s no SII action', async (role) => {
    detail(role, () => replyOf(invoicesApi.one, { invoice: rejectedAnnulled }));
    const panel = await screen.findByRole('region', { name: 'Estado en el SII' });
    expect(panel.textContent).toContain('Último error');
    expect(panel.querySelectorAll('button')).toHaveLength(0);
  });

  it('lets an admin send a rejected document again after confirming, and a waiting one now', async () => {
    const retried: { url: string; body: unknown }[] = [];
    let current: Invoice = rejectedAnnulled;
    const fetchMock = setup(
      'admin',
      '/invoices/7',
      '/invoices/:id',
      <>
        <InvoiceDetailPage />
        <Toaster />
      </>,
      (url, init) => {
        if (init?.method === 'POST') {
          retried.push({ url, body: JSON.parse(String(init.body)) });
          const submission = { id: 41, status: 'pending' as const, messages: [] };
          current = { ...current, siiStatus: 'pending', sii: submission };
          const message = 'El documento volverá a enviarse al SII en unos segundos';
          return replyOf(siiApi.retry, { message, submission });
        }
        return replyOf(invoicesApi.one, { invoice: current });
      },
    );
    const panel = await screen.findByRole('region', { name: 'Estado en el SII' });
    // One button per document, saying what it does: the rejected one is sent again, the waiting one now.
    expect(
      within(panel)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Reintentar envío: Factura', 'Enviar ahora: Nota de crédito N° 3']);
    fireEvent.click(within(panel).getByRole('button', { name: 'Reintentar envío: Factura' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('el mismo documento, sin cambios');
    expect(retried).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reintentar envío' }));
    expect(await screen.findByText('El documento volverá a enviarse al SII en unos segundos')).toBeTruthy();
    expect(retried).toEqual([{ url: '/api/sii/submissions/41/retry', body: {} }]);
    // The invoice is read again: the factura waits to be sent, with "Enviar ahora".
    await waitFor(() => expect(panel.textContent).toContain('FacturaSII: Por enviar'));
    expect(calls(fetchMock, '/api/invoices/7').length).toBeGreaterThan(1);
    fireEvent.click(within(panel).getByRole('button', { name: 'Enviar ahora: Nota de crédito N° 3' }));
    await waitFor(() => expect(retried.map((r) => r.url)).toContain('/api/sii/submissions/42/retry'));
    // A waiting document is sent without a question.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('an internal invoice has no SII panel', async () => {
    detail('sales', () => replyOf(invoicesApi.one, { invoice }));
    expect(await screen.findByText('Documento interno, sin validez tributaria')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Estado en el SII' })).toBeNull();
  });

  it('the list shows the folio and the credit note that annulled it', async () => {
    const annulled = {
      ...dteInvoice,
      status: 'cancelled' as const,
      creditNote: { folio: 3, date: '2026-03-06', reason: 'x', totalAmount: 1_191_189 },
      creditNotes: [annulling],
      siiStatus: 'accepted' as const,
    };
    setup('finance', '/invoices', '/invoices', <InvoicesPage />, () => listPage([annulled]));
    const link = await screen.findByRole('link', { name: /Factura electrónica N° 15/ });
    expect(link.textContent).toContain('NC 61 N° 3 (anula la factura)');
    expect(link.textContent).toContain('CLP 1,191,189');
    expect(link.textContent).toContain('SII: Aceptado');
  });
});
