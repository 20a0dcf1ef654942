import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { companyApi } from '../../src/domain/api/company';
import { invoicesApi } from '../../src/domain/api/invoices';
import type { InvoicePreview } from '../../src/domain/invoice-preview';
import type { Role } from '../../src/domain/roles';
import { RequireAuth } from '../../src/web/auth';
import type { Invoice } from '../../src/web/features/invoices/api';
import { InvoiceButton } from '../../src/web/features/invoices/InvoiceButton';
import { errorOf, json, makeUser, mockFetch, renderRoutes, replyOf, signIn } from './helpers';

// "Generar Factura" when the company issues DTEs (decision 0071): the preview, an admin's switch per
// line, the receiver's missing data and Emitir, in one dialog. The internal invoice stays one click.

/** A USD sale of a hotel (taxable) and an insurance (exempt), at 952.38 pesos per dollar. */
const byDefault: InvoicePreview = {
  dteType: 33,
  currency: 'USD',
  exchangeRate: 952.38,
  vatPercent: 19,
  lines: [
    {
      itemId: 11,
      description: 'Hotel Puerto Varas',
      pesos: 952_856,
      exempt: false,
      defaultExempt: false,
      reason: 'classification',
    },
    {
      itemId: 12,
      description: 'Seguro de viaje',
      pesos: 238_333,
      exempt: true,
      defaultExempt: true,
      reason: 'classification',
    },
  ],
  exemptAmount: 238_333,
  netAmount: 800_719,
  vatAmount: 152_137,
  totalAmount: 1_191_189,
  receiver: { rut: '76.543.210-3', businessName: 'Empresa Cliente SpA', address: 'Av. Apoquindo 3000' },
  missing: ['receiverActivity', 'receiverCommune'],
};

/** The hotel made exempt by the admin: every line exempt, a 34. */
const hotelExempt: InvoicePreview = {
  ...byDefault,
  dteType: 34,
  lines: byDefault.lines.map((line) => ({
    ...line,
    exempt: true,
    reason: line.itemId === 11 ? 'admin' : line.reason,
  })),
  exemptAmount: 1_191_189,
  netAmount: 0,
  vatAmount: 0,
};

const issued = {
  id: 70,
  invoiceNumber: 'F-2026-000070',
  saleId: 12,
  date: '2026-03-05',
  amount: 1250.75,
  currency: 'USD',
  status: 'pending',
  client: { name: 'Empresa Cliente SpA' },
  company: { name: 'Viajes Demo', taxId: '76.123.456-0', address: 'Calle 1', email: 'a@b.cl', phone: '1' },
  items: [],
  createdAt: '2026-03-05T12:00:00.000Z',
  dteType: 34,
  folio: 4,
  creditNotes: [],
} satisfies Invoice;

interface Options {
  role?: Role;
  electronic?: boolean;
  /** The issue's answer; by default the invoice is issued. */
  issue?: () => Response;
  preview?: (url: URL) => Response;
}

function open({ role = 'admin', electronic = true, issue, preview }: Options = {}) {
  const user = makeUser({ role });
  signIn(user);
  const fetchMock = mockFetch((url, init) => {
    const parsed = new URL(url, 'http://localhost');
    if (url === '/api/users/me') return json({ user });
    if (url === '/api/company/preferences')
      return replyOf(companyApi.preferences, {
        data: {
          timeZone: 'America/Santiago',
          largeAmountThreshold: 10000,
          numberFormat: 'en',
          electronicInvoicing: electronic,
        },
      });
    if (parsed.pathname === '/api/invoices')
      return replyOf(invoicesApi.list, {
        invoices: [],
        pagination: { page: 1, limit: 100, total: 0, totalPages: 0 },
      });
    if (parsed.pathname === '/api/sales/12/invoice/preview') {
      if (preview) return preview(parsed);
      const chosen = parsed.searchParams.get('exempt') === '11';
      return replyOf(invoicesApi.preview, { preview: chosen ? hotelExempt : byDefault });
    }
    if (url === '/api/sales/12/invoice' && init.method === 'POST')
      return issue?.() ?? replyOf(invoicesApi.issue, { message: 'Factura generada', invoice: issued }, 201);
    throw new Error(`unexpected ${init.method ?? 'GET'} ${url}`);
  });
  renderRoutes(
    [
      { path: '/sales/:id', element: <RequireAuth>{<InvoiceButton saleId={12} />}</RequireAuth> },
      { path: '/invoices/:id', element: <p>Factura abierta</p> },
    ],
    '/sales/12',
  );
  const requests = (path: string) =>
    fetchMock.mock.calls
      .filter(([url]) => String(url).startsWith(path))
      .map(([url, init]) => ({
        url: String(url),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      }));
  return { requests };
}

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Generar Factura' }));
  const dialog = await screen.findByRole('dialog', { name: 'Generar documento electrónico' });
  await within(dialog).findByRole('list', { name: 'Ítems de la factura' });
  return dialog;
}
const totals = (dialog: HTMLElement) => within(dialog).getByRole('region', { name: 'Totales' }).textContent;

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Generar Factura with electronic invoicing', () => {
  it('shows the preview; an admin turns a line exempt, the preview is read again and Emitir sends that choice', async () => {
    const { requests } = open();
    const dialog = await openDialog();
    expect(totals(dialog)).toContain('ExentoCLP 238,333NetoCLP 800,719IVA 19 %CLP 152,137TotalCLP 1,191,189');
    expect(totals(dialog)).toContain('Documento: Factura Electrónica (33)');
    expect(totals(dialog)).toContain('Tipo de cambio: CLP 952.38 por cada 1 USD');
    expect(dialog.textContent).toContain('Afecto a IVA, por su clasificación');
    expect(within(dialog).queryByLabelText(/Dirección del cliente/)).toBeNull();

    const hotel = within(dialog).getByRole('switch', { name: 'Exento: Hotel Puerto Varas' });
    expect(hotel.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(hotel);
    expect(hotel.getAttribute('aria-checked')).toBe('true');
    await waitFor(() => expect(totals(dialog)).toContain('Documento: Factura No Afecta o Exenta (34)'));
    expect(totals(dialog)).toContain('ExentoCLP 1,191,189NetoCLP 0IVA 19 %CLP 0');
    expect(dialog.textContent).toContain('Exento de IVA, elegido por el administrador');
    expect(requests('/api/sales/12/invoice/preview').map((r) => r.url)).toEqual([
      '/api/sales/12/invoice/preview',
      '/api/sales/12/invoice/preview?exempt=11',
    ]);

    // The giro and the comuna are asked for before anything is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Emitir' }));
    expect(await within(dialog).findByText('Indica el giro')).toBeTruthy();
    expect(requests('/api/sales/12/invoice').filter((r) => r.body)).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(/Giro del cliente/), { target: { value: 'Minería' } });
    fireEvent.change(within(dialog).getByLabelText(/Comuna del cliente/), {
      target: { value: 'Las Condes' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Emitir' }));
    expect(await screen.findByText('Factura abierta')).toBeTruthy();
    expect(requests('/api/sales/12/invoice').filter((r) => r.body)).toEqual([
      {
        url: '/api/sales/12/invoice',
        body: {
          receiverActivity: 'Minería',
          receiverCommune: 'Las Condes',
          items: [{ id: 11, exempt: true }],
        },
      },
    ]);
  });

  it('sends no items when a line is switched back to its default', async () => {
    const { requests } = open({
      preview: () => replyOf(invoicesApi.preview, { preview: { ...byDefault, missing: [] } }),
    });
    const dialog = await openDialog();
    const insurance = within(dialog).getByRole('switch', { name: 'Exento: Seguro de viaje' });
    fireEvent.click(insurance);
    expect(insurance.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(insurance);
    expect(insurance.getAttribute('aria-checked')).toBe('true');
    const emit = within(dialog).getByRole('button', { name: 'Emitir' });
    await waitFor(() => expect((emit as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(emit);
    expect(await screen.findByText('Factura abierta')).toBeTruthy();
    expect(requests('/api/sales/12/invoice').find((r) => r.body)?.body).toEqual({});
  });

  it("shows the server's refusal in the dialog, keeping the choice and what was typed", async () => {
    open({
      issue: () =>
        errorOf(invoicesApi.issue, 409, {
          message: 'No quedan folios autorizados del tipo 34: carga un nuevo CAF del SII',
        }),
    });
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Exento: Hotel Puerto Varas' }));
    await waitFor(() => expect(totals(dialog)).toContain('(34)'));
    fireEvent.change(within(dialog).getByLabelText(/Giro del cliente/), { target: { value: 'Minería' } });
    fireEvent.change(within(dialog).getByLabelText(/Comuna del cliente/), { target: { value: 'Ñuñoa' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Emitir' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Error al generar la factura');
    expect(alert.textContent).toContain('No quedan folios autorizados del tipo 34');
    expect(
      within(dialog).getByRole('switch', { name: 'Exento: Hotel Puerto Varas' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect((within(dialog).getByLabelText(/Giro del cliente/) as HTMLInputElement).value).toBe('Minería');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a seller sees why each line is exempt or not, without switches', async () => {
    const { requests } = open({ role: 'sales' });
    const dialog = await openDialog();
    expect(within(dialog).queryAllByRole('switch')).toEqual([]);
    expect(dialog.textContent).toContain('Exento de IVA, por su clasificación');
    expect(totals(dialog)).toContain('TotalCLP 1,191,189');
    expect(requests('/api/sales/12/invoice/preview')).toHaveLength(1);
  });

  it('says in Spanish why there is nothing to preview, and closes', async () => {
    open({
      preview: () =>
        errorOf(invoicesApi.preview, 409, {
          message: 'El cliente no tiene un RUT válido y una factura electrónica lo necesita',
        }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Generar Factura' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generar documento electrónico' });
    expect(within(dialog).getByRole('status').textContent).toBe('Calculando la factura...');
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('No se pudo preparar la factura');
    expect(alert.textContent).toContain('El cliente no tiene un RUT válido');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('Generar Factura without electronic invoicing', () => {
  it('issues the internal invoice with one click, with no preview', async () => {
    const { requests } = open({ electronic: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Generar Factura' }));
    expect(await screen.findByText('Factura abierta')).toBeTruthy();
    expect(requests('/api/sales/12/invoice/preview')).toEqual([]);
    expect(requests('/api/sales/12/invoice').find((r) => r.body)?.body).toEqual({});
  });
});
