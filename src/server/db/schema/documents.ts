import { customType, date, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { sales } from './sales';
import { users } from './users';

/** A file's bytes: node-postgres reads bytea as a Buffer, PGlite as a Uint8Array. */
const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Consecutive numbers of a kind of document (`receipt`), taken under the row's lock: no gap, no repeat. */
export const documentCounters = pgTable('document_counters', {
  kind: text('kind').primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});

/**
 * Each quote handed to the client (`COT-<sale>-<version>`), with the exact PDF it received and its
 * SHA-256: what the agency can show later, whatever the sale became since.
 */
export const saleQuotes = pgTable(
  'sale_quotes',
  {
    id: serial('id').primaryKey(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    number: text('number').notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    sha256: text('sha256').notNull(),
    pdf: bytes('pdf').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sale_quotes_sale_version_key').on(t.saleId, t.version),
    uniqueIndex('sale_quotes_number_key').on(t.number),
  ],
);
