import { describe, expect, it } from 'vitest';
import {
  addMonths,
  isMinorOn,
  passengerDocumentWarnings,
  returnDateOf,
  type WarningPassenger,
  type WarningTrip,
} from '../../src/domain/passenger-document-warnings';

const trip: WarningTrip = { travelDate: '2027-03-01', returnDate: '2027-03-15', international: true };
const ana: WarningPassenger = {
  id: 1,
  name: 'Ana Pérez',
  dateOfBirth: '1990-05-04',
  documentType: 'passport',
  documentNumber: 'F1234567',
  documentExpiry: '2030-01-01',
};
const kinds = (t: WarningTrip, p: WarningPassenger) => passengerDocumentWarnings(t, [p]).map((w) => w.kind);

describe('addMonths', () => {
  it('falls on the last day of a shorter month, as PostgreSQL does', () => {
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29');
    expect(addMonths('2026-12-15', 6)).toBe('2027-06-15');
    expect(addMonths('2008-02-29', 18 * 12)).toBe('2026-02-28');
  });
});

describe('returnDateOf', () => {
  it('is the latest item date after the travel date, else the travel date', () => {
    expect(returnDateOf('2027-03-01', [])).toBe('2027-03-01');
    expect(
      returnDateOf('2027-03-01', [{ dateIn: '2027-03-02', dateOut: '2027-03-09' }, { dateIn: '2027-03-12' }]),
    ).toBe('2027-03-12');
    expect(returnDateOf('2027-03-01', [{ dateIn: '2027-02-01', dateOut: null }])).toBe('2027-03-01');
  });
});

describe('isMinorOn', () => {
  it('is under 18 until the 18th birthday', () => {
    expect(isMinorOn('2009-03-02', '2027-03-01')).toBe(true);
    expect(isMinorOn('2009-03-01', '2027-03-01')).toBe(false);
    expect(isMinorOn('2008-02-29', '2026-02-27')).toBe(true);
    expect(isMinorOn('2008-02-29', '2026-02-28')).toBe(false);
  });
});

describe('passengerDocumentWarnings', () => {
  it('warns of nothing for a valid adult passport', () => {
    expect(passengerDocumentWarnings(trip, [ana])).toEqual([]);
  });

  it('warns of nothing on a national or regional trip', () => {
    const national = { ...trip, international: false };
    expect(
      passengerDocumentWarnings(national, [{ ...ana, documentNumber: null, dateOfBirth: '2015-01-01' }]),
    ).toEqual([]);
  });

  it('warns of a document expiring within six months of the return', () => {
    expect(kinds(trip, { ...ana, documentExpiry: '2027-09-14' })).toEqual(['documentExpiring']);
    expect(kinds(trip, { ...ana, documentExpiry: '2027-09-15' })).toEqual([]);
    const [warning] = passengerDocumentWarnings(trip, [{ ...ana, documentExpiry: '2027-09-14' }]);
    expect(warning).toMatchObject({ passengerId: 1, passengerName: 'Ana Pérez' });
    expect(warning?.message).toMatch(
      /^El pasaporte de Ana Pérez vence el .+2027, antes de seis meses después del regreso\.$/,
    );
  });

  it('counts from the travel date when the trip has no later date, and says when it expires before travelling', () => {
    const oneDay = { ...trip, returnDate: trip.travelDate };
    expect(passengerDocumentWarnings(oneDay, [{ ...ana, documentExpiry: '2027-08-01' }])[0]?.message).toMatch(
      /después del viaje\.$/,
    );
    expect(kinds(oneDay, { ...ana, documentExpiry: '2027-09-01' })).toEqual([]);
    expect(passengerDocumentWarnings(trip, [{ ...ana, documentExpiry: '2027-02-01' }])[0]?.message).toMatch(
      /antes del viaje\.$/,
    );
  });

  it('names the cédula for a RUT document', () => {
    const rut = {
      ...ana,
      documentType: 'rut' as const,
      documentNumber: '12.345.678-5',
      documentExpiry: '2027-04-01',
    };
    expect(passengerDocumentWarnings(trip, [rut])[0]?.message).toMatch(
      /^La cédula de identidad de Ana Pérez/,
    );
  });

  it('warns of a missing number, or of a passport without expiry', () => {
    expect(kinds(trip, { ...ana, documentType: null, documentNumber: null, documentExpiry: null })).toEqual([
      'documentMissing',
    ]);
    expect(kinds(trip, { ...ana, documentNumber: '  ' })).toEqual(['documentMissing']);
    const noExpiry = passengerDocumentWarnings(trip, [{ ...ana, documentExpiry: null }]);
    expect(noExpiry.map((w) => w.message)).toEqual([
      'Falta la fecha de vencimiento del pasaporte de Ana Pérez.',
    ]);
    expect(kinds(trip, { ...ana, documentType: 'dni', documentExpiry: null })).toEqual([]);
  });

  it('warns of a minor on the travel date, passenger by passenger', () => {
    const child = { ...ana, id: 2, name: 'Tomás Pérez', dateOfBirth: '2015-06-01', documentNumber: null };
    const warnings = passengerDocumentWarnings(trip, [ana, child]);
    expect(warnings.map((w) => [w.passengerName, w.kind])).toEqual([
      ['Tomás Pérez', 'documentMissing'],
      ['Tomás Pérez', 'minorTravelling'],
    ]);
    expect(warnings[1]?.message).toBe(
      'Tomás Pérez es menor de edad y viaja al extranjero: necesita el permiso notarial de viaje.',
    );
  });
});
