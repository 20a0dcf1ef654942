import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from './columns';

/** One field of an update: values as exact strings (money never as a float), null when absent. */
export interface AuditChange {
  field: string;
  from: string | null;
  to: string | null;
}

/**
 * The audit trail (issue 18). Append-only: a trigger in migrations/0004 refuses UPDATE, DELETE and
 * TRUNCATE except inside `audit_log_purge` (docs/decisions/0020). No foreign key to users: the
 * username is kept as it was at that moment, and an entry must outlive anything it describes.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: instant('at').notNull(),
    userId: integer('user_id'),
    username: text('username'),
    ip: text('ip'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id'),
    changes: jsonb('changes').$type<AuditChange[]>().notNull().default(sql`'[]'::jsonb`),
    /** sha256 (hex) of this entry's content and `prevHash`; see modules/audit/chain.ts. */
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.id.desc().nullsFirst()),
    index('audit_log_user_idx').on(t.userId, t.id.desc().nullsFirst()),
    index('audit_log_at_idx').on(t.at.desc().nullsFirst()),
  ],
);
