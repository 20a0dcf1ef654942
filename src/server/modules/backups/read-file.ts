import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline, Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createGunzip } from 'node:zlib';
import { Decrypter } from 'age-encryption';
import { BackupError, damaged } from './errors';
import {
  AGE_MAGIC,
  type BackupHeader,
  type BackupManifest,
  type BackupTrailer,
  backupHeaderSchema,
  backupTrailerSchema,
  FORMAT_NAME,
  FORMAT_VERSION,
  type SignedTrailer,
  signedHeaderSchema,
  signedTrailerSchema,
  UNSIGNED_FORMAT_VERSION,
} from './format';
import { checkGzipHeader } from './gzip-header';
import { splitLines } from './lines';
import { keyIdOf, payloadDigests, sameDigest } from './signature';

/** What reading a backup yields: its header, then each table's rows in batches, then the manifest. */
export type BackupPart =
  | { kind: 'header'; header: BackupHeader }
  /** `firstLine`: the file's line (from 1, uncompressed) of the first row, to name a row that fails. */
  | { kind: 'rows'; table: string; lines: string[]; firstLine: number }
  | { kind: 'end'; manifest: BackupManifest };

/** What reading a backup needs besides the file (decision 0080). */
export interface BackupKeys {
  /** BACKUP_PASSPHRASE, for an encrypted file. */
  passphrase?: string;
  /** The server's secret key (secret-key.ts): a file is read only when this key signed it. */
  secretKey: string | undefined;
  /**
   * `npm run restore -- --allow-unsigned`, never the app: also reads a file whose origin this key
   * cannot prove (format 1, another server's key, no key here). Its SHA-256 and counts are still
   * checked, an HMAC of this key that does not match still refused; the manifest says why.
   */
  allowUnsigned?: boolean;
}

/** Rows handed to the loader at a time (one INSERT): bounded by count and by size. */
const BATCH_ROWS = 1000;
const BATCH_BYTES = 4 * 1024 * 1024;

/**
 * Reads a backup file as a stream and checks it while reading: the header's format and signing key,
 * each line's kind, order and length, the rows of each table against the trailer's counts, and the
 * SHA-256 and HMAC of every byte before the trailer. The `end` part is yielded only when all of that
 * holds, so a caller that loads rows as they come commits only after it; a truncated, altered or
 * foreign file fails with a Spanish message.
 */
export async function* readBackup(file: string, keys: BackupKeys): AsyncGenerator<BackupPart> {
  const digest = payloadDigests(keys.secretKey);
  const counts: Record<string, number> = {};
  let read: ReturnType<typeof parseHeader> | undefined;
  let table: string | undefined;
  let batch: string[] = [];
  let batchBytes = 0;
  let lineNumber = 0;
  let trailer: unknown;
  const flush = (): BackupPart | undefined => {
    if (!table || batch.length === 0) return undefined;
    const part: BackupPart = { kind: 'rows', table, lines: batch, firstLine: lineNumber - batch.length + 1 };
    batch = [];
    batchBytes = 0;
    return part;
  };
  try {
    for await (const line of splitLines(await plainStream(file, keys.passphrase))) {
      if (trailer !== undefined) throw damaged('hay datos después del cierre');
      const text = line.toString('utf8');
      if (!read) {
        read = parseHeader(text, keys);
        digest.update(line);
        lineNumber = 1;
        yield { kind: 'header', header: read.header };
        continue;
      }
      if (text.startsWith('{')) {
        if (!table) throw damaged('hay filas antes de la primera tabla');
        digest.update(line);
        lineNumber++;
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
        if (!read.header.tables.some((t) => t.name === value))
          throw damaged(`la tabla ${value} no está en el encabezado`);
        digest.update(line);
        lineNumber++;
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
  if (!read || trailer === undefined) {
    throw new BackupError(
      'El respaldo está incompleto: el archivo termina antes de su cierre. No se cambió nada.',
    );
  }
  const { header, keyId } = read;
  const parsed = (keyId === undefined ? backupTrailerSchema : signedTrailerSchema).safeParse(trailer);
  if (!parsed.success) throw damaged('el cierre no tiene la forma esperada');
  const computed = digest.digest();
  if (parsed.data.payloadSha256 !== computed.payloadSha256)
    throw damaged('la suma SHA-256 del contenido no coincide');
  const unauthenticated = checkSignature(keyId, parsed.data, computed.payloadHmac, keys);
  for (const { name } of header.tables) {
    if ((counts[name] ?? 0) !== parsed.data.rowCounts[name])
      throw damaged(`la tabla ${name} no tiene sus filas`);
  }
  const { rowCounts, payloadSha256 } = parsed.data;
  yield {
    kind: 'end',
    manifest: { ...header, rowCounts, payloadSha256, ...(unauthenticated && { unauthenticated }) },
  };
}

/**
 * The HMAC against this server's key. Returns why the origin is not proved when the person restoring
 * accepted that (allowUnsigned); a signature of this very key that does not match is always refused.
 */
function checkSignature(
  keyId: string | undefined,
  trailer: BackupTrailer & Partial<SignedTrailer>,
  computed: string | undefined,
  keys: BackupKeys,
): string | undefined {
  if (keyId === undefined) return 'es del formato 1, sin firma';
  if (keys.secretKey === undefined || keyId !== keyIdOf(keys.secretKey))
    return 'está firmado con otra clave secreta, o no hay clave aquí';
  if (computed === undefined || !sameDigest(trailer.payloadHmac ?? '', computed)) {
    throw new BackupError(
      'El respaldo fue alterado: su firma (HMAC-SHA-256 con la clave secreta de este servidor) no corresponde ' +
        'a su contenido, aunque su suma SHA-256 sí. No lo restaures: usa otra copia. No se cambió nada.',
    );
  }
  return undefined;
}

/** Reads the whole file and returns its manifest; throws the same errors as a restore would. */
export async function verifyBackupFile(file: string, keys: BackupKeys): Promise<BackupManifest> {
  for await (const part of readBackup(file, keys)) {
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

/** The header and the key that signed it (none in format 1), refused unless this key or allowUnsigned. */
function parseHeader(text: string, keys: BackupKeys): { header: BackupHeader; keyId?: string } {
  const value = parseJson(text);
  if (!Array.isArray(value) || value[0] !== FORMAT_NAME)
    throw damaged('no es un respaldo de esta aplicación');
  if (value[1] === UNSIGNED_FORMAT_VERSION) {
    if (!keys.allowUnsigned) {
      throw new BackupError(
        'El respaldo es del formato 1, sin firma: nada prueba que lo hizo esta aplicación ni que nadie lo ' +
          'cambió después. Si sabes de dónde viene y que nadie lo tocó, restáuralo con --allow-unsigned. No se cambió nada.',
      );
    }
    return { header: headerOf(backupHeaderSchema.safeParse(value[2])) };
  }
  if (value[1] !== FORMAT_VERSION) {
    throw new BackupError(`El respaldo usa el formato ${String(value[1])}, que esta versión no sabe leer.`);
  }
  const { keyId, ...header } = headerOf(signedHeaderSchema.safeParse(value[2]));
  if (keys.allowUnsigned) return { header, keyId };
  if (keys.secretKey === undefined) {
    throw new BackupError(
      'Falta la clave secreta con que se firmó el respaldo: define SECRET_KEY, o pasa el archivo secret-key ' +
        'del servidor que lo hizo con --secret-key-file ARCHIVO. No se cambió nada.',
    );
  }
  if (keyId !== keyIdOf(keys.secretKey)) {
    throw new BackupError(
      'El respaldo está firmado con otra clave secreta, no con la de este servidor (SECRET_KEY o el archivo ' +
        'secret-key): restáuralo con la del servidor que lo hizo (--secret-key-file ARCHIVO o SECRET_KEY). No se cambió nada.',
    );
  }
  return { header, keyId };
}

function headerOf<T>(parsed: { success: true; data: T } | { success: false }): T {
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
