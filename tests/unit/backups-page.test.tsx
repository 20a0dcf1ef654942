import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backupsApi } from '../../src/domain/api/backups';
import { companyApi } from '../../src/domain/api/company';
import { usersApi } from '../../src/domain/api/users';
import type { BackupDto, BackupList } from '../../src/domain/backups';
import { RequireAuth } from '../../src/web/auth';
import { LastBackupFailure } from '../../src/web/features/backups';
import { backupsQuery, POLL_WHILE_RUNNING_MS } from '../../src/web/features/backups/api';
import { BackupsPage } from '../../src/web/features/backups/BackupsPage';
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

const admin = makeUser({ id: 1, username: 'admin', email: 'admin@example.com', role: 'admin' });

const VERIFIED: BackupDto = {
  id: 2,
  fileName: 'respaldo-2026-03-05T15-00-00-000Z.ndjson.gz',
  createdAt: '2026-03-05T15:00:00.000Z',
  finishedAt: '2026-03-05T15:00:04.000Z',
  bytes: 1_234_567,
  rowCounts: { sales: 12_000, users: 345 },
  status: 'verified',
};
const FAILED: BackupDto = {
  id: 1,
  fileName: 'respaldo-2026-03-04T15-00-00-000Z.ndjson.gz',
  createdAt: '2026-03-04T15:00:00.000Z',
  finishedAt: '2026-03-04T15:00:02.000Z',
  bytes: 1000,
  status: 'failed',
  error: 'No queda espacio en disco para el respaldo',
};
const RUNNING: BackupDto = {
  id: 3,
  fileName: 'respaldo-2026-03-06T15-00-00-000Z.ndjson.gz',
  createdAt: '2026-03-06T15:00:00.000Z',
  status: 'running',
};

function setup(element: React.ReactNode, path: string, api: FetchHandler) {
  signIn(admin);
  const fetchMock = mockFetch((url, init) => {
    if (url === '/api/users/me') return replyOf(usersApi.me, { user: admin });
    if (url === '/api/company/preferences')
      return replyOf(companyApi.preferences, {
        data: {
          timeZone: 'America/Santiago',
          largeAmountThreshold: 10000,
          numberFormat: 'en',
          electronicInvoicing: false,
        },
      });
    return api(url, init);
  });
  renderRoutes([{ path, element: <RequireAuth>{element}</RequireAuth> }], path);
  return fetchMock;
}

const listing =
  (list: BackupList): FetchHandler =>
  () =>
    replyOf(backupsApi.list, list);

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Respaldos', () => {
  it('lists each backup with its date in agency time, size in MB, rows and status; download only when verified', async () => {
    setup(<BackupsPage />, '/backups', listing({ backups: [VERIFIED, FAILED] }));
    const table = await screen.findByRole('table', { name: 'Respaldos' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [verified, failed] = rows as [HTMLElement, HTMLElement];
    // 15:00 UTC is 12:00 in Santiago in March (summer time, UTC-3).
    expect(verified.textContent).toContain('05 mar 2026');
    expect(verified.textContent).toContain('12:00');
    expect(verified.textContent).toContain('1,23 MB');
    expect(verified.textContent).toContain('12.345');
    expect(within(verified).getByText('Verificado')).toBeTruthy();
    expect(within(verified).getByRole('button', { name: /Descargar/ })).toBeTruthy();
    expect(failed.textContent).toContain('< 0,01 MB');
    expect(within(failed).getByText('Falló')).toBeTruthy();
    expect(within(failed).getByText('No queda espacio en disco para el respaldo')).toBeTruthy();
    expect(within(failed).queryByRole('button', { name: /Descargar/ })).toBeNull();
    expect((screen.getByRole('button', { name: 'Crear respaldo ahora' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('shows the empty state, and the error state when the list cannot be read', async () => {
    setup(<BackupsPage />, '/backups', listing({ backups: [] }));
    expect(await screen.findByText('Aún no hay respaldos')).toBeTruthy();
    cleanup();
    setup(<BackupsPage />, '/backups', () =>
      errorOf(backupsApi.list, 503, { message: 'Respaldos no configurados' }),
    );
    expect(await screen.findByText('No se pudieron cargar los respaldos')).toBeTruthy();
  });

  it('"Crear respaldo ahora" posts, then stays disabled while the backup runs', async () => {
    let list: BackupList = { backups: [VERIFIED] };
    const fetchMock = setup(<BackupsPage />, '/backups', (_url, init) => {
      if (init.method === 'POST') {
        list = { backups: [RUNNING, VERIFIED] };
        return replyOf(backupsApi.create, { message: 'Respaldo iniciado', backup: RUNNING }, 202);
      }
      return replyOf(backupsApi.list, list);
    });
    await screen.findByRole('table', { name: 'Respaldos' });
    fireEvent.click(screen.getByRole('button', { name: 'Crear respaldo ahora' }));
    expect(await screen.findByText('En curso')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Respaldo en curso...' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([url]) => String(url))).toEqual(['/api/backups']);
  });

  it('says why a backup could not start (409)', async () => {
    setup(<BackupsPage />, '/backups', (_url, init) =>
      init.method === 'POST'
        ? errorOf(backupsApi.create, 409, { message: 'Ya hay un respaldo en curso' })
        : replyOf(backupsApi.list, { backups: [] }),
    );
    await screen.findByText('Aún no hay respaldos');
    fireEvent.click(screen.getByRole('button', { name: 'Crear respaldo ahora' }));
    expect(await screen.findByText(/Ya hay un respaldo en curso/)).toBeTruthy();
  });

  it('polls every 2 s only while a backup is running', () => {
    const interval = backupsQuery().refetchInterval as (query: { state: { data?: BackupList } }) => unknown;
    expect(POLL_WHILE_RUNNING_MS).toBe(2000);
    expect(interval({ state: { data: { backups: [RUNNING, VERIFIED] } } })).toBe(2000);
    expect(interval({ state: { data: { backups: [VERIFIED, FAILED] } } })).toBe(false);
  });
});

describe('the last failure on the dashboard', () => {
  it('is shown in red, with the reason and date, linking to Respaldos', async () => {
    setup(<LastBackupFailure />, '/dashboard', listing({ backups: [FAILED], lastFailure: FAILED }));
    const link = await screen.findByRole('link', { name: /El último respaldo falló/ });
    expect(link.textContent).toBe(
      'El último respaldo falló: No queda espacio en disco para el respaldo (04 mar 2026, 12:00 GMT-3)',
    );
    expect(link.getAttribute('href')).toBe('/backups');
  });

  it('is absent when no failure is newer than the last verified backup', async () => {
    const fetchMock = setup(<LastBackupFailure />, '/dashboard', () => json({ backups: [VERIFIED] }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/backups')).toBe(true));
    expect(screen.queryByText(/El último respaldo falló/)).toBeNull();
  });
});
