import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { companyApi } from '../../src/domain/api/company';
import type { ReplyOf } from '../../src/domain/api/endpoint';
import { usersApi } from '../../src/domain/api/users';
import type { NumberFormat } from '../../src/domain/format';
import { RequireAuth } from '../../src/web/auth';
import { CompanySettingsPage } from '../../src/web/features/company/CompanySettingsPage';
import { NumberFormatContext } from '../../src/web/lib/use-money';
import { errorOf, type FetchHandler, makeUser, mockFetch, renderRoutes, replyOf, signIn } from './helpers';

type Rate = ReplyOf<typeof companyApi.rates>['data'][number];
const EUR: Rate = {
  id: 2,
  currency: 'EUR',
  rate: 1.08,
  unitsPerUsd: 0.92592593,
  isActive: true,
  lastUpdated: '2026-03-05T12:00:00.000Z',
};
const RATES: Rate[] = [
  { id: 3, currency: 'CLP', rate: 0.0012, unitsPerUsd: 833.33333333, isActive: false, lastUpdated: null },
  EUR,
  {
    id: 1,
    currency: 'USD',
    rate: 1,
    unitsPerUsd: 1,
    isActive: true,
    lastUpdated: '2026-03-05T12:00:00.000Z',
  },
];
const admin = makeUser({ id: 1, username: 'admin', email: 'admin@example.com', role: 'admin' });
const ana = makeUser({ id: 2, username: 'ana', email: 'ana@example.com', role: 'sales' });

/** The page as the signed-in shell shows it, in the agency's number format (`en` unless given). */
function setup(path: string, api: FetchHandler, style: NumberFormat = 'en') {
  signIn(admin);
  const fetchMock = mockFetch((url, init) =>
    url === '/api/users/me' ? replyOf(usersApi.me, { user: admin }) : api(url, init),
  );
  const page = (
    <NumberFormatContext value={style}>
      <RequireAuth>{<CompanySettingsPage />}</RequireAuth>
    </NumberFormatContext>
  );
  renderRoutes([{ path: '/company-settings', element: page }], path);
  return fetchMock;
}

const calls = (fetchMock: ReturnType<typeof mockFetch>, method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([url, init]) => ({
      url: String(url),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }));

const ratesApi: FetchHandler = (url, init) => {
  if (url === '/api/company/currency-rates' && init.method === 'GET')
    return replyOf(companyApi.rates, { data: RATES });
  if (init.method === 'DELETE')
    return replyOf(companyApi.removeRate, { message: 'Tasa de cambio eliminada' });
  if (init.method === 'POST')
    return errorOf(companyApi.createRate, 409, { message: 'Ya existe una tasa para EUR' });
  return replyOf(companyApi.updateRate, { data: { ...EUR, rate: 1.1 } });
};

const row = (currency: string) =>
  screen.getByRole('heading', { level: 3, name: currency }).closest('li') as HTMLElement;

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Configuraciones: tasas de cambio', () => {
  it('lists each rate as 1 unit in USD, dims inactive ones and protects the base currency', async () => {
    setup('/company-settings', ratesApi);
    expect(await screen.findByRole('heading', { level: 3, name: 'EUR' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Configuraciones' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Tasas de Cambio' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Auditoría' }).getAttribute('href')).toBe(
      '/company-settings?section=audit',
    );
    expect(screen.getByRole('button', { name: /Integraciones/ }).textContent).toContain('Próximamente');
    // Respaldos (docs/product.md#backups), a screen of its own, is reached from this menu.
    expect(screen.getByRole('link', { name: 'Respaldos' }).getAttribute('href')).toBe('/backups');
    // So is Correos, the outbox (docs/product.md#emails).
    expect(screen.getByRole('link', { name: 'Correos' }).getAttribute('href')).toBe('/emails');

    expect(row('EUR').textContent).toContain('1 EUR = 1.0800 USD');
    expect(row('EUR').textContent).toContain('05 mar 2026');
    expect(row('CLP').textContent).toContain('N/A');
    expect(row('CLP').textContent).toContain('Inactiva');
    expect(within(row('CLP')).getByText('1 CLP = 0.0012 USD').parentElement?.className).toContain('opacity');
    expect(screen.getByRole('button', { name: 'Activar CLP' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Desactivar EUR' })).toBeTruthy();
    expect(within(row('USD')).queryByRole('button')).toBeNull();
  });

  it('deletes only after the browser confirmation', async () => {
    const fetchMock = setup('/company-settings', ratesApi);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar EUR' }));
    expect(confirm).toHaveBeenCalledWith('¿Estás seguro de que quieres eliminar esta tasa de cambio?');
    expect(calls(fetchMock, 'DELETE')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar EUR' }));
    await waitFor(() =>
      expect(calls(fetchMock, 'DELETE')).toEqual([{ url: '/api/company/currency-rates/2', body: undefined }]),
    );
  });

  it('validates the new rate, takes the code from the ISO list and keeps the form open on a refusal', async () => {
    // Headless UI measures the currency list with ResizeObserver, which jsdom lacks; a no-op will do.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    const fetchMock = setup('/company-settings', ratesApi);
    fireEvent.click(await screen.findByRole('button', { name: 'Agregar Tasa' }));
    const dialog = screen.getByRole('dialog', { name: 'Agregar Tasa' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('La moneda es requerida')).toBeTruthy();
    expect(within(dialog).getByText('La tasa debe ser mayor a 0')).toBeTruthy();

    // The ISO 4217 picker: searched by Spanish name, a code is chosen from the list.
    const currency = within(dialog).getByLabelText('Moneda') as HTMLInputElement;
    fireEvent.change(currency, { target: { value: 'euro' } });
    expect(await within(dialog).findByRole('option', { name: 'EUR Euro' })).toBeTruthy();
    fireEvent.keyDown(currency, { key: 'ArrowDown' });
    fireEvent.keyDown(currency, { key: 'Enter' });
    await waitFor(() => expect(currency.value).toBe('EUR - Euro'));
    // A new rate starts as "1 USD = ___ EUR"; the euro is said the other way round.
    fireEvent.click(within(dialog).getByLabelText('1 EUR = ___ USD'));
    const rate = within(dialog).getByLabelText('Tasa a USD');
    expect(rate.getAttribute('inputmode')).toBe('decimal');
    fireEvent.change(rate, { target: { value: '1.1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Error al procesar la solicitud');
    expect(alert.textContent).toContain('Ya existe una tasa para EUR');
    expect(calls(fetchMock, 'POST')[0]?.body).toEqual({ currency: 'EUR', rate: '1.1', isActive: true });
    expect(screen.getByRole('dialog', { name: 'Agregar Tasa' })).toBeTruthy();
  });

  it('locks the currency when editing and sends only the rate and the active flag', async () => {
    const fetchMock = setup('/company-settings', ratesApi);
    fireEvent.click(await screen.findByRole('button', { name: 'Editar EUR' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar Tasa EUR' });
    const currency = within(dialog).getByLabelText('Moneda') as HTMLInputElement;
    expect(currency.value).toBe('EUR');
    expect(currency.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Tasa a USD'), { target: { value: '1.1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(fetchMock, 'PUT')).toEqual([
      { url: '/api/company/currency-rates/2', body: { rate: '1.1', isActive: true } },
    ]);
  });

  it('adds the inverse to each row, in the same number format, except for the base currency', async () => {
    setup('/company-settings', ratesApi);
    expect(await screen.findByText('1 USD = 0.9259 EUR')).toBeTruthy();
    expect(within(row('CLP')).getByText('1 CLP = 0.0012 USD')).toBeTruthy();
    expect(within(row('CLP')).getByText('1 USD = 833.33 CLP')).toBeTruthy();
    expect(within(row('USD')).queryByText(/^1 USD = .* USD$/)).toBeTruthy();
    expect(within(row('USD')).queryAllByText(/^1 USD = /)).toHaveLength(1);
  });

  it('writes both lines of every row the Chilean way when the agency chose it (decision 0089)', async () => {
    setup('/company-settings', ratesApi, 'es');
    expect(await screen.findByText('1 EUR = 1,0800 USD')).toBeTruthy();
    expect(screen.getByText('1 USD = 0,9259 EUR')).toBeTruthy();
    expect(within(row('CLP')).getByText('1 CLP = 0,0012 USD')).toBeTruthy();
    expect(within(row('CLP')).getByText('1 USD = 833,33 CLP')).toBeTruthy();
    expect(within(row('USD')).getByText('1 USD = 1,0000 USD')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Editar EUR' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar Tasa EUR' });
    expect(within(dialog).getByText('1 EUR = 1,0800 USD · 1 USD = 0,9259 EUR')).toBeTruthy();
    expect(within(dialog).getByText(/o 1 EUR = 1,08 USD\.$/)).toBeTruthy();
  });

  it('reads a rate typed with a decimal comma, shows it and its inverse, and refuses an ambiguous one', async () => {
    const fetchMock = setup('/company-settings', ratesApi);
    fireEvent.click(await screen.findByRole('button', { name: 'Editar EUR' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar Tasa EUR' });
    const rate = within(dialog).getByLabelText('Tasa a USD') as HTMLInputElement;
    // 1.08 shown as 1.08 is fine, but 1.085 would read as a thousands group: four decimals at least.
    expect(rate.value).toBe('1.0800');
    expect(within(dialog).getByText('1 EUR = 1.0800 USD · 1 USD = 0.9259 EUR')).toBeTruthy();
    expect(within(dialog).getByText(/o 1 EUR = 1\.08 USD\.$/)).toBeTruthy();

    fireEvent.change(rate, { target: { value: '1.250' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText(/«1\.250» en una tasa puede ser 1,25 o 1250/)).toBeTruthy();
    expect(calls(fetchMock, 'PUT')).toEqual([]);

    fireEvent.change(rate, { target: { value: '0,00105' } });
    expect(await within(dialog).findByText('1 EUR = 0.0011 USD · 1 USD = 952.38 EUR')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    // A thousandth of the euro's rate is asked about first (more than 20 %, decision 0086).
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(fetchMock, 'PUT')).toEqual([
      { url: '/api/company/currency-rates/2', body: { rate: '0.00105', isActive: true } },
    ]);
  });

  it('shows the empty text when no rate is configured', async () => {
    setup('/company-settings', () => replyOf(companyApi.rates, { data: [] }));
    expect(await screen.findByText('No hay tasas de cambio configuradas')).toBeTruthy();
  });
});

describe('Configuraciones: usuarios y permisos', () => {
  const usersServer: FetchHandler = (url, init) => {
    if (url.startsWith('/api/users?')) {
      return replyOf(usersApi.list, {
        users: [admin, ana],
        pagination: { page: 1, limit: 20, total: 2, totalPages: 1 },
      });
    }
    if (init.method === 'DELETE') {
      return errorOf(usersApi.deactivate, 409, {
        message: 'No se puede desactivar ni cambiar el rol del último administrador activo',
      });
    }
    return replyOf(usersApi.update, { user: ana });
  };

  it('marks the signed-in admin and keeps their own access out of reach', async () => {
    setup('/company-settings?section=users', usersServer);
    const me = await screen.findByRole('heading', { level: 3, name: 'admin (tú)' });
    const myRow = me.closest('li') as HTMLElement;
    expect(within(myRow).getByText('Administrador')).toBeTruthy();
    expect(within(myRow).queryByRole('button', { name: /Desactivar/ })).toBeNull();
    expect(within(myRow).queryByRole('button', { name: /Restablecer/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Desactivar ana' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Usuarios y Permisos' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it("filters by role and shows the server's refusal in the deactivation dialog", async () => {
    const fetchMock = setup('/company-settings?section=users', usersServer);
    fireEvent.change(await screen.findByLabelText('Filtrar por rol'), { target: { value: 'sales' } });
    await waitFor(() =>
      expect(calls(fetchMock, 'GET').some(({ url }) => url.includes('role=sales'))).toBe(true),
    );

    fireEvent.click(await screen.findByRole('button', { name: 'Desactivar ana' }));
    const dialog = screen.getByRole('dialog', { name: '¿Desactivar usuario?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Desactivar' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Error al desactivar el usuario');
    expect(alert.textContent).toContain('último administrador activo');
  });

  it('requires six characters for a reset password and sends only the password', async () => {
    const fetchMock = setup('/company-settings?section=users', usersServer);
    fireEvent.click(await screen.findByRole('button', { name: 'Restablecer contraseña de ana' }));
    const dialog = screen.getByRole('dialog', { name: 'Restablecer contraseña' });
    fireEvent.change(within(dialog).getByLabelText('Nueva contraseña'), { target: { value: '123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restablecer' }));
    expect(await within(dialog).findByText('La contraseña debe tener al menos 6 caracteres')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('Nueva contraseña'), { target: { value: 'nueva-clave' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restablecer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(fetchMock, 'PUT')).toEqual([{ url: '/api/users/2', body: { password: 'nueva-clave' } }]);
  });
});
