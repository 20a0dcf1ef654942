import type { Readable } from 'node:stream';
import { damaged } from './errors';

/**
 * The longest line a backup may hold, newline aside (docs/decisions/0080): far above its largest
 * row (a PDF kept as hex, a few MiB), so no backup this application writes comes near it; the
 * writer refuses a row beyond it (dump.ts), and the reader refuses such a line before it holds more.
 */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;

const tooLong = () =>
  damaged(
    `una línea supera los ${MAX_LINE_BYTES / 1024 / 1024} MiB, más que cualquier fila que un respaldo puede tener`,
  );

/**
 * The bytes of a stream cut at each newline, each line with its "\n" (a last line without one too).
 * A line split over many chunks is kept as the list of its pieces and joined once, at its end: each
 * byte is copied once however long the line, and one longer than `maxLineBytes` fails at once.
 */
export async function* splitLines(stream: Readable, maxLineBytes = MAX_LINE_BYTES): AsyncGenerator<Buffer> {
  let pieces: Buffer[] = [];
  let pending = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    let start = 0;
    let newline = chunk.indexOf(10);
    while (newline !== -1) {
      if (pending + newline - start > maxLineBytes) throw tooLong();
      const end = chunk.subarray(start, newline + 1);
      yield pieces.length > 0 ? Buffer.concat([...pieces, end]) : end;
      pieces = [];
      pending = 0;
      start = newline + 1;
      newline = chunk.indexOf(10, start);
    }
    if (start < chunk.length) {
      pieces.push(chunk.subarray(start));
      pending += chunk.length - start;
      if (pending > maxLineBytes) throw tooLong();
    }
  }
  if (pending > 0) yield Buffer.concat(pieces);
}
