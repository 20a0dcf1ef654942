import { and, count, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AuditEntryDto, AuditQuery, AuditSubject } from '../../../domain/audit';
import type { Database } from '../../db/client';
import { auditLog, invoices, payments } from '../../db/schema';
import { subjectsOf } from './subjects';

type Row = typeof auditLog.$inferSelect;

function toDto(row: Row, subject: AuditSubject): AuditEntryDto {
  return {
    id: row.id,
    at: row.at.toISOString(),
    user: { id: row.userId, username: row.username },
    ip: row.ip,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    changes: row.changes,
    subject,
  };
}

async function withSubjects(db: Database, rows: Row[]): Promise<AuditEntryDto[]> {
  const subjects = await subjectsOf(db, rows);
  return rows.map((row, n) => toDto(row, subjects[n] as AuditSubject));
}

/**
 * The payments or invoices of a sale, deleted ones too: those in the table now, and those whose
 * creation recorded the sale (audit_log_sale_ref_idx).
 */
function ofSale(entity: 'payment' | 'invoice', saleId: number): SQL {
  const table = entity === 'payment' ? payments : invoices;
  const created = JSON.stringify([{ field: 'saleId', to: String(saleId) }]);
  return sql`${auditLog.entity} = ${entity} and ${auditLog.entityId} in (
    select ${table.id} from ${table} where ${table.saleId} = ${saleId}
    union all
    select entity_id from audit_log
    -- The index's own predicate, spelled as literals so the planner can use it whatever is bound.
    where action = 'create' and entity in ('payment', 'invoice') and entity = ${entity}
      and changes @> ${created}::jsonb)`;
}

/** A sale's history is the sale's entries and those of its payments and invoice (issue 26). */
function entityFilter({ entity, entityId }: AuditFilters): SQL | undefined {
  const own = and(
    entity ? eq(auditLog.entity, entity) : undefined,
    entityId ? eq(auditLog.entityId, entityId) : undefined,
  );
  if (entity !== 'sale' || !entityId) return own;
  return or(own, ofSale('payment', entityId), ofSale('invoice', entityId));
}

export type AuditFilters = Omit<AuditQuery, 'page' | 'limit'>;

function filtersOf(query: AuditFilters): SQL | undefined {
  return and(
    entityFilter(query),
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
  return withSubjects(db, rows);
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
  return { entries: await withSubjects(db, rows), total: total?.n ?? 0 };
}
