import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connection } from '../../src/web/api/connection';
import { resilientRoutes } from '../../src/web/resilient-routes';

afterEach(cleanup);

describe('resilientRoutes', () => {
  it('a page whose code cannot be downloaded says so in Spanish, and Reintentar loads it in place', async () => {
    const download = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ Component: () => <h1>Ventas</h1> });
    const router = createMemoryRouter(
      resilientRoutes([{ path: '/', children: [{ path: 'sales', lazy: download }] }]),
      {
        initialEntries: ['/sales'],
      },
    );
    render(<RouterProvider router={router} />);

    expect((await screen.findByRole('alert')).textContent).toContain('Se perdió la conexión con el servidor');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    // Still unreachable: the message stays.
    expect(await screen.findByRole('button', { name: 'Reintentar' })).toBeTruthy();
    await waitFor(() => expect(download).toHaveBeenCalledTimes(2));
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { name: 'Ventas' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("marks the connection lost, and the notice's Reintentar (reloadFailed) loads the page too", async () => {
    const download = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ Component: () => <h1>Clientes</h1> });
    const router = createMemoryRouter(resilientRoutes([{ path: '/', lazy: download }]));
    render(<RouterProvider router={router} />);
    await screen.findByRole('alert');
    expect(connection.getSnapshot().lost).toBe(true);

    await act(() => connection.reloadFailed());
    expect(await screen.findByRole('heading', { name: 'Clientes' })).toBeTruthy();
    expect(connection.getSnapshot().lost).toBe(false);
    // Loaded: nothing is left for a later Reintentar to load.
    await connection.reloadFailed();
    expect(download).toHaveBeenCalledTimes(2);
  });

  it('any other error still reaches the router (its default page, as decision 0044 describes)', async () => {
    const router = createMemoryRouter(
      resilientRoutes([{ path: '/', lazy: () => Promise.reject(new Error('programming error')) }]),
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Unexpected Application Error!')).toBeTruthy();
  });
});
