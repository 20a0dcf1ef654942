import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { instant } from './columns';

/** One field of an update: values as exact strings (money never as a float), null when absent. */
export interface AuditChange {
  field: string;
  from: string | null;
  to: string | null;
}

/**
 * The audit trail (docs/product.md#audit-trail). Append-only: a trigger in migrations/0005 refuses UPDATE,
 * DELETE and TRUNCATE except inside `audit_log_purge` (docs/decisions/0020 and 0045). No foreign key to
 * users: the username is kept as it was at that moment, and an entry must outlive anything it describes.
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
    // audit_log_sale_ref_idx, on the saleId a payment's or invoice's creation recorded, is in
    // migrations/0014_audit_chain_ends.sql: it indexes a function of the changes, defined there.
  ],
);

/**
 * The chain's two ends, one row kept by the database itself (docs/decisions/0045): the insert trigger
 * moves the head in the entry's own transaction, and only `audit_log_purge` moves the tail's anchor.
 * Verify compares the trail with it, so deleting the newest or the oldest entries is seen.
 */
export const auditHead = pgTable(
  'audit_head',
  {
    id: smallint('id').primaryKey().default(1),
    /** The newest entry's id and hash; 0 and the genesis hash while the trail is empty. */
    lastId: bigint('last_id', { mode: 'number' }).notNull(),
    lastHash: text('last_hash').notNull(),
    /** How many entries the trail holds. */
    entries: bigint('entries', { mode: 'number' }).notNull(),
    /** The hash of the last entry a purge removed (genesis before any): the oldest entry's prevHash. */
    anchorHash: text('anchor_hash').notNull(),
  },
  (t) => [check('audit_head_one_row', sql`${t.id} = 1`)],
);
