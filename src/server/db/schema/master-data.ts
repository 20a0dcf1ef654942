import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { check, date, index, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { TAX_TREATMENTS } from '../../../domain/tax-treatment';
import { DOCUMENT_TYPES } from '../../../domain/travel-document';
import { nameSortKey } from '../name-order';
import { createdAt, updatedAt } from './columns';
import { oneOf } from './one-of';

const timestamps = {
  createdAt: createdAt(),
  updatedAt: updatedAt(),
};

/*
 * Search ignores accents and case in names, and punctuation in IDs, through two SQL functions of
 * the first migration: f_unaccent(lower(x)) for names, f_id_key(x) for ID/RUT (upper case, no dots,
 * dashes or spaces). Trigram indexes on those expressions keep substring search fast on large tables.
 */
const nameSearchIndex = (table: string, column: AnyPgColumn) =>
  index(`${table}_name_search_idx`).using('gin', sql`f_unaccent(lower(${column})) gin_trgm_ops`);

/**
 * A person's name, ID key and e-mail, normalised as the sales' search text is (migrations/0006) and
 * kept by PostgreSQL as a stored column: lists, pickers and the global search look for a text in all
 * three at once, comparing one indexed column instead of unaccenting every candidate's name. Parts
 * are joined by the unit separator, which no search can contain.
 */
const personSearchText = (idColumn: string) =>
  text('search_text')
    .notNull()
    .generatedAlwaysAs(
      // `||` rather than concat_ws, which PostgreSQL does not count as immutable.
      sql.raw(
        `f_search_norm("name") || E'\\x1f' || coalesce(f_search_id("${idColumn}"), '') || E'\\x1f' || coalesce(f_search_norm("email"), '')`,
      ),
    );
const searchTextIndex = (table: string, column: AnyPgColumn) =>
  index(`${table}_search_text_idx`).using('gin', sql`${column} gin_trgm_ops`);

export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** ID/RUT: a valid RUT as 12.345.678-5, anything else as typed (decision 0087). */
    clientId: text('client_id'),
    email: text('email'),
    address: text('address'),
    phone: text('phone'),
    /** Comuna and giro: what a factura's receiver needs, kept with the client so it is typed once. */
    commune: text('commune'),
    businessActivity: text('business_activity'),
    searchText: personSearchText('client_id'),
    ...timestamps,
  },
  (t) => [
    // Payments and receivables look for a client by name alone.
    nameSearchIndex('clients', t.name),
    searchTextIndex('clients', t.searchText),
    // The duplicate check of a client's ID (modules/clients/client-ids.ts). Not unique: rows saved
    // before the server refused duplicates may share an ID until an admin fixes them.
    index('clients_client_id_key_idx').on(sql`f_id_key(${t.clientId})`),
    // The list's pages, the pickers and exports walk names in Spanish order (db/name-order.ts).
    index('clients_name_sort_idx').on(nameSortKey(t.name), t.id),
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
    /**
     * What the passenger travels with (decision 0096): an ISO 3166-1 alpha-2 nationality, the travel
     * document (which may differ from the ID above: a RUT holder flying on a passport), its expiry, a phone.
     */
    nationality: text('nationality'),
    documentType: text('document_type', { enum: DOCUMENT_TYPES }),
    documentNumber: text('document_number'),
    documentExpiry: date('document_expiry', { mode: 'string' }),
    phone: text('phone'),
    searchText: personSearchText('passenger_id'),
    ...timestamps,
  },
  (t) => [
    check('passengers_document_type_check', oneOf(t.documentType, DOCUMENT_TYPES)),
    // "12.345.678-9" and "12345678-9" are the same person.
    uniqueIndex('passengers_passenger_id_key').on(sql`f_id_key(${t.passengerId})`),
    searchTextIndex('passengers', t.searchText),
    index('passengers_name_sort_idx').on(nameSortKey(t.name), t.id),
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
/**
 * A classification also says whether its items pay IVA (decision 0056): exempt, taxable, or by the
 * sale's region (international exempt, national and regional taxable), the default.
 */
export const classifications = pgTable(
  'classifications',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    taxTreatment: text('tax_treatment', { enum: TAX_TREATMENTS }).notNull().default('byRegion'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('classifications_name_lower_key').on(sql`lower(${t.name})`),
    nameSearchIndex('classifications', t.name),
    check('classifications_tax_treatment_check', oneOf(t.taxTreatment, TAX_TREATMENTS)),
  ],
);
