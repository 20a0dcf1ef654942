import type { FastifyReply, FastifyRequest } from 'fastify';
import { EXPORT_CONTENT_TYPES, type ExportFormat } from '../../../domain/api/files';
import { requestTimeZone } from '../agency-zone';
import { type ExportColumn, exportFileName } from './columns';
import { fileWriter } from './writers';

export type { ExportFormat } from '../../../domain/api/files';
export type { CellValue, ColumnKind, ExportColumn } from './columns';

/** Rows read per query: big enough to be quick, small enough that memory stays flat. */
export const EXPORT_BATCH_SIZE = 1000;

/**
 * Reads a list in batches by keyset: `read(after, limit)` returns the rows that follow `after` (the
 * last row of the previous batch) in the list's order. Each batch is one short query, so no
 * connection or snapshot is held while the client downloads.
 */
export async function* keysetBatches<Row>(
  read: (after: NoInfer<Row> | undefined, limit: number) => Promise<Row[]>,
  size = EXPORT_BATCH_SIZE,
): AsyncGenerator<Row[]> {
  let after: Row | undefined;
  for (;;) {
    const rows = await read(after, size);
    if (rows.length) yield rows;
    if (rows.length < size) return;
    after = rows.at(-1);
  }
}

/** A list small by nature (a report, the currency rates) is one batch. */
export async function* oneBatch<Row>(rows: Promise<Row[]> | Row[]): AsyncGenerator<Row[]> {
  yield await rows;
}

export interface ExportSpec<Row> {
  format: ExportFormat;
  /** The list's Spanish name, e.g. `clientes`; the file is `clientes-2026-11-23.xlsx`. */
  fileName: string;
  columns: ExportColumn<Row>[];
  batches: AsyncIterable<Row[]>;
}

/**
 * Streams a list to the reply as .xlsx or CSV. The first batch is read before anything is sent, so
 * a refusal or a database error is still an ordinary JSON error; later batches are read as the
 * client takes the file, and a client that goes away stops the reading.
 */
export async function sendExport<Row>(
  request: FastifyRequest,
  reply: FastifyReply,
  spec: ExportSpec<Row>,
): Promise<FastifyReply> {
  const timeZone = await requestTimeZone(request);
  const batches = spec.batches[Symbol.asyncIterator]();
  const first = await batches.next();
  const sample = first.done ? [] : first.value;
  const writer = fileWriter(spec.format, spec.columns, sample, timeZone);
  // A client that goes away: the file stream is destroyed, which also ends a wait for 'drain'.
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) writer.stream.destroy();
  });
  const stopped = () => writer.stream.destroyed;

  void (async () => {
    try {
      await writer.write(sample);
      while (!stopped()) {
        const next = await batches.next();
        if (next.done) break;
        await writer.write(next.value);
      }
      if (stopped()) await batches.return?.(undefined);
      else await writer.end();
    } catch (error) {
      // Headers are sent: the only honest signal left is a broken download.
      request.log.error({ err: error }, 'export failed');
      writer.stream.destroy(error as Error);
    }
  })();

  return reply
    .header('content-type', EXPORT_CONTENT_TYPES[spec.format])
    .header(
      'content-disposition',
      `attachment; filename="${exportFileName(spec.fileName, spec.format, timeZone)}"`,
    )
    .send(writer.stream);
}

/**
 * The export of a paged list: `format` picks the file, the rest of the query are the list's filters,
 * and `read(filters, after, limit)` continues the list after the last row read (keyset).
 */
export function sendListExport<Query extends { format: ExportFormat }, Row>(
  request: FastifyRequest,
  reply: FastifyReply,
  query: Query,
  spec: Omit<ExportSpec<Row>, 'format' | 'batches'> & {
    read: (filters: Omit<Query, 'format'>, after: Row | undefined, limit: number) => Promise<Row[]>;
  },
): Promise<FastifyReply> {
  const { format, ...filters } = query;
  const { read, ...file } = spec;
  return sendExport(request, reply, {
    ...file,
    format,
    batches: keysetBatches((after: Row | undefined, limit: number) => read(filters, after, limit)),
  });
}
