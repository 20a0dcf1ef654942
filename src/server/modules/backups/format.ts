import { z } from 'zod';

/**
 * The backup file (docs/decisions/0051-backup-file.md, 0080): gzip of NDJSON, optionally inside age.
 *   line 1        ["agencia-respaldo", 2, header]       what is inside, known before the rows
 *   per table     ["table", name], then one row_to_json object per line, in primary-key order
 *   last line     ["end", trailer]                      row counts, SHA-256 and HMAC of every byte before it
 * Rows are objects and every other line an array, so a line's first byte says what it is.
 */
export const FORMAT_NAME = 'agencia-respaldo';
/** 2: signed with the server's secret key (decision 0080). */
export const FORMAT_VERSION = 2;
/** The format before the signature: read only when the person restoring asks for it (--allow-unsigned). */
export const UNSIGNED_FORMAT_VERSION = 1;

const hex = (length: number) => z.string().regex(new RegExp(`^[0-9a-f]{${length}}$`));

export const backupHeaderSchema = z.strictObject({
  appVersion: z.string(),
  /** The last migration applied to the source: `when` and `hash` as drizzle's journal and bookkeeping. */
  migration: z.strictObject({ tag: z.string().nullable(), when: z.number().int(), hash: z.string() }),
  databaseKind: z.enum(['pglite', 'postgres']),
  createdAt: z.string(),
  /** Tables in load order (every table after those its foreign keys point to) with their stored columns. */
  tables: z.array(z.strictObject({ name: z.string(), columns: z.array(z.string()).min(1) })),
  /** Each sequence's state, so ids are never handed out twice after a restore. */
  sequences: z.array(z.strictObject({ name: z.string(), lastValue: z.string(), isCalled: z.boolean() })),
  /** The audit chain's newest hash (audit_head), checked again after a restore. */
  auditLastHash: z.string(),
});
export type BackupHeader = z.infer<typeof backupHeaderSchema>;
/** Format 2's header also names the key that signed it (signature.ts), never the key itself. */
export const signedHeaderSchema = backupHeaderSchema.extend({ keyId: hex(16) });

export const backupTrailerSchema = z.strictObject({
  rowCounts: z.record(z.string(), z.number().int().min(0)),
  /** SHA-256 (hex) of the uncompressed bytes of every line before this one, newlines included. */
  payloadSha256: hex(64),
});
export type BackupTrailer = z.infer<typeof backupTrailerSchema>;
/** Format 2's trailer: the HMAC-SHA-256 of the same bytes, keyed by the server's secret key. */
export const signedTrailerSchema = backupTrailerSchema.extend({ payloadHmac: hex(64) });
export type SignedTrailer = z.infer<typeof signedTrailerSchema>;

/**
 * Header and trailer together: the backup's manifest. `unauthenticated` says why the
 * file's origin was not proved; it is set only when the restore was told to accept that.
 */
export type BackupManifest = BackupHeader & BackupTrailer & { unauthenticated?: string };

export const headerLine = (header: BackupHeader, keyId: string) =>
  `${JSON.stringify([FORMAT_NAME, FORMAT_VERSION, { ...header, keyId }])}\n`;
export const tableLine = (name: string) => `${JSON.stringify(['table', name])}\n`;
export const trailerLine = (trailer: SignedTrailer) => `${JSON.stringify(['end', trailer])}\n`;

/** age's binary format starts with this line; anything else is read as plain gzip. */
export const AGE_MAGIC = 'age-encryption.org/v1\n';
