import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';

/** An exported file read back as a test would check it: header row, data rows, sheet view. */
export interface ReadSheet {
  header: string[];
  rows: unknown[][];
  frozenRows?: number;
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

export const hasBom = (file: Buffer) => file.subarray(0, 3).equals(BOM);

export async function readXlsx(file: Buffer): Promise<ReadSheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the workbook has no sheet');
  const values: unknown[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    // exceljs rows are 1-based: index 0 is always empty.
    values.push((row.values as unknown[]).slice(1).map((v) => v ?? null));
  });
  const [header = [], ...rows] = values;
  const view = sheet.views[0] as { state?: string; ySplit?: number } | undefined;
  return {
    header: header as string[],
    // A row's trailing empty cells are not stored: padded to the header's width.
    rows: rows.map((row) => header.map((_, i) => row[i] ?? null)),
    frozenRows: view?.state === 'frozen' ? view.ySplit : undefined,
  };
}

export function readCsv(file: Buffer): ReadSheet {
  const [header = [], ...rows] = parse(file, { bom: true, delimiter: ';' }) as string[][];
  return { header, rows };
}

/** es-CL CSV money and numbers ("1500,50") as numbers. */
export const csvNumber = (text: string) => Number(text.replace(',', '.'));

/** The agency's day (America/Santiago) as the file names carry it. */
export const santiagoDay = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date());
