import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { z } from 'zod';
import {
  type EndpointShape,
  type ErrorReply,
  errorReplySchema,
  type ReplyOf,
} from '../../src/domain/api/endpoint';
import type { PublicUser } from '../../src/domain/auth';
import { AuthProvider } from '../../src/web/auth';

export type FetchHandler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Replaces global fetch; the handler builds real Response objects so the client parses them as in a browser. */
export function mockFetch(handler: FetchHandler) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) =>
    Promise.resolve(handler(String(input), init)),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function json(body: unknown, status = 200, statusText = 'OK'): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function makeUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 1,
    username: 'ana',
    email: 'ana@example.com',
    role: 'sales',
    isActive: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function signIn(user: PublicUser) {
  localStorage.setItem('auth_token', 'token-123');
  localStorage.setItem('auth_user', JSON.stringify(user));
}

/** Renders routes the way the app does: query client, then router, then the session provider. */
export function renderRoutes(routes: RouteObject[], initialPath: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        element: (
          <AuthProvider>
            <Outlet />
          </AuthProvider>
        ),
        children: routes,
      },
    ],
    { initialEntries: [initialPath] },
  );
  return {
    router,
    ...render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  };
}

/**
 * The success reply of an endpoint, as the server would send it: the fixture is typed by the endpoint's
 * reply schema and checked against it at run time, so a UI test cannot stub a shape the API never sends.
 */
export function replyOf<E extends EndpointShape>(declared: E, body: ReplyOf<E>, status = 200): Response {
  const schema = (declared.replies as Record<number, unknown>)[status];
  if (schema instanceof z.ZodType) schema.parse(body);
  return json(body, status);
}

/** An error reply of an endpoint, for a status the endpoint declares (a 500 is `json(…, 500)`). */
export function errorOf<E extends EndpointShape>(
  declared: E,
  status: E['errors'][number],
  body: ErrorReply,
): Response {
  if (!declared.errors.includes(status)) throw new Error(`${declared.path} no declara ${status}`);
  return json(errorReplySchema.parse(body), status);
}
