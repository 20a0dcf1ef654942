import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dashboardApi } from '../../src/domain/api/dashboard';
import { healthApi } from '../../src/domain/api/health';
import { usersApi } from '../../src/domain/api/users';
import type { Role } from '../../src/domain/roles';
import { call } from '../../src/web/api/client';
import { connection } from '../../src/web/api/connection';
import { RequireRole } from '../../src/web/auth/RequireRole';
import { LoginPage } from '../../src/web/features/auth/LoginPage';
import { DashboardPage } from '../../src/web/features/dashboard/DashboardPage';
import { quickActionLabel, quickActionsFor } from '../../src/web/features/dashboard/quick-actions';
import { AppLayout } from '../../src/web/layout/AppLayout';
import { json, makeUser, mockFetch, renderRoutes, replyOf, signIn } from './helpers';

const routes = [
  // The real login page: it sends a still-authenticated session back to /dashboard.
  { path: '/login', element: <LoginPage /> },
  {
    element: <AppLayout />,
    children: [
      { path: '/dashboard', element: <DashboardPage /> },
      {
        path: '/admin-only',
        element: (
          <RequireRole roles={['admin']}>
            <h1>Solo administración</h1>
          </RequireRole>
        ),
      },
    ],
  },
];

function renderSignedIn(role: Role, otherResponse = () => json({ message: 'ok' }), path = '/dashboard') {
  const user = makeUser({ role, username: `${role}-user` });
  signIn(user);
  const fetchMock = mockFetch((url) =>
    url === '/api/users/me' ? replyOf(usersApi.me, { user }) : otherResponse(),
  );
  return { fetchMock, ...renderRoutes(routes, path) };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('session start-up', () => {
  it('shows an accessible spinner while the stored session is checked', async () => {
    signIn(makeUser());
    mockFetch(() => new Promise<Response>(() => {}));
    renderRoutes(routes, '/dashboard');
    expect((await screen.findByRole('status')).textContent).toContain('Cargando...');
  });

  it('redirects to /login without a stored session', async () => {
    const { router } = renderRoutes(routes, '/dashboard');
    expect(await screen.findByRole('heading', { name: 'Inicio de sesión' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('clears the stored session when /api/users/me fails', async () => {
    signIn(makeUser());
    mockFetch(() => json({ message: 'Sesión inválida' }, 401, 'Unauthorized'));
    const { router } = renderRoutes(routes, '/dashboard');
    await screen.findByRole('heading', { name: 'Inicio de sesión' });
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('auth_user')).toBeNull();
  });

  it('keeps the stored session when the server does not answer, and checks it again once it does', async () => {
    const user = makeUser({ username: 'ana-sin-red' });
    signIn(user);
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const { router } = renderRoutes(routes, '/dashboard');
    await waitFor(() => expect(connection.getSnapshot().lost).toBe(true));
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(localStorage.getItem('auth_token')).toBe('token-123');

    // The server is back: it answers who is signed in and its health; the dashboard's figures are not
    // the point here, so they fail (an answer the panels show as an error, unlike a reply of the wrong
    // shape).
    mockFetch((url) => {
      if (url === '/api/users/me') return replyOf(usersApi.me, { user });
      if (url === '/api/health') return replyOf(healthApi.check, { status: 'ok', database: 'pglite' });
      return json({ message: 'No disponible' }, 503, 'Service Unavailable');
    });
    // What the notice's "Reintentar" does first: any answer marks the server as reached.
    await act(() => call(healthApi.check));
    expect(await screen.findByText('ana-sin-red')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('signed-in layout', () => {
  it('shows the role’s links in the main menu, the active one marked, and the user', async () => {
    renderSignedIn('sales');
    const nav = await screen.findByRole('navigation', { name: 'Menú principal' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Inicio', 'Ventas', 'Clientes', 'Pasajeros']);
    expect(links[0]?.getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('sales-user')).toBeTruthy();
    expect(screen.getAllByText('Ventas')).toHaveLength(2);
    expect(screen.getByRole('main')).toBeTruthy();
  });

  it('collapses to w-16 with icon-only links and remembers it', async () => {
    renderSignedIn('admin');
    const toggle = await screen.findByRole('button', { name: 'Contraer menú' });
    const aside = toggle.closest('aside');
    expect(aside?.classList).toContain('w-64');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(toggle);

    const expand = screen.getByRole('button', { name: 'Expandir menú' });
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    expect(aside?.classList).toContain('w-16');
    expect(localStorage.getItem('sidebar_collapsed')).toBe('true');
    const nav = screen.getByRole('navigation', { name: 'Menú principal' });
    const configLink = within(nav).getByRole('link', { name: 'Configuraciones' });
    expect(configLink.textContent).toBe('');
    expect(configLink.getAttribute('title')).toBe('Configuraciones');
  });

  it('starts collapsed when the preference is stored', async () => {
    localStorage.setItem('sidebar_collapsed', 'true');
    renderSignedIn('admin');
    const expand = await screen.findByRole('button', { name: 'Expandir menú' });
    expect(expand.closest('aside')?.classList).toContain('w-16');
  });

  it('logs out to /login and clears the session even if the logout call fails', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { fetchMock, router } = renderSignedIn('finance', () => json({ message: 'boom' }, 500, 'Error'));
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar Sesión' }));

    await screen.findByRole('heading', { name: 'Inicio de sesión' });
    expect(router.state.location.pathname).toBe('/login');
    expect(
      fetchMock.mock.calls.some(([url, init]) => url === '/api/auth/logout' && init?.method === 'POST'),
    ).toBe(true);
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('auth_user')).toBeNull();
    expect(consoleError).toHaveBeenCalled();
    consoleError.mockRestore();
  });
});

describe('guards', () => {
  it('RequireRole lets an allowed role in', async () => {
    renderSignedIn('admin', undefined, '/admin-only');
    expect(await screen.findByRole('heading', { name: 'Solo administración' })).toBeTruthy();
  });

  it('RequireRole sends other roles to /dashboard with the permission notice', async () => {
    const { router } = renderSignedIn('sales', undefined, '/admin-only');
    expect(await screen.findByText('No tienes permisos para acceder a esta página')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByRole('heading', { name: 'Solo administración' })).toBeNull();
  });

  it('a 401 on any call ends the session and shows /login', async () => {
    const { router } = renderSignedIn('sales', () =>
      json({ message: 'Sesión expirada' }, 401, 'Unauthorized'),
    );
    await screen.findByRole('heading', { level: 1, name: 'Bienvenido, sales-user' });

    await act(() => expect(call(dashboardApi.stats)).rejects.toThrow('Unauthorized'));

    expect(await screen.findByRole('heading', { name: 'Inicio de sesión' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('auth_token')).toBeNull();
  });
});

describe('dashboard', () => {
  it.each([
    [
      'admin',
      'Panel de administración: tienes acceso completo a ventas, clientes, proveedores y configuración.',
    ],
    ['sales', 'Gestiona tus ventas, clientes y pasajeros.'],
    ['finance', 'Consulta la información de la agencia.'],
  ] as const)('greets %s by username with its subtitle', async (role, subtitle) => {
    renderSignedIn(role);
    expect(await screen.findByRole('heading', { level: 1, name: `Bienvenido, ${role}-user` })).toBeTruthy();
    expect(screen.getByText(subtitle)).toBeTruthy();
  });

  it('gives finance, whose sidebar has only Inicio, the way to payments and invoices', async () => {
    renderSignedIn('finance');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('link', { name: 'Ver Pagos' }).getAttribute('href')).toBe('/payments');
    expect(screen.getByRole('link', { name: 'Ver Facturas' }).getAttribute('href')).toBe('/invoices');
    expect(screen.queryByRole('link', { name: 'Crear Venta' })).toBeNull();
  });
});

describe('quick actions', () => {
  it('gives admin and sales the original four and more, admin with "Gestionar Clientes"', () => {
    expect(quickActionsFor('admin').map((a) => quickActionLabel(a, 'admin'))).toEqual([
      'Crear Venta',
      'Agregar Cliente',
      'Ver Ventas',
      'Gestionar Clientes',
      'Ver Pagos',
      'Ver Facturas',
      'Ver Reportes',
    ]);
    expect(quickActionsFor('sales').map((a) => quickActionLabel(a, 'sales'))).toEqual([
      'Crear Venta',
      'Agregar Cliente',
      'Ver Ventas',
      'Ver Clientes',
      'Ver Pagos',
      'Ver Facturas',
      'Ver Reportes',
    ]);
  });

  it('gives finance payments, invoices and reports', () => {
    expect(quickActionsFor('finance').map((a) => a.to)).toEqual(['/payments', '/invoices', '/reports']);
  });
});
