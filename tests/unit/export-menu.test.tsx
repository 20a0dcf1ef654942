import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientsApi } from '../../src/domain/api/master-data';
import { ExportMenu } from '../../src/web/components/ui/ExportMenu';
import { errorOf, mockFetch } from './helpers';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderMenu() {
  // Headless UI places the menu with ResizeObserver, which jsdom lacks; a no-op will do.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  render(
    <>
      <ExportMenu endpoint={clientsApi.export} query={{ q: 'núñez' }} fileName="clientes" />
      <Toaster />
    </>,
  );
}

describe('ExportMenu', () => {
  it('downloads the chosen format with the list filters and the session token', async () => {
    localStorage.setItem('auth_token', 'token-123');
    const fetchMock = mockFetch(
      () =>
        new Response('\uFEFFNombre\r\n', {
          headers: { 'Content-Disposition': 'attachment; filename="clientes-2026-11-23.csv"' },
        }),
    );
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Exportar' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    await waitFor(() => expect(clicked).toEqual(['clientes-2026-11-23.csv']));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe(`/api/clients/export?${new URLSearchParams({ q: 'núñez', format: 'csv' })}`);
    expect((init?.headers as Record<string, string> | undefined)?.Authorization).toBe('Bearer token-123');
    click.mockRestore();
  });

  it('says so in a toast when the server refuses', async () => {
    mockFetch(() => errorOf(clientsApi.export, 400, { message: 'El formato debe ser xlsx o csv' }));
    renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Exportar' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Excel (.xlsx)' }));
    expect(await screen.findByText('No se pudo exportar: El formato debe ser xlsx o csv')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeTruthy();
  });
});
