import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline, Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createGunzip } from 'node:zlib';
import { Decrypter } from 'age-encryption';
import { BackupError } from './errors';
import {
  AGE_MAGIC,
  type BackupHeader,
  type BackupManifest,
  backupHeaderSchema,
  backupTrailerSchema,
  FORMAT_NAME,
  FORMAT_VERSION,
} from './format';
import { checkGzipHeader } from './gzip-header';
import { splitLines } from './lines';

/** What reading a backup yields: its header, then each table's rows in batches, then the manifest. */
export type BackupPart =
  | { kind: 'header'; header: BackupHeader }
  | { kind: 'rows'; table: string; lines: string[] }
  | { kind: 'end'; manifest: BackupManifest };

/** Rows handed to the loader at a time (one INSERT): bounded by count and by size. */
const BATCH_ROWS = 1000;
const BATCH_BYTES = 4 * 1024 * 1024;

const damaged = (why: string) => new BackupError(`El respaldo está dañado: ${why}. No se cambió nada.`);

/**
 * Reads a backup file as a stream and checks it while reading: the header's format, each line's kind
 * and order, the rows of each table against the trailer's counts, and the SHA-256 of every byte before
 * the trailer. The `end` part is yielded only when all of that holds, so a caller that loads rows as
 * they come commits only after it; a truncated, altered or foreign file fails with a Spanish message.
 */
export async function* readBackup(file: string, passphrase?: string): AsyncGenerator<BackupPart> {
  const digest = createHash('sha256');
  const counts: Record<string, number> = {};
  let header: BackupHeader | undefined;
  let table: string | undefined;
  let batch: string[] = [];
  let batchBytes = 0;
  let trailer: unknown;
  const flush = (): BackupPart | undefined => {
    if (!table || batch.length === 0) return undefined;
    const part: BackupPart = { kind: 'rows', table, lines: batch };
    batch = [];
    batchBytes = 0;
    return part;
  };
  try {
    for await (const line of splitLines(await plainStream(file, passphrase))) {
      if (trailer !== undefined) throw damaged('hay datos después del cierre');
      const text = line.toString('utf8');
      if (!header) {
        header = parseHeader(text);
        digest.update(line);
        yield { kind: 'header', header };
        continue;
      }
      if (text.startsWith('{')) {
        if (!table) throw damaged('hay filas antes de la primera tabla');
        digest.update(line);
        counts[table] = (counts[table] ?? 0) + 1;
        batch.push(text.trimEnd());
        batchBytes += line.length;
        if (batch.length >= BATCH_ROWS || batchBytes >= BATCH_BYTES) yield flush() as BackupPart;
        continue;
      }
      const rows = flush();
      if (rows) yield rows;
      const [kind, value] = parseJson(text) as [unknown, unknown];
      if (kind === 'table' && typeof value === 'string') {
        if (!header.tables.some((t) => t.name === value))
          throw damaged(`la tabla ${value} no está en el encabezado`);
        digest.update(line);
        table = value;
        counts[table] = 0;
      } else if (kind === 'end') {
        trailer = value;
      } else {
        throw damaged('una línea no es de ningún tipo conocido');
      }
    }
  } catch (error) {
    throw readError(error);
  }
  if (!header || trailer === undefined) {
    throw new BackupError(
      'El respaldo está incompleto: el archivo termina antes de su cierre. No se cambió nada.',
    );
  }
  const parsed = backupTrailerSchema.safeParse(trailer);
  if (!parsed.success) throw damaged('el cierre no tiene la forma esperada');
  if (parsed.data.payloadSha256 !== digest.digest('hex'))
    throw damaged('la suma SHA-256 del contenido no coincide');
  for (const { name } of header.tables) {
    if ((counts[name] ?? 0) !== parsed.data.rowCounts[name])
      throw damaged(`la tabla ${name} no tiene sus filas`);
  }
  yield { kind: 'end', manifest: { ...header, ...parsed.data } };
}

/** Reads the whole file and returns its manifest; throws the same errors as a restore would. */
export async function verifyBackupFile(file: string, passphrase?: string): Promise<BackupManifest> {
  for await (const part of readBackup(file, passphrase)) {
    if (part.kind === 'end') return part.manifest;
  }
  throw new BackupError('El respaldo está incompleto. No se cambió nada.');
}

async function plainStream(file: string, passphrase: string | undefined): Promise<Readable> {
  const encrypted = await startsWith(file, AGE_MAGIC);
  const raw = createReadStream(file);
  if (!encrypted) return unzip(raw);
  if (!passphrase) {
    throw new BackupError(
      'El respaldo está cifrado: define BACKUP_PASSPHRASE con su contraseña para leerlo.',
    );
  }
  const decrypter = new Decrypter();
  decrypter.addPassphrase(passphrase);
  let plain: ReadableStream<Uint8Array>;
  try {
    plain = await decrypter.decrypt(Readable.toWeb(raw) as ReadableStream<Uint8Array>);
  } catch (error) {
    raw.destroy();
    const message = error instanceof Error ? error.message : '';
    if (/no identity matched/i.test(message)) {
      throw new BackupError(
        'La contraseña del respaldo no es correcta (BACKUP_PASSPHRASE). No se cambió nada.',
      );
    }
    throw damaged('el encabezado del cifrado no es válido');
  }
  return unzip(Readable.fromWeb(plain as WebReadableStream<Uint8Array>));
}

/** pipeline, not pipe: a failure anywhere upstream reaches the reader of the last stream. */
const unzip = (compressed: Readable): Readable =>
  pipeline(compressed, checkGzipHeader(), createGunzip(), () => undefined);

async function startsWith(file: string, magic: string): Promise<boolean> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new BackupError(
      code === 'ENOENT' ? `No existe el archivo ${file}.` : `No se puede leer ${file}: ${code}.`,
    );
  }
  try {
    const buffer = Buffer.alloc(magic.length);
    const { bytesRead } = await handle.read(buffer, 0, magic.length, 0);
    return bytesRead === magic.length && buffer.toString('latin1') === magic;
  } finally {
    await handle.close();
  }
}

function parseHeader(text: string): BackupHeader {
  const value = parseJson(text);
  if (!Array.isArray(value) || value[0] !== FORMAT_NAME)
    throw damaged('no es un respaldo de esta aplicación');
  if (value[1] !== FORMAT_VERSION) {
    throw new BackupError(`El respaldo usa el formato ${String(value[1])}, que esta versión no sabe leer.`);
  }
  const parsed = backupHeaderSchema.safeParse(value[2]);
  if (!parsed.success) throw damaged('el encabezado no tiene la forma esperada');
  return parsed.data;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw damaged('una línea no es JSON válido');
  }
}

function readError(error: unknown): BackupError {
  if (error instanceof BackupError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'Z_BUF_ERROR' || /unexpected end of file/i.test(String((error as Error).message))) {
    return new BackupError(
      'El respaldo está incompleto: el archivo termina antes de tiempo. No se cambió nada.',
    );
  }
  if (code?.startsWith('Z_')) return damaged('la compresión no es válida (bytes alterados)');
  // age checks every 64 KiB chunk and the last one: an altered or cut encrypted file ends here.
  return damaged('los datos no verifican (bytes alterados o archivo cortado)');
}
