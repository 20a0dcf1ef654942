import { desc, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { type AuditChange, auditLog } from '../../db/schema';
import { entryHash, GENESIS_HASH } from './chain';

/** Key of the transaction-scoped advisory lock that makes writers of the trail take turns. */
export const AUDIT_CHAIN_LOCK = 727277;

/** Who did it and from where, taken from the request and passed down to the services. */
export interface AuditActor {
  userId: number | null;
  username: string | null;
  ip: string;
}

export function auditActor(request: FastifyRequest): AuditActor {
  return { userId: request.user?.id ?? null, username: request.user?.username ?? null, ip: request.ip };
}

export type AuditAction =
  | 'create'
  | 'update'
  | 'delete'
  | 'status'
  | 'login'
  | 'login_failed'
  | 'logout'
  | 'revoke';

export interface AuditEntry {
  action: AuditAction;
  entity: string;
  entityId: number | null;
  changes?: AuditChange[];
}

/**
 * Appends one entry inside the caller's transaction `tx`, so it commits or rolls back with the change
 * it describes. The advisory lock, held to commit, serialises writers so each entry's `prevHash` is
 * the hash of the entry committed just before it: the chain stays one line (docs/decisions/0020).
 */
export async function record(tx: Database, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`);
  const [last] = await tx.select({ hash: auditLog.hash }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  const idResult = await tx.execute<{ id: string }>(
    sql`select nextval(pg_get_serial_sequence('audit_log', 'id'))::text as id`,
  );
  const rows = (idResult as unknown as { rows: { id: string }[] }).rows;
  const content = {
    id: Number(rows[0]?.id),
    at: new Date(),
    userId: actor.userId,
    username: actor.username,
    ip: actor.ip,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    changes: entry.changes ?? [],
    prevHash: last?.hash ?? GENESIS_HASH,
  };
  await tx.insert(auditLog).values({ ...content, hash: entryHash(content) });
}
