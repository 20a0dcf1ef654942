import { formatDate } from './format';

/**
 * The agency's clock. "Today" and the times people read are the agency's (America/Santiago by
 * default), never the server's UTC date: a report asked for at 22:00 in Santiago is still today's.
 */
export const DEFAULT_TIME_ZONE = 'America/Santiago';

const dayFormatters = new Map<string, Intl.DateTimeFormat>();
const timeFormatters = new Map<string, Intl.DateTimeFormat>();

function cached(map: Map<string, Intl.DateTimeFormat>, timeZone: string, build: () => Intl.DateTimeFormat) {
  let formatter = map.get(timeZone);
  if (!formatter) {
    formatter = build();
    map.set(timeZone, formatter);
  }
  return formatter;
}

/** The agency's calendar day as yyyy-mm-dd (en-CA writes dates that way). */
export function agencyToday(timeZone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): string {
  return cached(
    dayFormatters,
    timeZone,
    () => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  ).format(now);
}

/**
 * The agency's calendar day of a moment, as dates are shown ("27 nov 2026"): a change made at 21:00 in
 * Santiago was made that day, not on the next UTC one. Text that is not a moment shows as formatDate does.
 */
export function formatAgencyDay(value: string | Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const moment = value instanceof Date ? value : new Date(value);
  return Number.isNaN(moment.getTime()) ? formatDate(value) : formatDate(agencyToday(timeZone, moment));
}

/** A moment as people in the agency read it, with its zone: "24 nov 2026, 18:30 GMT-3". */
export function formatDateTime(value: string | Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return 'Fecha inválida';
  return cached(
    timeFormatters,
    timeZone,
    () =>
      new Intl.DateTimeFormat('es-CL', {
        timeZone,
        day: '2-digit',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZoneName: 'shortOffset',
      }),
  ).format(date);
}

const hourFormatters = new Map<string, Intl.DateTimeFormat>();

/** The hour (0-23) on the agency's clock at `now`: when its daily backup is due. */
export function agencyHour(timeZone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): number {
  const formatter = cached(
    hourFormatters,
    timeZone,
    () => new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }),
  );
  return Number(formatter.format(now));
}

const stampFormatters = new Map<string, Intl.DateTimeFormat>();

/** A moment on the agency's clock as the SII's timestamps write it: yyyy-mm-ddThh:mm:ss. */
export function agencyTimestamp(timeZone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): string {
  const formatter = cached(
    stampFormatters,
    timeZone,
    () =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      }),
  );
  const part = (type: string) => formatter.formatToParts(now).find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}`;
}
