import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authApi } from '../../src/domain/api/auth';
import { companyApi } from '../../src/domain/api/company';
import { invoicesApi } from '../../src/domain/api/invoices';
import { paymentsApi } from '../../src/domain/api/payments';
import {
  ApiError,
  ConnectionError,
  call,
  fileOf,
  lazyCall,
  setUnauthorizedHandler,
} from '../../src/web/api/client';
import { connection } from '../../src/web/api/connection';
import { json, mockFetch } from './helpers';

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('api client transport', () => {
  it('sends the bearer token, JSON body and credentials', async () => {
    localStorage.setItem('auth_token', 'abc');
    const fetchMock = mockFetch(() => json({ ok: true }));

    const body = { email: 'ana@test.cl', password: 'x' };
    await expect(call(authApi.login, { body })).resolves.toEqual({ ok: true });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    const headers = init?.headers as Record<string, string>;
    expect(url).toBe('/api/auth/login');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(headers.Authorization).toBe('Bearer abc');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init?.body).toBe('{"email":"ana@test.cl","password":"x"}');
  });

  it('sends no Authorization header without a stored token', async () => {
    const fetchMock = mockFetch(() => json({}));
    await call(paymentsApi.stats);
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
  });

  it('uses each endpoint’s method, fills its path and builds query strings without empty values', async () => {
    const fetchMock = mockFetch(() => json({}));
    await call(paymentsApi.list, { query: { status: 'confirmed', page: 2, q: '', limit: undefined } });
    await call(paymentsApi.update, { params: { id: 3 }, body: { reference: 'R-1' } });
    await call(companyApi.toggleRate, { params: { id: 7 } });
    await call(paymentsApi.remove, { params: { id: 12 } });
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${url}`)).toEqual([
      'GET /api/payments?status=confirmed&page=2',
      'PUT /api/payments/3',
      'PATCH /api/company/currency-rates/7/toggle',
      'DELETE /api/payments/12',
    ]);
  });

  it('raises the message of the error body, with status and field errors', async () => {
    const errors = [{ path: 'name', message: 'Name is required' }];
    mockFetch(() => json({ message: 'Datos inválidos', errors }, 400, 'Bad Request'));

    const error = await call(authApi.login, { body: { email: '', password: '' } }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Datos inválidos');
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).errors).toEqual(errors);
  });

  it('falls back to "HTTP {status}: {statusText}" when the body has no message', async () => {
    mockFetch(() => new Response('<html>oops</html>', { status: 500, statusText: 'Internal Server Error' }));
    await expect(call(paymentsApi.stats)).rejects.toThrow('HTTP 500: Internal Server Error');
  });

  it('turns a successful non-JSON body into "Response processed successfully"', async () => {
    mockFetch(() => new Response('done', { status: 200 }));
    await expect(call(paymentsApi.remove, { params: { id: 1 } })).resolves.toEqual({
      message: 'Response processed successfully',
    });
  });

  it('on 401 clears the stored session, calls the redirect and throws "Unauthorized"', async () => {
    localStorage.setItem('auth_token', 'abc');
    localStorage.setItem('auth_user', '{"id":1}');
    const redirect = vi.fn();
    const restore = setUnauthorizedHandler(redirect);
    mockFetch(() => json({ message: 'Sesión expirada' }, 401, 'Unauthorized'));

    await expect(call(paymentsApi.stats)).rejects.toThrow(/^Unauthorized$/);

    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('auth_user')).toBeNull();
    expect(redirect).toHaveBeenCalledOnce();
    restore();
  });

  it('leaves a 401 to the caller when skipAuthRedirect is set', async () => {
    localStorage.setItem('auth_token', 'abc');
    const redirect = vi.fn();
    const restore = setUnauthorizedHandler(redirect);
    mockFetch(() => json({ message: 'Credenciales inválidas' }, 401, 'Unauthorized'));

    const body = { email: 'ana@test.cl', password: 'x' };
    await expect(call(authApi.login, { body }, { skipAuthRedirect: true })).rejects.toThrow(
      'Credenciales inválidas',
    );

    expect(redirect).not.toHaveBeenCalled();
    expect(localStorage.getItem('auth_token')).toBe('abc');
    restore();
  });
});

describe('fileOf', () => {
  it('fetches a file with the token and hands back the response unread', async () => {
    localStorage.setItem('auth_token', 'abc');
    const fetchMock = mockFetch(
      () => new Response('%PDF-1.7', { status: 200, headers: { 'content-type': 'application/pdf' } }),
    );
    const response = await fileOf(invoicesApi.pdf, { params: { id: 1 } });
    expect(await response.text()).toBe('%PDF-1.7');
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer abc');
  });

  it('turns a refusal into an ApiError with the server message', async () => {
    mockFetch(() => json({ message: 'Factura no encontrada' }, 404));
    await expect(fileOf(invoicesApi.pdf, { params: { id: 9 } })).rejects.toMatchObject({
      message: 'Factura no encontrada',
      status: 404,
    });
  });
});

describe('lazyCall', () => {
  it('calls the endpoint once its declaration is loaded', async () => {
    const fetchMock = mockFetch(() => json({ stats: [] }));
    await lazyCall(async () => paymentsApi.stats);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/payments/stats');
  });

  it('a declaration that cannot be fetched is a lost connection, not a refusal that ends the session', async () => {
    const fetchMock = mockFetch(() => json({}));
    const failure = await lazyCall<typeof paymentsApi.stats>(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConnectionError);
    expect(connection.getSnapshot().lost).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
    connection.reached();
  });
});
