import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { agencyToday } from '../../src/domain/agency-day';
import type { Passenger } from '../../src/domain/master-data';
import { addDays } from '../../src/domain/report-params';
import { PassengerDocumentNotice } from '../../src/web/features/sales/PassengerDocumentNotice';

/** The sale detail's "Documentos de viaje" notice (decision 0098). */
const today = agencyToday('America/Santiago');
const ana: Passenger = {
  id: 1,
  name: 'Ana Pérez',
  passengerId: 'P-1',
  dateOfBirth: '1980-01-01',
  documentType: 'passport',
  documentNumber: 'F1',
  documentExpiry: addDays(today, 60),
};
const tomas: Passenger = {
  id: 2,
  name: 'Tomás Pérez',
  passengerId: 'P-2',
  dateOfBirth: addDays(today, -365 * 10),
};
const sale = (over: object = {}) => ({
  status: 'confirmed' as const,
  travelDate: addDays(today, 10),
  region: 'international',
  // Tomás is on both items: his warnings are listed once.
  items: [
    { dateIn: addDays(today, 10), dateOut: addDays(today, 20), passengers: [ana, tomas] },
    { passengers: [tomas] },
  ],
  ...over,
});
const show = (over?: object) =>
  render(<PassengerDocumentNotice sale={sale(over)} timeZone="America/Santiago" />);

afterEach(cleanup);

describe('PassengerDocumentNotice', () => {
  it('lists each passenger’s warnings once, in Spanish', () => {
    show();
    const notice = screen.getByRole('region', { name: 'Documentos de viaje' });
    const items = within(notice)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toHaveLength(3);
    expect(items[0]).toMatch(
      /^El pasaporte de Ana Pérez vence el .*, antes de seis meses después del regreso\.$/,
    );
    expect(items.slice(1)).toEqual([
      'Falta el número de documento de Tomás Pérez.',
      'Tomás Pérez es menor de edad y viaja al extranjero: necesita el permiso notarial de viaje.',
    ]);
  });

  it('says nothing on a national, cancelled or past sale', () => {
    for (const over of [
      { region: 'national' },
      { status: 'cancelled' },
      { travelDate: addDays(today, -1) },
    ]) {
      const { container } = show(over);
      expect(container.textContent, JSON.stringify(over)).toBe('');
      cleanup();
    }
  });
});
