import { createHash } from 'node:crypto';
import type { AuditChange } from '../../db/schema';

/** The first entry's `prevHash`: 64 zeros, so every entry has one of the same shape. */
export const GENESIS_HASH = '0'.repeat(64);

export interface ChainedContent {
  id: number;
  at: Date;
  userId: number | null;
  username: string | null;
  ip: string | null;
  action: string;
  entity: string;
  entityId: number | null;
  changes: AuditChange[];
  prevHash: string;
}

/**
 * sha256 over the entry as a JSON array in a fixed order. `changes` is rebuilt as [field, from, to]
 * triples because jsonb does not keep key order: the hash must be the same when the row is read back.
 */
export function entryHash(entry: ChainedContent): string {
  const content = [
    entry.id,
    entry.at.toISOString(),
    entry.userId,
    entry.username,
    entry.ip,
    entry.action,
    entry.entity,
    entry.entityId,
    entry.changes.map((c) => [c.field, c.from, c.to]),
    entry.prevHash,
  ];
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}
