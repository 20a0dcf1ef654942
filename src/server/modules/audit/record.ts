import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuditAction } from '../../../domain/audit';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import type { Database } from '../../db/client';
import type { AuditChange } from '../../db/schema';
import type { RecordCrudChange } from '../../lib/crud-resource';
import { entryContent, GENESIS_HASH } from './chain';
import { diff } from './diff';

/** Who did it and from where, taken from the request and passed down to the services. */
export interface AuditActor {
  userId: number | null;
  username: string | null;
  ip: string;
}

export function auditActor(request: FastifyRequest): AuditActor {
  return { userId: request.user?.id ?? null, username: request.user?.username ?? null, ip: request.ip };
}

export type { AuditAction };

export interface AuditEntry {
  action: AuditAction;
  entity: string;
  entityId: number | null;
  changes?: AuditChange[];
}

/**
 * Appends one entry inside the caller's transaction `tx`, so it commits or rolls back with the change
 * it describes. The advisory lock, held to commit, serialises writers so each entry's `prevHash` is
 * the hash of the entry committed just before it: the chain stays one line (docs/decisions/0020). The
 * previous hash is the head's (audit_head, docs/decisions/0045): if the newest entries were removed,
 * the next entry still links to them and the gap shows.
 */
export async function record(tx: Database, actor: AuditActor, entry: AuditEntry): Promise<void> {
  // The lock is its own statement: a statement's snapshot is taken before it runs, so a read in the
  // same statement could miss the entry the previous holder committed while we waited.
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.auditChain})`);
  const values = {
    at: new Date(),
    userId: actor.userId,
    username: actor.username,
    ip: actor.ip,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    changes: entry.changes ?? [],
  };
  const content = entryContent(values);
  await tx.execute(sql`
    insert into audit_log (at, user_id, username, ip, action, entity, entity_id, changes, prev_hash, hash)
    select ${values.at.toISOString()}::timestamptz, ${values.userId}::integer, ${values.username}::text,
           ${values.ip}::text, ${values.action}, ${values.entity}, ${values.entityId}::integer,
           ${JSON.stringify(values.changes)}::jsonb, p.prev,
           encode(sha256(convert_to(${content}::text || p.prev, 'UTF8')), 'hex')
    from (select coalesce((select last_hash from audit_head), ${GENESIS_HASH}) as prev) p`);
}

/** The master-data routes' audit entry (src/server/lib/crud-routes.ts gets it from each module). */
export const recordCrudChange: RecordCrudChange = (
  tx,
  request,
  { action, entity, entityId, before, after },
) => record(tx, auditActor(request), { action, entity, entityId, changes: diff(before, after) });
