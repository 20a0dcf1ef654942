import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dashboardApi } from '../../src/domain/api/dashboard';
import { healthApi } from '../../src/domain/api/health';
import { invoicesApi } from '../../src/domain/api/invoices';
import { CONNECTION_LOST_MESSAGE, ConnectionError, call, fileOf } from '../../src/web/api/client';
import { connection, REQUEST_TIMEOUT_MS, SLOW_AFTER_MS } from '../../src/web/api/connection';
import { ConnectionNotice } from '../../src/web/components/ui/ConnectionNotice';
import { mockFetch, replyOf } from './helpers';

/** A fetch that never answers until its signal aborts, as a hung server behaves. */
function hangingFetch() {
  return mockFetch(
    (_url, init) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      }) as unknown as Response,
  );
}

function renderNotice() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ConnectionNotice />
    </QueryClientProvider>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  connection.reached();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the fetch client and the connection', () => {
  it('a request that gets no answer is a ConnectionError with the Spanish message, and marks it lost', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const failure = await call(dashboardApi.stats).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConnectionError);
    expect((failure as ConnectionError).message).toBe(CONNECTION_LOST_MESSAGE);
    expect((failure as ConnectionError).timedOut).toBe(false);
    expect(connection.getSnapshot().lost).toBe(true);

    mockFetch(() => replyOf(healthApi.check, { status: 'ok', database: 'pglite' }));
    await call(healthApi.check);
    expect(connection.getSnapshot().lost).toBe(false);
  });

  it('a hung request is slow after a few seconds and given up at the timeout as lost', async () => {
    vi.useFakeTimers();
    hangingFetch();
    const pending = call(dashboardApi.stats).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(SLOW_AFTER_MS);
    expect(connection.getSnapshot()).toEqual({ slow: true, lost: false });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - SLOW_AFTER_MS);
    const failure = await pending;
    expect(failure).toBeInstanceOf(ConnectionError);
    expect((failure as ConnectionError).timedOut).toBe(true);
    expect(connection.getSnapshot()).toEqual({ slow: false, lost: true });
  });

  it('a file download is never given up, however long the server takes to build it', async () => {
    vi.useFakeTimers();
    mockFetch(
      () =>
        new Promise<Response>((resolve) =>
          setTimeout(() => resolve(new Response('pdf')), REQUEST_TIMEOUT_MS * 2),
        ) as unknown as Response,
    );
    const pending = fileOf(invoicesApi.pdf, { params: { id: 1 } });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS * 2);
    expect((await pending).status).toBe(200);
    expect(connection.getSnapshot().lost).toBe(false);
  });

  it('a request its caller cancels is not a lost connection', async () => {
    hangingFetch();
    const controller = new AbortController();
    const pending = call(dashboardApi.stats, {}, { signal: controller.signal }).catch(
      (error: unknown) => error,
    );
    controller.abort();
    expect(await pending).not.toBeInstanceOf(ConnectionError);
    expect(connection.getSnapshot().lost).toBe(false);
  });
});

describe('ConnectionNotice', () => {
  it('says the connection was lost, and "Reintentar" clears it once the server answers', async () => {
    renderNotice();
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => connection.lost());
    expect(screen.getByRole('alert').textContent).toContain('Se perdió la conexión con el servidor');

    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('button', { name: 'Reintentar' })).toBeTruthy();
    expect(screen.getByRole('alert')).toBeTruthy();

    const fetchMock = mockFetch(() => replyOf(healthApi.check, { status: 'ok', database: 'pglite' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/health');
  });

  it('says the server is slow while a request waits', async () => {
    vi.useFakeTimers();
    renderNotice();
    hangingFetch();
    const controller = new AbortController();
    const pending = call(dashboardApi.stats, {}, { signal: controller.signal }).catch(() => undefined);
    await act(() => vi.advanceTimersByTimeAsync(SLOW_AFTER_MS));
    expect(screen.getByRole('status').textContent).toBe('El servidor tarda en responder...');
    controller.abort();
    await act(() => pending);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
