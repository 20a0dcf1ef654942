import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { date, index, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

const timestamps = {
  createdAt: createdAt(),
  updatedAt: updatedAt(),
};

/*
 * Search ignores accents and case in names, and punctuation in IDs, through two SQL functions of
 * the first migration: f_unaccent(lower(x)) for names, f_id_key(x) for ID/RUT (upper case, no dots, dashes or spaces).
 * Trigram indexes on those expressions keep substring search fast on large tables.
 */
const nameSearchIndex = (table: string, column: AnyPgColumn) =>
  index(`${table}_name_search_idx`).using('gin', sql`f_unaccent(lower(${column})) gin_trgm_ops`);

export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** ID/RUT as typed by the user. */
    clientId: text('client_id'),
    email: text('email'),
    address: text('address'),
    ...timestamps,
  },
  (t) => [
    nameSearchIndex('clients', t.name),
    index('clients_client_id_search_idx').using('gin', sql`f_id_key(${t.clientId}) gin_trgm_ops`),
    index('clients_name_idx').on(t.name),
  ],
);

export const passengers = pgTable(
  'passengers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    passengerId: text('passenger_id').notNull(),
    email: text('email'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    ...timestamps,
  },
  (t) => [
    // "12.345.678-9" and "12345678-9" are the same person.
    uniqueIndex('passengers_passenger_id_key').on(sql`f_id_key(${t.passengerId})`),
    nameSearchIndex('passengers', t.name),
    index('passengers_name_idx').on(t.name),
  ],
);

/** Suppliers, operators and classifications share one shape: a case-insensitively unique name. */
function namedCatalog(table: string) {
  return pgTable(
    table,
    { id: serial('id').primaryKey(), name: text('name').notNull(), ...timestamps },
    (t) => [uniqueIndex(`${table}_name_lower_key`).on(sql`lower(${t.name})`), nameSearchIndex(table, t.name)],
  );
}

export const suppliers = namedCatalog('suppliers');
export const operators = namedCatalog('operators');
export const classifications = namedCatalog('classifications');
