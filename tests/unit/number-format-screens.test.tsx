import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { companyApi } from '../../src/domain/api/company';
import { paymentsApi } from '../../src/domain/api/payments';
import type { SaleStats } from '../../src/domain/dashboard';
import type { NumberFormat } from '../../src/domain/format';
import { DataTable, moneyColumn } from '../../src/web/components/ui/DataTable';
import { Money } from '../../src/web/components/ui/Money';
import { StatCards } from '../../src/web/features/dashboard/StatCards';
import { SaleCurrencyField } from '../../src/web/features/sales/SaleCurrencyField';
import { AgencyNumberFormat } from '../../src/web/layout/AgencyNumberFormat';
import { NumberFormatContext } from '../../src/web/lib/use-money';
import { mockFetch, replyOf } from './helpers';

/** Every amount of a screen in the agency's number format (docs/decisions/0089-number-format-setting.md). */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Row = { id: number; total: number; currency: string };
const ROWS: Row[] = [
  { id: 1, total: 1234.56, currency: 'USD' },
  { id: 2, total: 1500000, currency: 'CLP' },
];

function Totals() {
  return (
    <DataTable
      caption="Totales"
      columns={[
        moneyColumn<Row>(
          'total',
          'Total',
          (row) => row.total,
          undefined,
          (row) => row.currency,
        ),
      ]}
      rows={ROWS}
      rowKey={(row) => row.id}
      emptyText="Sin filas"
    />
  );
}

const cells = () =>
  within(screen.getByRole('table'))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

function renderIn(style: NumberFormat | null, children: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        {style ? <NumberFormatContext value={style}>{children}</NumberFormatContext> : children}
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('money on the screens', () => {
  it('writes a money column the Chilean way when the agency chose it, pesos without decimals', () => {
    renderIn('es', <Totals />);
    expect(cells()).toEqual(['US$ 1.234,56', 'CLP 1.500.000']);
  });

  it('writes the spec format by default and when chosen', () => {
    renderIn(null, <Totals />);
    expect(cells()).toEqual(['US$ 1,234.56', 'CLP 1,500,000']);
    cleanup();
    renderIn('en', <Totals />);
    expect(cells()).toEqual(['US$ 1,234.56', 'CLP 1,500,000']);
  });

  it('writes the dashboard figures, amounts and counts alike, in the chosen format', () => {
    const stats: SaleStats = {
      total: 1234567.5,
      salesCount: 12345,
      salesByStatus: { draft: 0, confirmed: 1000, completed: 234, cancelled: 11 },
      salesByServiceType: {},
      salesByRegion: {},
      departures: [],
    };
    const admin = 'admin' as const;
    renderIn('es', <StatCards role={admin} stats={stats} />);
    expect(screen.getByText('US$ 1.234.567,50')).toBeTruthy();
    expect(screen.getByText('12.345')).toBeTruthy();
    expect(screen.getByText('1.234')).toBeTruthy();
  });

  it("writes the rate a new sale keeps like the sale's amounts, never mixing both forms", async () => {
    mockFetch(() => replyOf(paymentsApi.currencies, { currencies: [{ currency: 'CLP', rate: 0.00105 }] }));
    const registration = {
      name: 'currency' as const,
      onChange: async () => {},
      onBlur: async () => {},
      ref: () => {},
    };
    renderIn('es', <SaleCurrencyField registration={registration} value="CLP" />);
    expect(
      await screen.findByText('Precios y costos en CLP; la venta guarda la tasa de hoy: 1 USD = 952,38 CLP'),
    ).toBeTruthy();
    cleanup();
    renderIn('en', <SaleCurrencyField registration={registration} value="CLP" />);
    expect(
      await screen.findByText('Precios y costos en CLP; la venta guarda la tasa de hoy: 1 USD = 952.38 CLP'),
    ).toBeTruthy();
  });

  it('takes the format from the preferences the signed-in shell reads', async () => {
    mockFetch((url) => {
      if (url === '/api/company/preferences')
        return replyOf(companyApi.preferences, {
          data: {
            timeZone: 'America/Santiago',
            largeAmountThreshold: 100000,
            numberFormat: 'es',
            electronicInvoicing: false,
          },
        });
      throw new Error(`unexpected ${url}`);
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <AgencyNumberFormat>
          <p>
            <Money amount={-400} />
          </p>
        </AgencyNumberFormat>
      </QueryClientProvider>,
    );
    // 'en' until the server answers, then every amount at once.
    expect(await screen.findByText('-US$ 400,00')).toBeTruthy();
  });
});
