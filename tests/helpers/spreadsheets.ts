import ExcelJS from 'exceljs';

/**
 * Spreadsheets as agencies bring them, for the import tests of the API and of the browser (no server
 * code here: the browser tests' program takes this file too).
 */

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV = 'text/csv';

/** The title row of a passengers file, as the app's own template writes it. */
export const PASSENGER_TITLES = [
  'Nombre',
  'ID',
  'Fecha de nacimiento',
  'Nacionalidad',
  'Tipo de documento',
  'Número de documento',
  'Vencimiento del documento',
];

/** A CSV as Excel saves one: UTF-8 with a BOM, lines ended by CRLF. */
export const csv = (lines: string[]) => `\uFEFF${lines.join('\r\n')}\r\n`;

/** An .xlsx of one sheet with these rows (strings, numbers, real date cells). */
export async function xlsxOf(rows: (string | number | Date | null)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Datos');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
