import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { commissionsApi } from '../../src/domain/api/commissions';
import { companyApi } from '../../src/domain/api/company';
import { catalogsApi } from '../../src/domain/api/master-data';
import { usersApi } from '../../src/domain/api/users';
import type { CommissionsReply } from '../../src/domain/commissions';
import type { PublicUser } from '../../src/domain/user-replies';
import { RequireAuth } from '../../src/web/auth';
import { CommissionRulesSection } from '../../src/web/features/commissions';
import { CommissionsPage } from '../../src/web/features/commissions/CommissionsPage';
import { errorOf, type FetchHandler, makeUser, mockFetch, renderRoutes, replyOf, signIn } from './helpers';

const admin = makeUser({ id: 1, username: 'admin', email: 'admin@example.com', role: 'admin' });
const ana = makeUser({ id: 2, username: 'ana', email: 'ana@example.com', role: 'sales' });
const finance = makeUser({ id: 3, username: 'fina', email: 'fina@example.com', role: 'finance' });

function setup(user: PublicUser, path: string, element: ReactNode, api: FetchHandler) {
  signIn(user);
  const fetchMock = mockFetch((url, init) =>
    url === '/api/users/me' ? replyOf(usersApi.me, { user }) : api(url, init),
  );
  renderRoutes([{ path: path.split('?')[0] ?? path, element: <RequireAuth>{element}</RequireAuth> }], path);
  return fetchMock;
}

const puts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init?.body)));

/** Configuraciones' pickers and the stored rules; a PUT answers `put`. */
const rulesServer =
  (put: () => Response): FetchHandler =>
  (url, init) => {
    if (url.startsWith('/api/users?'))
      return replyOf(usersApi.list, {
        users: [admin, ana, finance],
        pagination: { page: 1, limit: 100, total: 3, totalPages: 1 },
      });
    if (url.startsWith('/api/classifications?')) {
      const response = replyOf(catalogsApi.classifications.list, [{ id: 5, name: 'Aéreo' }]);
      response.headers.set('X-Total-Count', '1');
      return response;
    }
    if (init.method === 'PUT') return put();
    return replyOf(commissionsApi.rules, { data: [{ sellerId: 2, percent: 3, base: 'sale' }] });
  };

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Configuraciones > Comisiones', () => {
  it('sends the rows typed the Chilean way and keeps them, with the server reason, on a 400', async () => {
    const fetchMock = setup(
      admin,
      '/rules',
      <CommissionRulesSection />,
      rulesServer(() =>
        errorOf(commissionsApi.saveRules, 400, {
          message: 'El vendedor de la regla no existe',
          errors: [{ path: 'rules.0.sellerId', message: 'El vendedor de la regla no existe' }],
        }),
      ),
    );
    const first = await screen.findByRole('group', { name: 'Regla 1' });
    const seller = within(first).getByLabelText('Vendedor') as HTMLSelectElement;
    expect(seller.value).toBe('2');
    // Only who sells can be a rule's seller.
    expect([...seller.options].map((o) => o.text)).toEqual(['Todos', 'admin', 'ana']);
    expect((within(first).getByLabelText('Porcentaje (%)') as HTMLInputElement).value).toBe('3.00');

    fireEvent.click(screen.getByRole('button', { name: 'Agregar regla' }));
    const second = screen.getByRole('group', { name: 'Regla 2' });
    fireEvent.change(within(second).getByLabelText('Clasificación'), { target: { value: '5' } });
    fireEvent.change(within(second).getByLabelText('Porcentaje (%)'), { target: { value: '2,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    await waitFor(() =>
      expect(puts(fetchMock)).toEqual([
        {
          rules: [
            { sellerId: 2, percent: '3.00', base: 'sale' },
            { classificationId: 5, percent: '2.5', base: 'margin' },
          ],
        },
      ]),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error al guardar las reglas de comisión');
    expect(alert.textContent).toContain('El vendedor de la regla no existe');
    expect(within(first).getByText('El vendedor de la regla no existe')).toBeTruthy();
    // Nothing typed is lost.
    expect((within(second).getByLabelText('Porcentaje (%)') as HTMLInputElement).value).toBe('2,5');
    expect((within(second).getByLabelText('Clasificación') as HTMLSelectElement).value).toBe('5');
  });

  it('refuses a percent it cannot read before sending, and removes a row', async () => {
    const fetchMock = setup(
      admin,
      '/rules',
      <CommissionRulesSection />,
      rulesServer(() => replyOf(commissionsApi.saveRules, { data: [] })),
    );
    const first = await screen.findByRole('group', { name: 'Regla 1' });
    fireEvent.change(within(first).getByLabelText('Porcentaje (%)'), { target: { value: 'diez' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await within(first).findByText(/Escribe el porcentaje solo con números/)).toBeTruthy();
    expect(puts(fetchMock)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Quitar regla 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(puts(fetchMock)).toEqual([{ rules: [] }]));
    expect(await screen.findByText('Sin reglas: ninguna venta gana comisión.')).toBeTruthy();
  });
});

const NOVEMBER: CommissionsReply = {
  month: '2026-11',
  closed: false,
  sellers: [
    {
      sellerId: 2,
      username: 'ana',
      total: 125.5,
      sales: [
        { saleId: 41, base: 1500, percent: 10, commission: 150 },
        { saleId: 17, base: -245, percent: 10, commission: -24.5, adjustment: true },
      ],
    },
  ],
};

const monthServer =
  (reply: CommissionsReply, close?: () => Response): FetchHandler =>
  (url, init) => {
    if (url === '/api/company/preferences')
      return replyOf(companyApi.preferences, {
        data: {
          timeZone: 'America/Santiago',
          largeAmountThreshold: 10000,
          numberFormat: 'en',
          electronicInvoicing: false,
        },
      });
    if (init.method === 'POST' && close) return close();
    return replyOf(commissionsApi.month, reply);
  };

describe('Comisiones', () => {
  it("shows each seller's total and lines, adjustments marked, and asks before closing", async () => {
    const fetchMock = setup(
      admin,
      '/commissions?month=2026-11',
      <CommissionsPage />,
      monthServer(NOVEMBER, () =>
        errorOf(commissionsApi.close, 409, { message: 'Las comisiones de 2026-11 ya están cerradas' }),
      ),
    );
    const table = await screen.findByRole('table', { name: 'Comisiones de ana' });
    expect(screen.getByRole('heading', { level: 2, name: 'ana' })).toBeTruthy();
    expect(screen.getByText('US$ 125.50')).toBeTruthy();
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'VentaBasePorcentajeComisión',
      'Venta #41US$ 1,500.0010 %US$ 150.00',
      'Venta #17Ajuste-US$ 245.0010 %-US$ 24.50',
    ]);
    expect(within(table).getByRole('link', { name: 'Venta #41' }).getAttribute('href')).toBe('/sales/41');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/commissions?month=2026-11');

    fireEvent.click(screen.getByRole('button', { name: 'Cerrar mes' }));
    const dialog = screen.getByRole('dialog', { name: 'Cerrar las comisiones de noviembre de 2026' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar mes' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'Las comisiones de 2026-11 ya están cerradas',
    );
  });

  it('says a month is closed and has no close for it, nor for a seller', async () => {
    setup(ana, '/commissions?month=2026-11', <CommissionsPage />, monthServer({ ...NOVEMBER, closed: true }));
    expect(await screen.findByText('Mes cerrado')).toBeTruthy();
    cleanup();
    setup(ana, '/commissions?month=2026-11', <CommissionsPage />, monthServer(NOVEMBER));
    expect(await screen.findByRole('table', { name: 'Comisiones de ana' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cerrar mes' })).toBeNull();
  });

  it("opens on the agency's month: 02:30 UTC on 1 December is still November in Santiago", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T02:30:00Z'));
    const fetchMock = setup(admin, '/commissions', <CommissionsPage />, monthServer(NOVEMBER));
    expect(await screen.findByRole('table', { name: 'Comisiones de ana' })).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/commissions?month=2026-11');
    expect((screen.getByLabelText('Mes') as HTMLInputElement).value).toBe('2026-11');
  });

  it('shows the empty month and moves between months', async () => {
    const fetchMock = setup(
      finance,
      '/commissions?month=2026-01',
      <CommissionsPage />,
      monthServer({ month: '2026-01', closed: false, sellers: [] }),
    );
    expect(await screen.findByText('Sin comisiones en este mes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mes anterior' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/commissions?month=2025-12'),
    );
    expect((screen.getByLabelText('Mes') as HTMLInputElement).value).toBe('2025-12');
  });
});
