import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dashboardApi } from '../../src/domain/api/dashboard';
import { paymentsApi } from '../../src/domain/api/payments';
import { salesApi } from '../../src/domain/api/sales';
import type { Role } from '../../src/domain/roles';
import type { DashboardData, SaleStats } from '../../src/web/features/dashboard/api';
import { DashboardFigures, DashboardView } from '../../src/web/features/dashboard/DashboardFigures';
import { json, mockFetch, replyOf } from './helpers';

// The chart itself is recharts' business and needs a real layout engine; its text alternative is tested.
vi.mock('../../src/web/features/dashboard/SalesChart', () => ({ SalesChart: () => null }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const stats: SaleStats = {
  salesByStatus: { draft: 2, confirmed: 3, completed: 4, cancelled: 1 },
  salesCount: 10,
  total: 12345.5,
  salesByServiceType: {
    flight: { count: 3, totalCost: 1500 },
    package: { count: 2, totalCost: 2000.25 },
    hotel: { count: 1, totalCost: 300 },
    transfer: { count: 1, totalCost: 50 },
    excursion: { count: 1, totalCost: 80 },
    insurance: { count: 1, totalCost: 20 },
    other: { count: 1, totalCost: 10 },
  },
  salesByRegion: {
    international: { count: 6, totalCost: 3000 },
    national: { count: 4, totalCost: 960.25 },
  },
  departures: [
    {
      id: 41,
      passengerName: 'Ana Pérez',
      region: 'national',
      serviceType: 'package',
      travelDate: '2031-03-10',
      status: 'confirmed',
    },
  ],
};

const overview = [
  { date: '2031-01-01', day: '01 ene', count: 2, totalSale: 100.1, totalCost: 80 },
  { date: '2031-01-02', day: '02 ene', count: 0, totalSale: 0, totalCost: 0 },
  { date: '2031-01-03', day: '03 ene', count: 1, totalSale: 0.2, totalCost: 0 },
];

function renderView(role: Role, data: Partial<DashboardData> = {}) {
  return render(
    <MemoryRouter>
      <DashboardView role={role} data={{ stats, overview, ...data }} />
    </MemoryRouter>,
  );
}

const region = (name: string) => screen.getByRole('region', { name });

describe('dashboard cards', () => {
  it('shows admin the company revenue, active bookings and sales count', () => {
    renderView('admin');
    expect(within(region('Ingresos Totales')).getByText('US$ 12,345.50')).toBeTruthy();
    // Confirmed 3 + completed 4; drafts and cancelled sales are not active bookings.
    expect(within(region('Reservas Activas')).getByText('7')).toBeTruthy();
    expect(within(region('Total de Ventas')).getByText('10')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Mis Ingresos' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Actividad Reciente' })).toBeNull();
  });

  it('titles a seller’s revenue "Mis Ingresos" and lists their recent activity', () => {
    renderView('sales', {
      activity: {
        sales: [
          {
            id: 7,
            passengerName: 'Luis Soto',
            status: 'completed',
            salePrice: 900,
            currency: 'USD',
            creationDate: '2031-01-02T10:00:00.000Z',
          },
        ],
        payments: [
          {
            id: 3,
            saleId: 7,
            date: '2031-01-03',
            amount: 250,
            currency: 'USD',
            exchangeRate: 1,
            rateEdited: false,
            usdAmount: 250,
            saleAmount: 250,
            method: 'creditCard',
            status: 'confirmed',
            sale: { passengerName: 'Luis Soto', clientName: 'Empresa X', currency: 'USD' },
          },
        ],
      },
    });
    expect(within(region('Mis Ingresos')).getByText('US$ 12,345.50')).toBeTruthy();
    const activity = region('Actividad Reciente');
    const [saleLink, paymentLink] = within(activity).getAllByRole('link');
    expect(saleLink?.getAttribute('href')).toBe('/sales/7');
    expect(saleLink?.textContent).toContain('US$ 900.00');
    expect(saleLink?.textContent).toContain('Liquidada');
    expect(paymentLink?.getAttribute('href')).toBe('/sales/7');
    expect(paymentLink?.textContent).toContain('US$ 250.00');
    expect(paymentLink?.textContent).toContain('Tarjeta de Crédito');
    expect(paymentLink?.textContent).toContain('03 ene 2031');
  });

  it('says so when a seller has no recent sales or payments', () => {
    renderView('sales', { activity: { sales: [], payments: [] } });
    const activity = region('Actividad Reciente');
    expect(within(activity).getByText('Sin ventas recientes')).toBeTruthy();
    expect(within(activity).getByText('Sin pagos recientes')).toBeTruthy();
  });
});

describe('dashboard panels', () => {
  it('gives each status its count and share of the same total as the card', () => {
    renderView('finance');
    const items = within(region('Estado de Ventas')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Confirmadas3 (30%)',
      'Liquidadas4 (40%)',
      'Canceladas1 (10%)',
    ]);
  });

  it('shows 0% for every status when there are no sales', () => {
    renderView('admin', {
      stats: {
        ...stats,
        salesByStatus: { draft: 0, confirmed: 0, completed: 0, cancelled: 0 },
        salesCount: 0,
      },
    });
    const items = within(region('Estado de Ventas')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Confirmadas0 (0%)',
      'Liquidadas0 (0%)',
      'Canceladas0 (0%)',
    ]);
  });

  it('lists departures with Spanish labels, linked to their sale, and "Ver Todas"', () => {
    renderView('admin');
    const panel = region('Próximas Salidas');
    const link = within(panel).getByRole('link', { name: 'Ana Pérez' });
    expect(link.getAttribute('href')).toBe('/sales/41');
    expect(panel.textContent).toContain('Nacional · Paquete');
    expect(panel.textContent).toContain('10 mar 2031');
    expect(within(panel).getByRole('link', { name: 'Ver Todas' }).getAttribute('href')).toBe('/sales');
  });

  it('says "No hay próximas salidas" when there are none', () => {
    renderView('admin', { stats: { ...stats, departures: [] } });
    const panel = region('Próximas Salidas');
    expect(within(panel).getByText('No hay próximas salidas')).toBeTruthy();
    expect(within(panel).queryByRole('link')).toBeNull();
  });

  it('lists the top 5 service types with share and cost, and every region', () => {
    renderView('admin');
    const services = within(region('Servicios Principales')).getAllByRole('listitem');
    expect(services).toHaveLength(5);
    expect(services[0]?.textContent).toBe('Vuelo3 ventas (30%) · Costo US$ 1,500.00');
    expect(services[1]?.textContent).toBe('Paquete2 ventas (20%) · Costo US$ 2,000.25');
    expect(services[2]?.textContent).toBe('Hotel1 venta (10%) · Costo US$ 300.00');
    const regions = within(region('Ventas por Región')).getAllByRole('listitem');
    expect(regions.map((item) => item.textContent)).toEqual([
      'Internacional6 ventas (60%) · Costo US$ 3,000.00',
      'Nacional4 ventas (40%) · Costo US$ 960.25',
    ]);
  });

  it('sums the 30 days in a sentence and describes each day in a table', () => {
    renderView('admin');
    const panel = region('Ventas de los últimos 30 días');
    expect(panel.textContent).toContain('3 ventas por un total de US$ 100.30.');
    const table = within(panel).getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]?.textContent).toBe('01 ene 20312US$ 100.10');
  });
});

describe('dashboard loading', () => {
  function renderFigures(role: Role) {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrap = (children: ReactNode) => (
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>{children}</MemoryRouter>
      </QueryClientProvider>
    );
    return render(wrap(<DashboardFigures role={role} />));
  }

  it('shows the error block and loads the figures again on "Reintentar"', async () => {
    let statsCalls = 0;
    const fetchMock = mockFetch((url) => {
      if (url === '/api/sales/stats') {
        statsCalls += 1;
        return statsCalls === 1
          ? json({ message: 'boom' }, 500, 'Internal Server Error')
          : replyOf(dashboardApi.stats, stats);
      }
      if (url === '/api/sales/sales-overview') return replyOf(dashboardApi.overview, { chartData: overview });
      return json({ message: 'unexpected' }, 404, 'Not Found');
    });
    renderFigures('admin');

    expect((await screen.findByRole('status')).textContent).toContain('Cargando dashboard...');
    expect((await screen.findByRole('alert')).textContent).toContain('Error al cargar dashboard');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));

    expect(
      within(await screen.findByRole('region', { name: 'Total de Ventas' })).getByText('10'),
    ).toBeTruthy();
    expect(statsCalls).toBe(2);
    // Admin has no activity panel, so neither the seller's sales nor payments are asked for.
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain('/api/payments?limit=5');
  });

  it('asks a seller’s own recent sales and payments for the activity panel', async () => {
    const fetchMock = mockFetch((url) => {
      if (url === '/api/sales/stats') return replyOf(dashboardApi.stats, stats);
      if (url === '/api/sales/sales-overview') return replyOf(dashboardApi.overview, { chartData: overview });
      if (url === '/api/sales/my-sales?limit=5')
        return replyOf(salesApi.mine, {
          sales: [],
          pagination: { page: 1, limit: 5, total: 0, totalPages: 0, totalCapped: false },
        });
      if (url === '/api/payments?limit=5')
        return replyOf(paymentsApi.list, {
          payments: [],
          totals: { confirmed: 0, pending: 0 },
          pagination: { page: 1, limit: 5, total: 0, totalPages: 0 },
        });
      return json({ message: 'unexpected' }, 404, 'Not Found');
    });
    renderFigures('sales');
    expect(await screen.findByText('Sin ventas recientes')).toBeTruthy();
    expect(screen.getByText('Sin pagos recientes')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });
});
