import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authApi } from '../../src/domain/api/auth';
import { usersApi } from '../../src/domain/api/users';
import { routes } from '../../src/web/router';
import { json, makeUser, mockFetch, replyOf, signIn } from './helpers';

// The dashboard crashes in these tests so that the router's own error page can be checked.
vi.mock('../../src/web/features/dashboard/DashboardPage', () => ({
  DashboardPage: () => {
    throw new Error('boom');
  },
}));

// Lazy routes are transformed on first import, which can take seconds on a busy machine.
const LAZY = { timeout: 15_000 };

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  localStorage.clear();
  mockFetch((url) =>
    url === '/api/auth/demo' ? replyOf(authApi.demo, { enabled: false }) : json({ message: 'No' }, 401),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('app routes', { timeout: 30_000 }, () => {
  it('loads the lazy login page at /login', async () => {
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Inicio de sesión' }, LAZY)).toBeTruthy();
  });

  it('sends an unknown path to /dashboard, and a signed-out user on to /login', async () => {
    const router = renderApp('/no/such/page');
    await screen.findByRole('heading', { name: 'Inicio de sesión' }, LAZY);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the router’s default error page for an unexpected error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = makeUser();
    signIn(user);
    mockFetch((url) => (url === '/api/users/me' ? replyOf(usersApi.me, { user }) : json({})));
    renderApp('/dashboard');
    expect(await screen.findByText('Unexpected Application Error!', {}, LAZY)).toBeTruthy();
  });
});
