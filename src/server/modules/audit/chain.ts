import { createHash } from 'node:crypto';
import type { AuditChange } from '../../db/schema';

/** The first entry's `prevHash`: 64 zeros, so every entry has one of the same shape. */
export const GENESIS_HASH = '0'.repeat(64);

export interface ChainedContent {
  at: Date;
  userId: number | null;
  username: string | null;
  ip: string | null;
  action: string;
  entity: string;
  entityId: number | null;
  changes: AuditChange[];
}

/**
 * The entry's content as a JSON array in a fixed order. `changes` is rebuilt as [field, from, to]
 * triples because jsonb does not keep key order: the text must be the same when the row is read back.
 */
export function entryContent(entry: ChainedContent): string {
  return JSON.stringify([
    entry.at.toISOString(),
    entry.userId,
    entry.username,
    entry.ip,
    entry.action,
    entry.entity,
    entry.entityId,
    entry.changes.map((c) => [c.field, c.from, c.to]),
  ]);
}

/**
 * hash = sha256(content || prevHash), hex. The writer computes the same in SQL
 * (`sha256(convert_to(content || prev, 'UTF8'))`, record.ts), so the previous hash is read and the
 * entry inserted in one statement; verification recomputes it here.
 */
export function entryHash(entry: ChainedContent & { prevHash: string }): string {
  return createHash('sha256')
    .update(entryContent(entry) + entry.prevHash)
    .digest('hex');
}
