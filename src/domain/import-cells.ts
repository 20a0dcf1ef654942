import { toIsoDate } from './dates';
import { hasValidCheckDigit, looksLikeRut } from './rut';
import { parseTypedDecimal } from './typed-decimal';

/**
 * Reading one spreadsheet cell as an agency types it (docs/decisions/0095-imports.md): text, dates, amounts,
 * RUTs and choices by their Spanish labels, each as a value or the Spanish message saying what to write.
 */

/** A cell as a spreadsheet holds it: text (CSV, or an xlsx text cell), a number, a date cell, or empty. */
export type RawCell = string | number | Date | null | undefined;

export const RUT_IMPORT_MESSAGE = 'RUT inválido: revise el dígito verificador (ej. 12.345.678-5)';
export const DATE_IMPORT_MESSAGE = 'Fecha inválida: escriba dd/mm/aaaa o aaaa-mm-dd (ej. 31/12/1990)';

export type Read = { ok: true; value: string } | { ok: false; message: string };
export const ok = (value: string): Read => ({ ok: true, value });
export const refuse = (message: string): Read => ({ ok: false, message });

/** Lower case, no accents, single spaces: how headers and catalog names are compared. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The text of a cell: trimmed; an export's guard against formulas (a leading `'` before = + - @) is taken
 * off; a number as its digits; a date cell as yyyy-mm-dd.
 */
export function cellText(cell: RawCell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  const text = String(cell).trim();
  return /^'[=+\-@]/.test(text) ? text.slice(1) : text;
}

/** A day from what an agency types or Excel stores: dd/mm/aaaa, dd-mm-aaaa, aaaa-mm-dd, a date cell or its serial. */
export function importDate(cell: RawCell): string | null {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : cell.toISOString().slice(0, 10);
  if (typeof cell === 'number') {
    // An Excel serial day (1 = 1900-01-01, with Excel's 1900 leap-day bug): 25569 is 1970-01-01.
    if (!Number.isInteger(cell) || cell < 1 || cell > 2958465) return null;
    return new Date((cell - 25569) * 86_400_000).toISOString().slice(0, 10);
  }
  const text = cellText(cell).replace(/^(\d{1,2})[-.](\d{1,2})[-.](\d{4})$/, '$1/$2/$3');
  return toIsoDate(text);
}

/** An amount as typed in Chile (1.250,75) or by a spreadsheet (1250.75, a number cell): canonical text. */
export function importAmount(cell: RawCell): Read {
  if (typeof cell === 'number') return Number.isFinite(cell) ? ok(String(cell)) : refuse('Monto inválido');
  const parsed = parseTypedDecimal(cellText(cell), 'money');
  return parsed.ok ? ok(parsed.value) : refuse(`Monto inválido: ${parsed.message}`);
}

export const rutColumn = (cell: RawCell): Read => {
  const text = cellText(cell);
  return looksLikeRut(text) && !hasValidCheckDigit(text) ? refuse(RUT_IMPORT_MESSAGE) : ok(text);
};
export const dateColumn = (cell: RawCell): Read => {
  const iso = importDate(cell);
  return iso ? ok(iso) : refuse(DATE_IMPORT_MESSAGE);
};
/** A choice by its code or its Spanish label ("Pasaporte" or passport). */
export const choiceColumn =
  (choices: readonly string[], labels: Record<string, string>, message: string) =>
  (cell: RawCell): Read => {
    const folded = foldText(cellText(cell));
    const found = choices.find((c) => foldText(c) === folded || foldText(labels[c] ?? '') === folded);
    return found ? ok(found) : refuse(message);
  };

/** One column of a kind's file: the field it fills, its header (and the other headers taken for it). */
export interface ImportColumn {
  field: string;
  header: string;
  aliases?: readonly string[];
  required?: boolean;
  example: string;
  note: string;
  /** Turns the cell into the schema's value; text (trimmed) when left out. */
  read?: (cell: RawCell) => Read;
}

/**
 * One row's cells read by their columns: each given cell turned into its field's value, or an error on
 * its column; an empty required cell is an error unless `mayBeEmpty` says the row can leave it out.
 */
export function readRowCells(
  columns: readonly ImportColumn[],
  positions: ReadonlyMap<string, number>,
  cells: readonly RawCell[],
  row: number,
  mayBeEmpty: (column: ImportColumn) => boolean = () => false,
) {
  const body: Record<string, string> = {};
  const errors: { row: number; column: string; message: string }[] = [];
  for (const column of columns) {
    const position = positions.get(column.field);
    const cell = position === undefined ? undefined : cells[position];
    if (cellText(cell) === '') {
      if (column.required && !mayBeEmpty(column))
        errors.push({ row, column: column.header, message: `«${column.header}» es obligatorio` });
      continue;
    }
    const read = column.read ? column.read(cell) : ok(cellText(cell));
    if (read.ok) body[column.field] = read.value;
    else errors.push({ row, column: column.header, message: read.message });
  }
  return { body, errors };
}
