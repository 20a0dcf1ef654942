// A new company RUT while CAFs of the current one have folios left is confirmed in a dialog
// (docs/decisions/0081-certificate-limits-and-caf-issuer.md).
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { dteApi } from '../../src/domain/api/dte';
import { TaxDataForm } from '../../src/web/features/dte/TaxDataForm';
import { errorOf, mockFetch, renderRoutes, replyOf } from './helpers';

const STORED = {
  rut: '76.123.456-0',
  businessName: 'Viajes Demo SpA',
  businessActivity: 'Agencia de viajes',
  activityCode: 791100,
  address: 'Av. Providencia 1234',
  commune: 'Providencia',
  resolutionNumber: 0,
  resolutionDate: '2026-01-10',
  environment: 'certification' as const,
};
const MESSAGE =
  'La empresa tiene 10 folios sin usar en CAF del RUT 76.123.456-0, que no se usarán con el RUT 96.555.453-K';

afterEach(cleanup);

it('asks to confirm the change the server refused, then sends it with confirmRutChange', async () => {
  const fetchMock = mockFetch((_url, init) => {
    const body = JSON.parse(String(init.body));
    return body.confirmRutChange
      ? replyOf(dteApi.saveTax, { data: { ...STORED, rut: '96.555.453-K' } })
      : errorOf(dteApi.saveTax, 409, { message: MESSAGE });
  });
  renderRoutes([{ path: '/', element: <TaxDataForm tax={STORED} /> }], '/');
  fireEvent.change(await screen.findByLabelText('RUT de la empresa'), { target: { value: '96555453k' } });
  fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
  const dialog = await screen.findByRole('dialog', { name: '¿Cambiar el RUT de la empresa?' });
  expect(within(dialog).getByText(MESSAGE)).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cambiar el RUT' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  const puts = fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init?.body)));
  expect(puts.map((body) => [body.rut, body.confirmRutChange])).toEqual([
    ['96.555.453-K', undefined],
    ['96.555.453-K', true],
  ]);
});
