import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, instant, pesos, updatedAt } from './columns';

/**
 * The company's data as the SII knows it (docs/product.md#invoicing), one row (id = 1), printed on every DTE.
 */
export const companyTax = pgTable(
  'company_tax',
  {
    id: integer('id').primaryKey().default(1),
    /** A valid RUT as every RUT is stored, "76.123.456-0"; the XML writes it without dots (siiRut). */
    rut: text('rut').notNull(),
    businessName: text('business_name').notNull(),
    businessActivity: text('business_activity').notNull(),
    activityCode: integer('activity_code').notNull(),
    address: text('address').notNull(),
    commune: text('commune').notNull(),
    /** 0 while certifying with the SII. */
    resolutionNumber: integer('resolution_number').notNull(),
    resolutionDate: date('resolution_date').notNull(),
    environment: text('environment').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('company_tax_singleton', sql`${t.id} = 1`),
    check('company_tax_environment_check', sql`${t.environment} in ('certification', 'production')`),
    check('company_tax_resolution_number_check', sql`${t.resolutionNumber} >= 0`),
  ],
);

/**
 * The company's signing certificate, one row (id = 1): the certificate itself in the clear, its
 * private key encrypted with SECRET_KEY (decision 0063); the key never leaves the server.
 */
export const companyCertificate = pgTable(
  'company_certificate',
  {
    id: integer('id').primaryKey().default(1),
    holderRut: text('holder_rut').notNull(),
    validFrom: instant('valid_from').notNull(),
    validTo: instant('valid_to').notNull(),
    /** The X.509 certificate's DER, base64. */
    certificate: text('certificate').notNull(),
    /** The PKCS#8 private key, AES-256-GCM with the key derived from SECRET_KEY. */
    encryptedKey: text('encrypted_key').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('company_certificate_singleton', sql`${t.id} = 1`)],
);

/** The SII's folio authorisations (CAF), one row per file; folios are taken from next_folio up. */
export const dteCafs = pgTable(
  'dte_cafs',
  {
    id: serial('id').primaryKey(),
    type: integer('type').notNull(),
    folioFrom: integer('folio_from').notNull(),
    folioTo: integer('folio_to').notNull(),
    /** The next folio to take; folio_to + 1 once the range is used up. */
    nextFolio: integer('next_folio').notNull(),
    authorizedOn: date('authorized_on').notNull(),
    issuerRut: text('issuer_rut').notNull(),
    /** The CAF file as uploaded: its private key signs each document's timbre. */
    xml: text('xml').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('dte_cafs_type_idx').on(t.type, t.folioFrom),
    check('dte_cafs_type_check', sql`${t.type} in (33, 34, 39, 41, 61)`),
    check('dte_cafs_range_check', sql`${t.folioFrom} >= 1 and ${t.folioTo} >= ${t.folioFrom}`),
    check('dte_cafs_next_folio_check', sql`${t.nextFolio} between ${t.folioFrom} and ${t.folioTo} + 1`),
  ],
);

/**
 * Each issued DTE: its folio (once per type, taken from a CAF in the same transaction that stores the
 * document), its totals in pesos, and the signed EnvioDTE that carries it.
 */
export const dteDocuments = pgTable(
  'dte_documents',
  {
    id: serial('id').primaryKey(),
    type: integer('type').notNull(),
    folio: integer('folio').notNull(),
    cafId: integer('caf_id')
      .notNull()
      .references(() => dteCafs.id),
    issueDate: date('issue_date').notNull(),
    receiverRut: text('receiver_rut').notNull(),
    receiverName: text('receiver_name').notNull(),
    netAmount: pesos('net_amount').notNull(),
    exemptAmount: pesos('exempt_amount').notNull(),
    vatAmount: pesos('vat_amount').notNull(),
    totalAmount: pesos('total_amount').notNull(),
    /** The document a credit note annuls or corrects. */
    referenceId: integer('reference_id').references((): AnyPgColumn => dteDocuments.id),
    /** The signed EnvioDTE, as sent to the SII. */
    xml: text('xml').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('dte_documents_type_folio_key').on(t.type, t.folio),
    check('dte_documents_type_check', sql`${t.type} in (33, 34, 39, 41, 61)`),
    check('dte_documents_reference_check', sql`(${t.type} = 61) = (${t.referenceId} is not null)`),
  ],
);
