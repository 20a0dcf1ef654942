import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { companyApi } from '../../src/domain/api/company';
import { taxMonthApi } from '../../src/domain/api/tax-month';
import { usersApi } from '../../src/domain/api/users';
import type { TaxMonth } from '../../src/domain/tax-month';
import { RequireAuth } from '../../src/web/auth';
import { TaxMonthPage } from '../../src/web/features/tax-month/TaxMonthPage';
import { errorOf, type FetchHandler, makeUser, mockFetch, renderRoutes, replyOf, signIn } from './helpers';

const finance = makeUser({ id: 3, username: 'fina', email: 'fina@example.com', role: 'finance' });

const type = (type: number, label: string, figures: Partial<TaxMonth['types'][number]> = {}) => ({
  type,
  label,
  count: 0,
  folios: [],
  exempt: 0,
  net: 0,
  vat: 0,
  total: 0,
  subtracts: type === 61,
  ...figures,
});

const NOVEMBER: TaxMonth = {
  month: '2026-11',
  types: [
    type(33, 'Factura Electrónica', {
      count: 4,
      folios: [
        { from: 1, to: 3 },
        { from: 5, to: 5 },
      ],
      exempt: 500_000,
      net: 1_000_000,
      vat: 190_000,
      total: 1_690_000,
    }),
    type(34, 'Factura No Afecta o Exenta Electrónica'),
    type(39, 'Boleta Electrónica', {
      count: 2,
      folios: [{ from: 7, to: 8 }],
      net: 10_000,
      vat: 1_900,
      total: 11_900,
    }),
    type(41, 'Boleta No Afecta o Exenta Electrónica'),
    type(61, 'Nota de Crédito Electrónica', {
      count: 1,
      folios: [{ from: 2, to: 2 }],
      net: 100_000,
      vat: 19_000,
      total: 119_000,
    }),
  ],
  totals: { exempt: 500_000, net: 910_000, vat: 172_900, total: 1_582_900 },
  vatDebit: 172_900,
  supplierPayments: [
    { currency: 'CLP', count: 2, total: 750_001 },
    { currency: 'USD', count: 1, total: 100.35 },
  ],
};

function setup(path: string, month: () => Response) {
  signIn(finance);
  const api: FetchHandler = (url) => {
    if (url === '/api/users/me') return replyOf(usersApi.me, { user: finance });
    if (url === '/api/company/preferences')
      return replyOf(companyApi.preferences, {
        data: {
          timeZone: 'America/Santiago',
          largeAmountThreshold: 10000,
          numberFormat: 'en',
          electronicInvoicing: true,
        },
      });
    return month();
  };
  const fetchMock = mockFetch(api);
  renderRoutes(
    [
      {
        path: '/tax-month',
        element: (
          <RequireAuth>
            <TaxMonthPage />
          </RequireAuth>
        ),
      },
    ],
    path,
  );
  return fetchMock;
}

const urls = (fetchMock: ReturnType<typeof mockFetch>) => fetchMock.mock.calls.map(([url]) => String(url));

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Mes tributario', () => {
  it('shows each type with its folios and pesos, credit notes subtracted, the débito fiscal and the payments', async () => {
    setup('/tax-month?month=2026-11', () => replyOf(taxMonthApi.month, { data: NOVEMBER }));
    const table = await screen.findByRole('table', {
      name: 'Documentos tributarios de noviembre de 2026 por tipo',
    });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'DocumentoCantidadFoliosExentoNetoIVATotal',
      'Factura Electrónica (33)41–3, 5CLP 500,000CLP 1,000,000CLP 190,000CLP 1,690,000',
      'Factura No Afecta o Exenta Electrónica (34)0—CLP 0CLP 0CLP 0CLP 0',
      'Boleta Electrónica (39)27–8CLP 0CLP 10,000CLP 1,900CLP 11,900',
      'Boleta No Afecta o Exenta Electrónica (41)0—CLP 0CLP 0CLP 0CLP 0',
      'Nota de Crédito Electrónica (61)Se resta12CLP 0− CLP 100,000− CLP 19,000− CLP 119,000',
      'Total del mesCLP 500,000CLP 910,000CLP 172,900CLP 1,582,900',
    ]);
    // A type with documents leads to the invoices list; one without has nothing to open.
    expect(
      within(table)
        .getByRole('link', { name: 'Factura Electrónica (33): ver los documentos' })
        .getAttribute('href'),
    ).toBe('/invoices');
    expect(within(table).queryByRole('link', { name: /\(34\)/ })).toBeNull();
    const debit = screen.getByRole('region', { name: 'Débito fiscal (IVA)' });
    expect(debit.textContent).toContain('Débito fiscalCLP 172,900');
    expect(debit.textContent).toContain('Menos IVA de notas de crédito (61)− CLP 19,000');
    const payments = screen.getByRole('table', { name: 'Pagos a proveedores del mes por moneda' });
    expect(
      within(payments)
        .getAllByRole('row')
        .map((r) => r.textContent)
        .slice(1),
    ).toEqual(['CLP2CLP 750,001', 'USD1US$ 100.35']);
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeTruthy();
  });

  it("opens on the agency's month, says an empty month and moves between months", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T02:30:00Z'));
    const empty: TaxMonth = {
      ...NOVEMBER,
      types: NOVEMBER.types.map((t) => type(t.type, t.label)),
      supplierPayments: [],
    };
    const fetchMock = setup('/tax-month', () => replyOf(taxMonthApi.month, { data: empty }));
    expect(
      await screen.findByText('Sin documentos tributarios ni pagos a proveedores en este mes'),
    ).toBeTruthy();
    expect(urls(fetchMock)).toContain('/api/reports/tax-month?month=2026-11');
    fireEvent.click(screen.getByRole('button', { name: 'Mes siguiente' }));
    await waitFor(() => expect(urls(fetchMock)).toContain('/api/reports/tax-month?month=2026-12'));
    expect((screen.getByLabelText('Mes') as HTMLInputElement).value).toBe('2026-12');
  });

  it('says when the month cannot be read', async () => {
    setup('/tax-month?month=2026-11', () =>
      errorOf(taxMonthApi.month, 400, { message: 'El mes debe escribirse aaaa-mm (por ejemplo 2026-11)' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error al cargar el mes tributario');
  });
});
