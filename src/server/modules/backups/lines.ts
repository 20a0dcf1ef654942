import type { Readable } from 'node:stream';

/** The bytes of a stream cut at each newline, each line with its "\n" (a last line without one too). */
export async function* splitLines(stream: Readable): AsyncGenerator<Buffer> {
  let rest = Buffer.alloc(0);
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    let data = rest.length > 0 ? Buffer.concat([rest, chunk]) : chunk;
    let newline = data.indexOf(10);
    while (newline !== -1) {
      yield data.subarray(0, newline + 1);
      data = data.subarray(newline + 1);
      newline = data.indexOf(10);
    }
    rest = Buffer.from(data);
  }
  if (rest.length > 0) yield rest;
}
