import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { companyApi } from '../../src/domain/api/company';
import type { ReplyOf } from '../../src/domain/api/endpoint';
import { usersApi } from '../../src/domain/api/users';
import { RequireAuth } from '../../src/web/auth';
import { CompanySettingsPage } from '../../src/web/features/company/CompanySettingsPage';
import { makeUser, mockFetch, renderRoutes, replyOf, signIn } from './helpers';

// The rate dialog typed the way Chile says rates: "1 USD = 945 CLP" or "1 EUR = 1,08 USD", and a
// change of more than 20 % asked about first (docs/decisions/0086-rates-the-way-chile-says-them.md).

type Rate = ReplyOf<typeof companyApi.rates>['data'][number];
const CLP: Rate = { id: 3, currency: 'CLP', rate: 0.0012, unitsPerUsd: 833.33333333, isActive: true };
const EUR: Rate = { id: 2, currency: 'EUR', rate: 1.08, unitsPerUsd: 0.92592593, isActive: true };
const admin = makeUser({ id: 1, username: 'admin', email: 'admin@example.com', role: 'admin' });

function setup() {
  signIn(admin);
  const fetchMock = mockFetch((url, init) => {
    if (url === '/api/users/me') return replyOf(usersApi.me, { user: admin });
    if (init.method === 'POST') return replyOf(companyApi.createRate, { data: { ...CLP, id: 9 } }, 201);
    if (init.method === 'PUT') return replyOf(companyApi.updateRate, { data: CLP });
    return replyOf(companyApi.rates, { data: [CLP, EUR] });
  });
  renderRoutes(
    [{ path: '/company-settings', element: <RequireAuth>{<CompanySettingsPage />}</RequireAuth> }],
    '/company-settings',
  );
  return fetchMock;
}

const sent = (fetchMock: ReturnType<typeof mockFetch>, method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init?.body)) }));

async function editDialog(currency: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Editar ${currency}` }));
  return screen.getByRole('dialog', { name: `Editar Tasa ${currency}` });
}
const save = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
const radio = (dialog: HTMLElement, name: string) => within(dialog).getByLabelText(name) as HTMLInputElement;

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the rate dialog, the way Chile says rates', () => {
  it('starts a new rate as "1 USD = ___" and sends what was typed, read the Chilean way', async () => {
    // Headless UI measures the currency list with ResizeObserver, which jsdom lacks.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    const fetchMock = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Agregar Tasa' }));
    const dialog = screen.getByRole('dialog', { name: 'Agregar Tasa' });
    expect(radio(dialog, '1 USD = ___ moneda').checked).toBe(true);
    const currency = within(dialog).getByLabelText('Moneda') as HTMLInputElement;
    fireEvent.change(currency, { target: { value: 'peso chileno' } });
    expect(await within(dialog).findByRole('option', { name: 'CLP Peso chileno' })).toBeTruthy();
    fireEvent.keyDown(currency, { key: 'ArrowDown' });
    fireEvent.keyDown(currency, { key: 'Enter' });
    await waitFor(() => expect(currency.value).toBe('CLP - Peso chileno'));

    const units = within(dialog).getByLabelText('CLP por 1 USD');
    expect(units.getAttribute('inputmode')).toBe('decimal');
    fireEvent.change(units, { target: { value: '1.250,75' } });
    expect(within(dialog).getByText('1 CLP = 0.0008 USD · 1 USD = 1,250.75 CLP')).toBeTruthy();
    save(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(fetchMock, 'POST')).toEqual([
      {
        url: '/api/company/currency-rates',
        body: { currency: 'CLP', unitsPerUsd: '1250.75', isActive: true },
      },
    ]);
  });

  it('offers the side each currency is said on, and sends no rate when only the flag changes', async () => {
    const fetchMock = setup();
    const clp = await editDialog('CLP');
    expect(radio(clp, '1 USD = ___ CLP').checked).toBe(true);
    expect((within(clp).getByLabelText('CLP por 1 USD') as HTMLInputElement).value).toBe('833.33333333');
    fireEvent.click(within(clp).getByRole('button', { name: 'Cancelar' }));

    const eur = await editDialog('EUR');
    expect(radio(eur, '1 EUR = ___ USD').checked).toBe(true);
    expect((within(eur).getByLabelText('Tasa a USD') as HTMLInputElement).value).toBe('1.0800');
    fireEvent.click(within(eur).getByLabelText('Activa'));
    save(eur);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The stored 16 decimals stay as they are: the rounded 1.0800 shown is not sent back.
    expect(sent(fetchMock, 'PUT')).toEqual([
      { url: '/api/company/currency-rates/2', body: { isActive: false } },
    ]);
  });

  it('shows the other side of what was typed, keeps the typed text and sends the side typed', async () => {
    const fetchMock = setup();
    const dialog = await editDialog('CLP');
    fireEvent.change(within(dialog).getByLabelText('CLP por 1 USD'), { target: { value: '945' } });
    fireEvent.click(radio(dialog, '1 CLP = ___ USD'));
    expect((within(dialog).getByLabelText('Tasa a USD') as HTMLInputElement).value).toBe('0.0010582');
    expect(within(dialog).getByText('1 CLP = 0.0011 USD · 1 USD = 945.00 CLP')).toBeTruthy();
    fireEvent.click(radio(dialog, '1 USD = ___ CLP'));
    expect((within(dialog).getByLabelText('CLP por 1 USD') as HTMLInputElement).value).toBe('945');
    fireEvent.click(radio(dialog, '1 CLP = ___ USD'));
    save(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // 945 as typed, not its rounded reciprocal.
    expect(sent(fetchMock, 'PUT')).toEqual([
      { url: '/api/company/currency-rates/3', body: { unitsPerUsd: '945', isActive: true } },
    ]);
  });

  it('asks before a change of more than 20 %, showing both rates; Volver keeps what was typed', async () => {
    const fetchMock = setup();
    const dialog = await editDialog('CLP');
    const units = within(dialog).getByLabelText('CLP por 1 USD') as HTMLInputElement;
    fireEvent.change(units, { target: { value: '1250' } });
    save(dialog);

    const question = await within(dialog).findByText(
      'La tasa nueva cambia +50 % respecto de la actual. ¿Es correcta?',
    );
    expect(document.activeElement).toBe(question);
    const step = within(dialog).getByRole('region');
    expect(within(step).getByText('Tasa actual').nextSibling?.textContent).toBe(
      '1 CLP = 0.0012 USD · 1 USD = 833.33 CLP',
    );
    expect(within(step).getByText('Tasa nueva').nextSibling?.textContent).toBe(
      '1 CLP = 0.0008 USD · 1 USD = 1,250.00 CLP',
    );
    expect(units.closest('form')?.hidden).toBe(true);
    expect(sent(fetchMock, 'PUT')).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Volver' }));
    expect(units.closest('form')?.hidden).toBe(false);
    expect(units.value).toBe('1250');
    await waitFor(() => expect(document.activeElement).toBe(units));
    expect(sent(fetchMock, 'PUT')).toEqual([]);

    save(dialog);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(fetchMock, 'PUT')).toEqual([
      { url: '/api/company/currency-rates/3', body: { unitsPerUsd: '1250', isActive: true } },
    ]);
  });

  it('saves a change within 20 % at once', async () => {
    const fetchMock = setup();
    const dialog = await editDialog('CLP');
    fireEvent.change(within(dialog).getByLabelText('CLP por 1 USD'), { target: { value: '999,99' } });
    save(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(fetchMock, 'PUT')).toEqual([
      { url: '/api/company/currency-rates/3', body: { unitsPerUsd: '999.99', isActive: true } },
    ]);
  });
});
