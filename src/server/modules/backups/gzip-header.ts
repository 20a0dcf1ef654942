import { Transform } from 'node:stream';
import { BackupError } from './errors';

/**
 * gzip's CRC covers the data, not the 10-byte header. Node writes a fixed one (no name, time 0) except
 * the last byte, the writer's operating system; it is set to 255 ("unknown", RFC 1952) on writing, so
 * the reader can require the whole header byte for byte and a flipped byte there is caught as well.
 */
const HEADER = Buffer.from('1f8b08000000000000ff', 'hex');

function firstBytes(onHeader: (header: Buffer) => Buffer) {
  let pending: Buffer | null = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (pending === null) return done(null, chunk);
      pending = Buffer.concat([pending, chunk]);
      if (pending.length < HEADER.length) return done();
      try {
        const out = Buffer.concat([
          onHeader(pending.subarray(0, HEADER.length)),
          pending.subarray(HEADER.length),
        ]);
        pending = null;
        done(null, out);
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done) {
      try {
        done(null, pending?.length ? onHeader(pending) : undefined);
      } catch (error) {
        done(error as Error);
      }
    },
  });
}

/** On writing: the gzip header with the operating-system byte set to "unknown". */
export const normaliseGzipHeader = () =>
  firstBytes((header) => Buffer.concat([header.subarray(0, HEADER.length - 1), HEADER.subarray(-1)]));

/** On reading: refuses any header other than the one the writer makes. */
export const checkGzipHeader = () =>
  firstBytes((header) => {
    if (!header.equals(HEADER)) {
      throw new BackupError(
        'El respaldo está dañado: el encabezado gzip no es el que escribe esta aplicación. No se cambió nada.',
      );
    }
    return header;
  });
