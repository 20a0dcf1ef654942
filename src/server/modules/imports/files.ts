import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import type { RawCell } from '../../../domain/import-cells';
import { parseCsvTable } from '../../../domain/import-csv';
import { SALE_IMPORT_COLUMNS } from '../../../domain/import-sales';
import {
  IMPORT_COLUMNS,
  IMPORT_LABELS,
  type ImportKind,
  MAX_IMPORT_ROWS,
  TOO_MANY_ROWS_MESSAGE,
} from '../../../domain/imports';
import { badRequest } from '../../lib/http-errors';

/** The file of an import request, kept out of sight of the input checks that walk a JSON body. */
export class ImportFile {
  readonly #bytes: Buffer;
  constructor(bytes: Buffer) {
    this.#bytes = bytes;
  }
  get bytes() {
    return this.#bytes;
  }
}

export const UNREADABLE_FILE_MESSAGE =
  'No se pudo leer el archivo: envíe la planilla como .xlsx o CSV (separado por ; o ,) en UTF-8';

/** An .xlsx is a zip: it starts with PK. */
const isZip = (bytes: Buffer) => bytes.length > 3 && bytes[0] === 0x50 && bytes[1] === 0x4b;

/** A cell of exceljs as text, number or date: rich text, links and formulas give what they show. */
function plainCell(value: ExcelJS.CellValue): RawCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || value instanceof Date) return value;
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return plainCell(value.result as ExcelJS.CellValue);
  if ('text' in value) return plainCell(value.text as ExcelJS.CellValue);
  return null;
}

const tooMany = (rows: number) => {
  if (rows > MAX_IMPORT_ROWS + 1) throw badRequest(TOO_MANY_ROWS_MESSAGE);
};

/** The file's first sheet (or its CSV) as rows of cells, row 1 its headers; more than the limit is a 400. */
export async function readTable(file: ImportFile): Promise<RawCell[][]> {
  const { bytes } = file;
  if (isZip(bytes)) {
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    } catch {
      throw badRequest(UNREADABLE_FILE_MESSAGE);
    }
    const sheet = workbook.worksheets[0];
    if (!sheet) return [];
    tooMany(sheet.actualRowCount);
    const table: RawCell[][] = [];
    for (let r = 1; r <= sheet.rowCount; r++) {
      const values = sheet.getRow(r).values;
      table.push(Array.isArray(values) ? values.slice(1).map((v) => plainCell(v as ExcelJS.CellValue)) : []);
    }
    return table;
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (text.includes('\u0000')) throw badRequest(UNREADABLE_FILE_MESSAGE);
  const table = parseCsvTable(text);
  tooMany(table.filter((row) => row.some((cell) => cell.trim() !== '')).length);
  return table;
}

/** The kind's file to fill: its headers, one example row and, on a second sheet or below, how to write each. */
export async function templateFile(kind: ImportKind, format: 'xlsx' | 'csv'): Promise<Buffer> {
  const columns = kind === 'sales' ? SALE_IMPORT_COLUMNS : IMPORT_COLUMNS[kind];
  if (format === 'csv') {
    const rows = [columns.map((c) => c.header), columns.map((c) => c.example)];
    return Buffer.from(`\uFEFF${stringify(rows, { delimiter: ';', record_delimiter: 'windows' })}`, 'utf8');
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(IMPORT_LABELS[kind], { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    header: c.header,
    key: c.field,
    width: Math.max(c.header.length + 4, 18),
  }));
  sheet.getRow(1).font = { bold: true };
  // Every cell as text, so that Excel keeps a RUT's dots and a phone's +.
  sheet.addRow(columns.map((c) => c.example));
  for (let i = 1; i <= columns.length; i++) sheet.getColumn(i).numFmt = '@';
  const notes = workbook.addWorksheet('Instrucciones');
  notes.columns = [
    { header: 'Columna', key: 'header', width: 28 },
    { header: 'Cómo llenarla', key: 'note', width: 90 },
  ];
  notes.getRow(1).font = { bold: true };
  for (const c of columns) notes.addRow({ header: c.header, note: c.note });
  notes.addRow({});
  for (const note of kind === 'sales' ? SALES_NOTES : GENERAL_NOTES) notes.addRow({ header: '', note });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const LIMIT_NOTE = `Hasta ${MAX_IMPORT_ROWS.toLocaleString('es-CL')} filas por archivo. Si una fila tiene errores no se importa nada: se listan todos.`;
const FORMATS_NOTE = 'Fechas: dd/mm/aaaa o aaaa-mm-dd. Montos: 1.250,75 o 1250.75.';

const GENERAL_NOTES = [
  'Una fila por registro; la fila 1 son los títulos (puede cambiar el orden de las columnas).',
  FORMATS_NOTE,
  'Una celda vacía deja el dato guardado como está.',
  LIMIT_NOTE,
];

/**
 * A sales file has a row per item, and its «Pasajeros» cell holds documents separated by `;`: in a CSV
 * separated by `;` too, that cell unquoted would split into cells of its own (decision 0095, "Sales").
 */
const SALES_NOTES = [
  'Una fila por ítem; la fila 1 son los títulos (puede cambiar el orden de las columnas). Las filas con la misma «Venta» son una venta: sus datos de venta se leen de la primera.',
  'En un CSV separado por ; la celda «Pasajeros» con varios documentos va entre comillas dobles ("11.111.111-1; F1234567"). Excel las pone al guardar como CSV; si escribe el archivo a mano, póngalas usted.',
  FORMATS_NOTE,
  'Una venta ya importada (mismo cliente, fecha de viaje, pasajero y total) no se vuelve a crear.',
  LIMIT_NOTE,
];
