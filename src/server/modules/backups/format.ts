import { z } from 'zod';

/**
 * The backup file (docs/decisions/0051-backup-file.md): gzip of NDJSON, optionally inside age.
 *   line 1        ["agencia-respaldo", 1, header]       what is inside, known before the rows
 *   per table     ["table", name], then one row_to_json object per line, in primary-key order
 *   last line     ["end", trailer]                      row counts and the SHA-256 of every byte before it
 * Rows are objects and every other line an array, so a line's first byte says what it is.
 */
export const FORMAT_NAME = 'agencia-respaldo';
export const FORMAT_VERSION = 1;

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

export const backupTrailerSchema = z.strictObject({
  rowCounts: z.record(z.string(), z.number().int().min(0)),
  /** SHA-256 (hex) of the uncompressed bytes of every line before this one, newlines included. */
  payloadSha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type BackupTrailer = z.infer<typeof backupTrailerSchema>;

/** Header and trailer together: what the issue calls the manifest. */
export type BackupManifest = BackupHeader & BackupTrailer;

export const headerLine = (header: BackupHeader) =>
  `${JSON.stringify([FORMAT_NAME, FORMAT_VERSION, header])}\n`;
export const tableLine = (name: string) => `${JSON.stringify(['table', name])}\n`;
export const trailerLine = (trailer: BackupTrailer) => `${JSON.stringify(['end', trailer])}\n`;

/** age's binary format starts with this line; anything else is read as plain gzip. */
export const AGE_MAGIC = 'age-encryption.org/v1\n';
