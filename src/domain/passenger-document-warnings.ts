import { formatDate } from './format';
import { DOCUMENT_NOUNS, type DocumentType } from './travel-document';

/*
 * What a passenger's travel document says before an international trip
 * (docs/decisions/0098-passenger-document-warnings.md): a document that expires too soon, one that is
 * missing, a minor who needs the notarised permit. The sale detail shows these from the sale itself;
 * the morning alerts find the same warnings in SQL (src/server/modules/alerts/document-warnings.ts),
 * which follows the same dates as the functions here.
 */

export const PASSENGER_WARNING_KINDS = ['documentMissing', 'documentExpiring', 'minorTravelling'] as const;
export type PassengerWarningKind = (typeof PASSENGER_WARNING_KINDS)[number];

/** Many countries refuse entry on a document valid for less than this after the stay ends. */
export const DOCUMENT_VALID_MONTHS_AFTER_RETURN = 6;
/** Under this age on the travel date, leaving Chile takes the parents' notarised permit. */
export const ADULT_AGE = 18;

export interface WarningPassenger {
  id: number;
  name: string;
  dateOfBirth: string;
  documentType?: DocumentType | null;
  documentNumber?: string | null;
  documentExpiry?: string | null;
}

export interface WarningTrip {
  travelDate: string;
  /** The last day of the trip: the latest item date, or the travel date (returnDateOf). */
  returnDate: string;
  international: boolean;
}

export interface PassengerWarning {
  kind: PassengerWarningKind;
  passengerId: number;
  passengerName: string;
  message: string;
}

/**
 * yyyy-mm-dd plus whole months, a day past the end of the month falling on its last day (31 Aug + 6
 * months is 28 Feb), as PostgreSQL's `date + interval 'n months'` does: the alerts compute it there.
 */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}

/**
 * The last day of the trip: the latest date of any item (in or out) when it is after the travel date,
 * else the travel date. A sale has no return date of its own; its items' dates say when it ends.
 */
export function returnDateOf(
  travelDate: string,
  items: readonly { dateIn?: string | null; dateOut?: string | null }[],
): string {
  return items
    .flatMap((item) => [item.dateIn, item.dateOut])
    .reduce<string>((last, date) => (date && date > last ? date : last), travelDate);
}

/** The day the document must still be valid on: six months after the return (or the travel date). */
export const documentValidUntil = (trip: Pick<WarningTrip, 'returnDate'>) =>
  addMonths(trip.returnDate, DOCUMENT_VALID_MONTHS_AFTER_RETURN);

/** Under 18 on the travel date: the 18th birthday is after it (born 29 Feb, it is 28 Feb, as in SQL). */
export const isMinorOn = (dateOfBirth: string, day: string) => addMonths(dateOfBirth, ADULT_AGE * 12) > day;

const blank = (text: string | null | undefined) => !text?.trim();

/** A passport must say until when it is valid; other documents are judged by their number alone. */
const missingPart = (p: WarningPassenger): string | null => {
  if (blank(p.documentNumber)) return `Falta el número de documento de ${p.name}.`;
  if (p.documentType === 'passport' && !p.documentExpiry)
    return `Falta la fecha de vencimiento del pasaporte de ${p.name}.`;
  return null;
};

function expiringMessage(p: WarningPassenger, expiry: string, trip: WarningTrip): string {
  const noun = DOCUMENT_NOUNS[p.documentType ?? 'other'];
  const when =
    expiry < trip.travelDate
      ? 'antes del viaje'
      : trip.returnDate > trip.travelDate
        ? 'antes de seis meses después del regreso'
        : 'antes de seis meses después del viaje';
  return `${noun} de ${p.name} vence el ${formatDate(expiry)}, ${when}.`;
}

/**
 * The warnings of one trip's passengers, passenger by passenger in the order given, each passenger's
 * in the order of PASSENGER_WARNING_KINDS. A national or regional trip gets none: the six-month rule,
 * the passport and the minor's permit are for leaving the country.
 */
export function passengerDocumentWarnings(
  trip: WarningTrip,
  passengers: readonly WarningPassenger[],
): PassengerWarning[] {
  if (!trip.international) return [];
  const validUntil = documentValidUntil(trip);
  return passengers.flatMap((p) => {
    const found: PassengerWarning[] = [];
    const add = (kind: PassengerWarningKind, message: string) =>
      found.push({ kind, passengerId: p.id, passengerName: p.name, message });
    const missing = missingPart(p);
    if (missing) add('documentMissing', missing);
    if (p.documentExpiry && p.documentExpiry < validUntil)
      add('documentExpiring', expiringMessage(p, p.documentExpiry, trip));
    if (isMinorOn(p.dateOfBirth, trip.travelDate))
      add(
        'minorTravelling',
        `${p.name} es menor de edad y viaja al extranjero: necesita el permiso notarial de viaje.`,
      );
    return found;
  });
}
