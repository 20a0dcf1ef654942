import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emailsApi } from '../../src/domain/api/emails';
import { SendDocumentDialog } from '../../src/web/features/emails/SendDocumentDialog';
import type { DocumentTarget } from '../../src/web/features/emails/send-form';
import { errorOf, mockFetch, replyOf } from './helpers';

const TEMPLATE = 'Estimado/a {cliente}:\n\nAdjuntamos {documento}.';
const DRAFT = { to: ['ana@cliente.cl'], message: TEMPLATE, validUntil: '2031-01-31' };

/** The server: the draft, and POST /api/emails answered by `onSend` (202 by default). */
function server(
  onSend: (body: unknown) => Response = () => replyOf(emailsApi.send, { id: 9, status: 'pending' }, 202),
) {
  return mockFetch((url, init) => {
    if (init.method === 'POST') return onSend(JSON.parse(String(init.body)));
    const kind = new URL(url, 'http://x').searchParams.get('kind');
    return replyOf(emailsApi.draft, {
      draft: kind === 'quote' ? DRAFT : { to: DRAFT.to, message: TEMPLATE },
    });
  });
}

function renderDialog(target: DocumentTarget = { kind: 'quote', saleId: 7 }) {
  const onClose = vi.fn();
  const onSent = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Toaster />
      <SendDocumentDialog target={target} open onClose={onClose} onSent={onSent} />
    </QueryClientProvider>,
  );
  return { onClose, onSent };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
const posts = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

afterEach(cleanup);

describe('SendDocumentDialog', () => {
  it("starts from the client's e-mail, the company's message and the quote's default validity", async () => {
    const fetchMock = server();
    renderDialog();
    expect(await screen.findByRole('dialog', { name: 'Enviar cotización' })).toBeTruthy();
    expect((await screen.findByLabelText('Para')) as HTMLInputElement).toHaveProperty(
      'value',
      'ana@cliente.cl',
    );
    expect(field('CC').value).toBe('');
    expect(field('Mensaje').value).toBe(TEMPLATE);
    expect(field('Válida hasta').value).toBe('2031-01-31');
    await waitFor(() => expect(document.activeElement).toBe(field('Para')));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/emails/draft?kind=quote&saleId=7');
  });

  it('refuses in Spanish, without calling the server, no recipient, a bad address, more than 20 and an unknown placeholder', async () => {
    const fetchMock = server();
    renderDialog();
    await screen.findByLabelText('Para');
    const cases: [string, string, string][] = [
      ['Para', '', 'Indica al menos un destinatario'],
      ['Para', 'ana@cliente.cl; pedro@', 'El email del destinatario no es válido'],
      [
        'Para',
        Array.from({ length: 21 }, (_, i) => `p${i}@cliente.cl`).join(', '),
        'No se puede enviar a más de 20 destinatarios',
      ],
      ['Mensaje', 'Hola {nombre}', 'Marcador desconocido {nombre}: usa {cliente}, {documento} o {empresa}'],
    ];
    for (const [label, value, message] of cases) {
      type('Para', 'ana@cliente.cl');
      type('Mensaje', TEMPLATE);
      type(label, value);
      submit();
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(posts(fetchMock)).toEqual([]);
  });

  it('sends what was typed, several addresses each, then says it was queued and closes', async () => {
    const bodies: unknown[] = [];
    server((body) => {
      bodies.push(body);
      return replyOf(emailsApi.send, { id: 9, status: 'pending' }, 202);
    });
    const { onClose, onSent } = renderDialog();
    await screen.findByLabelText('Para');
    type('Para', 'ana@cliente.cl, pedro@cliente.cl');
    type('CC', 'jefa@agencia.cl');
    type('Mensaje', 'Hola {cliente}');
    type('Válida hasta', '2031-02-15');
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies).toEqual([
      {
        kind: 'quote',
        saleId: 7,
        to: ['ana@cliente.cl', 'pedro@cliente.cl'],
        cc: ['jefa@agencia.cl'],
        message: 'Hola {cliente}',
        validUntil: '2031-02-15',
      },
    ]);
    expect(onSent).toHaveBeenCalled();
    expect(
      await screen.findByText('Cotización en la cola de envío a ana@cliente.cl, pedro@cliente.cl'),
    ).toBeTruthy();
  });

  it('keeps every field and stays open when the server refuses, showing its reason on the field', async () => {
    server(() =>
      errorOf(emailsApi.send, 400, {
        message: 'La fecha Válida hasta no puede ser anterior a hoy',
        errors: [{ path: 'validUntil', message: 'La fecha Válida hasta no puede ser anterior a hoy' }],
      }),
    );
    const { onClose } = renderDialog();
    await screen.findByLabelText('Para');
    type('CC', 'jefa@agencia.cl');
    type('Mensaje', 'Mi mensaje');
    submit();
    expect(await screen.findByText('No se pudo enviar el correo')).toBeTruthy();
    expect(field('Válida hasta').getAttribute('aria-invalid')).toBe('true');
    expect(field('Para').value).toBe('ana@cliente.cl');
    expect(field('CC').value).toBe('jefa@agencia.cl');
    expect(field('Mensaje').value).toBe('Mi mensaje');
    expect(onClose).not.toHaveBeenCalled();
    // Escape does not close it either: only Cancelar and the close button do.
    fireEvent.keyDown(field('Mensaje'), { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Enviar cotización' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('sends a receipt or a statement without a validity, a statement with its period', async () => {
    const bodies: unknown[] = [];
    server((body) => {
      bodies.push(body);
      return replyOf(emailsApi.send, { id: 10, status: 'pending' }, 202);
    });
    renderDialog({ kind: 'statement', clientId: 4, periodFrom: '2031-01-01' });
    expect(await screen.findByRole('dialog', { name: 'Enviar estado de cuenta' })).toBeTruthy();
    await screen.findByLabelText('Para');
    expect(screen.queryByLabelText('Válida hasta')).toBeNull();
    submit();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      kind: 'statement',
      clientId: 4,
      periodFrom: '2031-01-01',
      to: ['ana@cliente.cl'],
      message: TEMPLATE,
    });
  });
});
