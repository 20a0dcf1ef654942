import type { AuditChange } from '../../db/schema';

/**
 * Never written to the trail, whatever the caller passes (docs/product.md#audit-trail: no passwords or token
 * hashes).
 */
export const SECRET_FIELDS: ReadonlySet<string> = new Set([
  'password',
  'passwordHash',
  'tokenHash',
  'currentPassword',
  'token',
  'encryptedKey',
]);
/**
 * Bookkeeping columns every write touches, and the search text the database derives from the
 * record's own fields: recording them would only add noise.
 */
export const NOISE_FIELDS: ReadonlySet<string> = new Set([
  'id',
  'createdAt',
  'updatedAt',
  'version',
  'createdBy',
  'lastUpdated',
  'searchText',
]);

type Values = Record<string, unknown>;

/** A value as the trail stores it: numeric columns arrive from the database as exact strings already. */
function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The fields whose value differs between two versions of a record, with `prefix` before each name
 * (`items.2.`). A creation is a diff from `{}`, a deletion a diff to `{}`. Give both sides as the
 * database returned them, so that "300.00" is never compared with 300.
 */
export function diff(before: Values, after: Values, prefix = ''): AuditChange[] {
  const fields = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changes: AuditChange[] = [];
  for (const field of fields) {
    if (SECRET_FIELDS.has(field) || NOISE_FIELDS.has(field)) continue;
    const from = text(before[field]);
    const to = text(after[field]);
    if (from !== to) changes.push({ field: `${prefix}${field}`, from, to });
  }
  return changes;
}
