import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { companyApi } from '../../src/domain/api/company';
import { emailsApi } from '../../src/domain/api/emails';
import { usersApi } from '../../src/domain/api/users';
import type { EmailDetail, EmailList, EmailSummary } from '../../src/domain/emails';
import { RequireAuth } from '../../src/web/auth';
import { Communications } from '../../src/web/features/emails';
import { EmailsPage } from '../../src/web/features/emails/EmailsPage';
import { errorOf, type FetchHandler, makeUser, mockFetch, renderRoutes, replyOf, signIn } from './helpers';

const admin = makeUser({ id: 1, username: 'admin', email: 'admin@example.com', role: 'admin' });

const PENDING: EmailSummary = {
  id: 3,
  kind: 'quote',
  to: ['cliente@correo.cl'],
  subject: 'Cotización de su viaje',
  status: 'pending',
  attempts: 0,
  saleId: 12,
  clientId: 4,
  createdAt: '2026-03-05T15:00:00.000Z',
};
const FAILED: EmailSummary = {
  ...PENDING,
  id: 2,
  kind: 'receipt',
  status: 'failed',
  attempts: 1,
  lastError: '550 5.1.1 Buzón inexistente',
};
const SENT: EmailSummary = {
  ...PENDING,
  id: 1,
  kind: 'itinerary',
  status: 'sent',
  attempts: 1,
  sentAt: '2026-03-04T15:00:00.000Z',
};
const DETAIL: EmailDetail = {
  ...PENDING,
  cc: ['jefa@correo.cl'],
  from: 'Viajes Australes <reservas@australes.cl>',
  body: 'Estimado cliente:\nAdjuntamos la cotización.',
  messageId: '<abc@australes.cl>',
  attachments: [{ id: 1, filename: 'COT-12-1.pdf', contentType: 'application/pdf', size: 2048 }],
  attemptLog: [],
};
const page = (emails: EmailSummary[]): EmailList => ({
  emails,
  pagination: { page: 1, limit: 100, total: emails.length, totalPages: 1 },
});

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

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Correos', () => {
  it('lists each message with its status in Spanish, the last error, and the actions its status allows', async () => {
    setup(<EmailsPage />, '/emails', () => replyOf(emailsApi.list, page([PENDING, FAILED, SENT])));
    const table = await screen.findByRole('table', { name: 'Correos' });
    const [pending, failed, sent] = within(table).getAllByRole('row').slice(1) as HTMLElement[];
    expect(within(pending as HTMLElement).getByText('Pendiente')).toBeTruthy();
    expect(pending?.textContent).toContain('Cotización');
    expect(pending?.textContent).toContain('cliente@correo.cl');
    // 15:00 UTC is 12:00 in Santiago in March.
    expect(pending?.textContent).toContain('05 mar 2026');
    expect(pending?.textContent).toContain('12:00');
    expect(within(pending as HTMLElement).queryByRole('button', { name: /^Reintentar/ })).toBeNull();
    expect(within(pending as HTMLElement).getByRole('button', { name: /^Cancelar/ })).toBeTruthy();
    expect(within(failed as HTMLElement).getByText('Fallido')).toBeTruthy();
    expect(within(failed as HTMLElement).getByText('550 5.1.1 Buzón inexistente')).toBeTruthy();
    expect(within(failed as HTMLElement).getByRole('button', { name: /^Reintentar/ })).toBeTruthy();
    expect(within(sent as HTMLElement).getByText('Enviado')).toBeTruthy();
    expect(within(sent as HTMLElement).queryByRole('button', { name: /^Cancelar/ })).toBeNull();
  });

  it('filters by status on the server', async () => {
    const fetchMock = setup(<EmailsPage />, '/emails', () => replyOf(emailsApi.list, page([FAILED])));
    await screen.findByRole('table', { name: 'Correos' });
    fireEvent.click(screen.getByRole('button', { name: 'Fallido' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/emails?page=1&status=failed'),
    );
  });

  it('shows the empty state, and the error state when the list cannot be read', async () => {
    setup(<EmailsPage />, '/emails', () => replyOf(emailsApi.list, page([])));
    expect(await screen.findByText('Aún no hay correos')).toBeTruthy();
    cleanup();
    setup(<EmailsPage />, '/emails', () => errorOf(emailsApi.list, 403, { message: 'Sin permiso' }));
    expect(await screen.findByText('No se pudieron cargar los correos')).toBeTruthy();
  });

  it('previews a message: headers, body and attachments', async () => {
    setup(<EmailsPage />, '/emails', (url) =>
      url === '/api/emails/3'
        ? replyOf(emailsApi.get, { email: DETAIL })
        : replyOf(emailsApi.list, page([PENDING])),
    );
    await screen.findByRole('table', { name: 'Correos' });
    fireEvent.click(screen.getByRole('button', { name: 'Ver Cotización a cliente@correo.cl' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vista previa del correo' });
    expect(await within(dialog).findByText('Viajes Australes <reservas@australes.cl>')).toBeTruthy();
    expect(within(dialog).getByText('jefa@correo.cl')).toBeTruthy();
    expect(within(dialog).getByText(/Adjuntamos la cotización/)).toBeTruthy();
    expect(within(dialog).getByText('COT-12-1.pdf (2 KB)')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Descargar .eml' })).toBeTruthy();
  });

  it('cancels after asking, and retries a failed message', async () => {
    const fetchMock = setup(<EmailsPage />, '/emails', (url, init) => {
      if (init.method === 'POST' && url.endsWith('/cancel'))
        return replyOf(emailsApi.cancel, {
          message: 'Correo cancelado',
          email: { ...PENDING, status: 'cancelled' },
        });
      if (init.method === 'POST')
        return replyOf(emailsApi.retry, {
          message: 'Correo en la cola de envío',
          email: { ...FAILED, status: 'pending' },
        });
      return replyOf(emailsApi.list, page([PENDING, FAILED]));
    });
    await screen.findByRole('table', { name: 'Correos' });
    fireEvent.click(
      screen.getByRole('button', { name: 'Reintentar Comprobante de pago a cliente@correo.cl' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar Cotización a cliente@correo.cl' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar correo' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar correo' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => String(url)),
      ).toEqual(['/api/emails/2/retry', '/api/emails/3/cancel']),
    );
  });
});

describe('Comunicaciones', () => {
  it("lists a sale's messages: what, to whom, when and status", async () => {
    const fetchMock = setup(<Communications saleId={12} timeZone="America/Santiago" />, '/sales/12', () =>
      replyOf(emailsApi.list, page([SENT])),
    );
    const table = await screen.findByRole('table', { name: 'Comunicaciones' });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(row.textContent).toContain('Itinerario');
    expect(row.textContent).toContain('cliente@correo.cl');
    expect(row.textContent).toContain('04 mar 2026');
    expect(within(row).getByText('Enviado')).toBeTruthy();
    expect(within(row).queryByRole('button')).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/emails?saleId=12&page=1');
  });

  it('shows a waiting message as sent once the outbox sent it, without a reload', async () => {
    let sent = false;
    const fetchMock = setup(<Communications saleId={12} timeZone="America/Santiago" />, '/sales/12', () =>
      replyOf(emailsApi.list, page([sent ? { ...PENDING, status: 'sent', attempts: 1 } : PENDING])),
    );
    const table = await screen.findByRole('table', { name: 'Comunicaciones' });
    expect(within(table).getByText('Pendiente')).toBeTruthy();
    sent = true;
    // The list asks again by itself while a message waits (every 3 s).
    expect(await within(table).findByText('Enviado', {}, { timeout: 15_000 })).toBeTruthy();
    const asked = fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/emails?'));
    expect(asked.length).toBeGreaterThanOrEqual(2);
  });

  it('says when nothing was sent yet', async () => {
    setup(<Communications clientId={4} timeZone="America/Santiago" />, '/clients/4/edit', () =>
      replyOf(emailsApi.list, page([])),
    );
    expect(await screen.findByText('Aún no se ha enviado nada')).toBeTruthy();
  });
});
