import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authApi } from '../../src/domain/api/auth';
import { usersApi } from '../../src/domain/api/users';
import { LoginPage } from '../../src/web/features/auth/LoginPage';
import {
  errorOf,
  type FetchHandler,
  json,
  makeUser,
  mockFetch,
  renderRoutes,
  replyOf,
  signIn,
} from './helpers';

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/dashboard', element: <h1>Panel de prueba</h1> },
];

function setup(handler: FetchHandler) {
  const fetchMock = mockFetch(handler);
  return { fetchMock, ...renderRoutes(routes, '/login') };
}

function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
}

const demoDisabled: FetchHandler = () => replyOf(authApi.demo, { enabled: false });

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LoginPage', () => {
  it('shows the title, labelled fields and submit button', async () => {
    setup(demoDisabled);
    expect(await screen.findByRole('heading', { level: 1, name: 'Inicio de sesión' })).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeTruthy();
  });

  it('shows the validation messages under the fields and does not call the API', async () => {
    const { fetchMock } = setup(demoDisabled);
    fillAndSubmit('not-an-email', '123');

    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/auth/login'))).toBe(false);
  });

  it('signs in, stores the session and goes to /dashboard', async () => {
    const user = makeUser({ role: 'admin' });
    const { fetchMock, router } = setup((url) =>
      url === '/api/auth/login'
        ? replyOf(authApi.login, {
            message: 'Sesión iniciada',
            data: { user, token: 'tok' },
            user,
            token: 'tok',
          })
        : demoDisabled(url, {}),
    );
    fillAndSubmit('admin@example.com', 'secret1');

    expect(await screen.findByRole('heading', { name: 'Panel de prueba' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(localStorage.getItem('auth_token')).toBe('tok');
    expect(JSON.parse(localStorage.getItem('auth_user') ?? '{}')).toEqual(user);
    const loginCall = fetchMock.mock.calls.find(([url]) => url === '/api/auth/login');
    expect(loginCall?.[1]?.body).toBe('{"email":"admin@example.com","password":"secret1"}');
  });

  it('shows "Invalid email or password" on a rejected login and stays on the page', async () => {
    const { router } = setup((url) =>
      url === '/api/auth/login'
        ? errorOf(authApi.login, 401, { message: 'Credenciales inválidas' })
        : demoDisabled(url, {}),
    );
    fillAndSubmit('ana@example.com', 'wrong-password');

    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the server message when rate limited (429)', async () => {
    const message = 'Demasiados intentos. Inténtalo de nuevo en 1 minuto.';
    setup((url) =>
      url === '/api/auth/login' ? errorOf(authApi.login, 429, { message }) : demoDisabled(url, {}),
    );
    fillAndSubmit('ana@example.com', 'secret1');

    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('lists demo accounts and fills the form with "Usar"', async () => {
    setup(() =>
      replyOf(authApi.demo, {
        enabled: true,
        accounts: [
          { role: 'admin', email: 'admin@demo.test', password: 'admin123' },
          { role: 'sales', email: 'ventas@demo.test', password: 'ventas123' },
        ],
      }),
    );

    expect(await screen.findByRole('heading', { name: 'Credenciales de demostración' })).toBeTruthy();
    expect(screen.getByText('Administrador')).toBeTruthy();
    expect(screen.getByText('ventas@demo.test')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Usar.*Ventas/ }));

    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ventas@demo.test');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('ventas123');
  });

  it('hides the demo box when demo mode is off or the call fails', async () => {
    setup(() => json({ message: 'boom' }, 500, 'Internal Server Error'));
    await screen.findByRole('heading', { name: 'Inicio de sesión' });
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(screen.queryByText('Credenciales de demostración')).toBeNull();
  });

  it('sends a signed-in user to /dashboard', async () => {
    const user = makeUser();
    signIn(user);
    const { router } = setup((url) =>
      url === '/api/users/me' ? replyOf(usersApi.me, { user }) : demoDisabled(url, {}),
    );

    expect(await screen.findByRole('heading', { name: 'Panel de prueba' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
