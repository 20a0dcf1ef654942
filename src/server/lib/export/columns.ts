/**
 * What an export is made of: Spanish column definitions and the rules that turn a value into a
 * spreadsheet cell (typed, for .xlsx) or into CSV text (for Excel in es-CL: decimal comma).
 * docs/decisions/0022-exports.md explains the choices.
 */

import { agencyToday, DEFAULT_TIME_ZONE, formatDateTime } from '../../../domain/agency-day';
import type { ExportFormat } from '../../../domain/api/files';
import { currencyPrefix } from '../../../domain/format';

/**
 * - text: shown as is; money: exact decimal (numeric text from PostgreSQL, or a JSON number with
 *   two decimals); number: a count or percentage; date: yyyy-mm-dd; datetime: an instant, shown in
 *   the agency's zone.
 */
export type ColumnKind = 'text' | 'number' | 'money' | 'date' | 'datetime';
export type CellValue = string | number | Date | null | undefined;

export interface ExportColumn<Row> {
  header: string;
  kind: ColumnKind;
  /**
   * Money only: the currency of every cell (USD when left out, as the app's amounts are), or 'row'
   * when each row's own currency is in a Moneda column beside it. The header names it.
   */
  currency?: string;
  value: (row: Row) => CellValue;
}

/**
 * The header as the file shows it: a money column says its currency ("Total (US$)"), because its
 * cells are plain numbers that Excel shows without one.
 */
export function columnHeader(column: Pick<ExportColumn<unknown>, 'header' | 'kind' | 'currency'>): string {
  if (column.kind !== 'money') return column.header;
  const currency = column.currency === 'row' ? 'en su moneda' : currencyPrefix(column.currency);
  return `${column.header} (${currency})`;
}

/**
 * The excel number formats of each kind (a text column keeps Excel's default). An Excel date has no
 * zone: an instant is written as the agency's wall-clock time and its format names the zone.
 */
export function numberFormat(kind: ColumnKind, timeZone: string): string | undefined {
  switch (kind) {
    case 'money':
      return '#,##0.00';
    case 'date':
      return 'dd-mm-yyyy';
    case 'datetime':
      return `dd-mm-yyyy hh:mm "${timeZone}"`;
    default:
      return undefined;
  }
}

const instant = (value: string | number | Date) => (value instanceof Date ? value : new Date(value));

const wallClocks = new Map<string, Intl.DateTimeFormat>();
/** The instant's wall-clock time in `timeZone`, as a Date whose UTC fields are that time (for Excel). */
function wallClock(value: Date, timeZone: string): Date {
  let formatter = wallClocks.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClocks.set(timeZone, formatter);
  }
  const part = (type: string) => Number(formatter.formatToParts(value).find((p) => p.type === type)?.value);
  return new Date(
    Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')),
  );
}

/** The typed value of an .xlsx cell: numbers as numbers, dates as dates (instants in the agency's zone). */
export function xlsxCell(
  kind: ColumnKind,
  value: CellValue,
  timeZone: string = DEFAULT_TIME_ZONE,
): string | number | Date | null {
  if (value === null || value === undefined || value === '') return null;
  switch (kind) {
    case 'money':
    case 'number':
      return typeof value === 'number' ? value : Number(value);
    case 'date':
      return value instanceof Date ? value : new Date(`${value}T00:00:00Z`);
    case 'datetime':
      return wallClock(instant(value), timeZone);
    case 'text':
      return String(value);
  }
}

/** A text that Excel would run as a formula (=, +, -, @, tab, CR) is quoted: OWASP's CSV injection. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The CSV text of a cell: decimal comma, dates yyyy-mm-dd, instants as people read them, with the zone. */
export function csvCell(kind: ColumnKind, value: CellValue, timeZone: string = DEFAULT_TIME_ZONE): string {
  if (value === null || value === undefined) return '';
  switch (kind) {
    case 'money':
      // numeric(14,2) has at most 14 significant digits: a double holds it exactly, toFixed rounds none.
      return (typeof value === 'number' ? value : Number(value)).toFixed(2).replace('.', ',');
    case 'number':
      return String(value).replace('.', ',');
    case 'date':
      return value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
    case 'datetime':
      return formatDateTime(instant(value), timeZone);
    case 'text': {
      const text = String(value);
      return FORMULA_START.test(text) ? `'${text}` : text;
    }
  }
}

/** Width in characters: the widest of the header and the first rows, within sensible bounds. */
export function columnWidth<Row>(column: ExportColumn<Row>, sample: Row[]): number {
  const widest = sample.reduce(
    (max, row) => Math.max(max, csvCell(column.kind, column.value(row)).length),
    columnHeader(column).length,
  );
  const minimum = column.kind === 'datetime' ? 24 : column.kind === 'date' ? 11 : 8;
  return Math.min(Math.max(widest + 2, minimum), 60);
}

/** `clientes-2026-11-23.xlsx`: the list's name and the agency's day. */
export function exportFileName(
  baseName: string,
  format: ExportFormat,
  timeZone: string = DEFAULT_TIME_ZONE,
  now = new Date(),
): string {
  return `${baseName}-${agencyToday(timeZone, now)}.${format}`;
}
