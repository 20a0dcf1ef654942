import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { AuditEntryDto, AuditQuery } from '../../../domain/audit';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';

type Row = typeof auditLog.$inferSelect;

function toDto(row: Row): AuditEntryDto {
  return {
    id: row.id,
    at: row.at.toISOString(),
    user: { id: row.userId, username: row.username },
    ip: row.ip,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    changes: row.changes,
  };
}

export type AuditFilters = Omit<AuditQuery, 'page' | 'limit'>;

function filtersOf(query: AuditFilters): SQL | undefined {
  return and(
    query.entity ? eq(auditLog.entity, query.entity) : undefined,
    query.entityId ? eq(auditLog.entityId, query.entityId) : undefined,
    query.userId ? eq(auditLog.userId, query.userId) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.from ? gte(auditLog.at, sql`${query.from}::date`) : undefined,
    query.to ? lt(auditLog.at, sql`${query.to}::date + 1`) : undefined,
  );
}

/** The entries after `after` in the list's order (newest first), for an export: keyset on the id. */
export async function auditBatch(
  db: Database,
  query: AuditFilters,
  after: AuditEntryDto | undefined,
  limit: number,
) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(filtersOf(query), after && lt(auditLog.id, after.id)))
    .orderBy(desc(auditLog.id))
    .limit(limit);
  return rows.map(toDto);
}

/** Newest first; one sale's history is a walk of audit_log_entity_idx (entity, entity_id, id desc). */
export async function listAudit(db: Database, query: AuditQuery) {
  const where = filtersOf(query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { entries: rows.map(toDto), total: total?.n ?? 0 };
}
