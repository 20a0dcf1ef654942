import { type EventEmitter, once } from 'node:events';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { ExportFormat } from '../../../domain/api/files';
import { columnHeader, columnWidth, csvCell, type ExportColumn, numberFormat, xlsxCell } from './columns';

/** Turns batches of rows into one file, written as they come; `stream` is what the reply sends. */
export interface FileWriter<Row> {
  stream: Readable;
  write(rows: Row[]): Promise<void>;
  end(): Promise<void>;
}

/**
 * Backpressure: after each batch, wait until `target` has taken what is buffered, or until the file
 * stream is gone (a client that went away), so a slow client or a slow step slows the reading instead
 * of filling the server's memory.
 */
async function untilDrained(
  target: EventEmitter,
  needDrain: boolean,
  file: Readable | Writable,
): Promise<void> {
  if (!needDrain || file.destroyed) return;
  // The listener of the event that did not happen is removed, or every batch would leave one behind.
  const done = new AbortController();
  try {
    await Promise.race([
      once(target, 'drain', { signal: done.signal }),
      once(file, 'close', { signal: done.signal }),
    ]);
  } finally {
    done.abort();
  }
}

const drained = (stream: Writable) => untilDrained(stream, stream.writableNeedDrain, stream);

/**
 * ExcelJS writes a sheet's XML into the zip without heeding backpressure (its internal buffer ignores
 * what `write()` returns), so while deflate lags behind, the XML piles up in the zip's input: 70 MB
 * of buffers for a 146,000-row export. This finds that input (ExcelJS 4.4 and archiver 5 internals,
 * pinned in package.json) and whether it is full; if a new version moves them, the export still
 * works, only with the old memory use.
 */
function zipInputOf(sheet: ExcelJS.Worksheet): { input: EventEmitter; needDrain: boolean } | undefined {
  const input = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes?.[0];
  // readable-stream 2, below archiver: no `writableNeedDrain`, only its state object.
  const state = (input as { _writableState?: { needDrain?: unknown } } | undefined)?._writableState;
  return state && typeof state.needDrain === 'boolean'
    ? { input: input as EventEmitter, needDrain: state.needDrain }
    : undefined;
}

function xlsxWriter<Row>(columns: ExportColumn<Row>[], sample: Row[], timeZone: string): FileWriter<Row> {
  const stream = new PassThrough();
  // No shared strings: each string is written with its row, so nothing grows with the file.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Datos', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column, index) => {
    const numFmt = numberFormat(column.kind, timeZone);
    return {
      header: columnHeader(column),
      key: String(index),
      width: columnWidth(column, sample),
      style: numFmt ? { numFmt } : {},
    };
  });
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  return {
    stream,
    async write(rows) {
      for (const row of rows) {
        sheet.addRow(columns.map((column) => xlsxCell(column.kind, column.value(row), timeZone))).commit();
      }
      const zip = zipInputOf(sheet);
      if (zip) await untilDrained(zip.input, zip.needDrain, stream);
      await drained(stream);
    },
    async end() {
      sheet.commit();
      await workbook.commit();
    },
  };
}

/** Excel in es-CL splits on `;` and reads a decimal comma; the BOM makes it read UTF-8 (accents). */
function csvWriter<Row>(columns: ExportColumn<Row>[], timeZone: string): FileWriter<Row> {
  const stream = stringify({
    bom: true,
    delimiter: ';',
    record_delimiter: 'windows',
    header: true,
    columns: columns.map(columnHeader),
  });
  return {
    stream,
    async write(rows) {
      for (const row of rows)
        stream.write(columns.map((column) => csvCell(column.kind, column.value(row), timeZone)));
      await drained(stream);
    },
    async end() {
      stream.end();
    },
  };
}

export function fileWriter<Row>(
  format: ExportFormat,
  columns: ExportColumn<Row>[],
  sample: Row[],
  timeZone: string,
): FileWriter<Row> {
  return format === 'xlsx' ? xlsxWriter(columns, sample, timeZone) : csvWriter(columns, timeZone);
}
