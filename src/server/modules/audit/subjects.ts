import { eq, inArray } from 'drizzle-orm';
import type { AuditEntity, AuditSubject } from '../../../domain/audit';
import type { Database } from '../../db/client';
import {
  type auditLog,
  classifications,
  clients,
  currencyRates,
  invoices,
  operators,
  passengers,
  payments,
  sales,
  supplierPayments,
  suppliers,
  users,
} from '../../db/schema';

type Row = typeof auditLog.$inferSelect;
type Found = Omit<AuditSubject, 'exists'> & { id: number };
type Lookup = (db: Database, ids: number[]) => Promise<Found[]>;

const named =
  (table: typeof suppliers | typeof operators | typeof classifications): Lookup =>
  (db, ids) =>
    db.select({ id: table.id, name: table.name }).from(table).where(inArray(table.id, ids));

/** How each kind of record is found now, with the name people know it by and where it is shown. */
const LOOKUPS: Partial<Record<AuditEntity, Lookup>> = {
  sale: (db, ids) =>
    db
      .select({ id: sales.id, name: clients.name, saleId: sales.id })
      .from(sales)
      .innerJoin(clients, eq(clients.id, sales.clientId))
      .where(inArray(sales.id, ids)),
  payment: (db, ids) =>
    db
      .select({ id: payments.id, name: clients.name, saleId: payments.saleId })
      .from(payments)
      .innerJoin(sales, eq(sales.id, payments.saleId))
      .innerJoin(clients, eq(clients.id, sales.clientId))
      .where(inArray(payments.id, ids)),
  invoice: (db, ids) =>
    db
      .select({ id: invoices.id, name: invoices.clientName, saleId: invoices.saleId })
      .from(invoices)
      .where(inArray(invoices.id, ids)),
  supplierPayment: (db, ids) =>
    db
      .select({ id: supplierPayments.id, name: suppliers.name, supplierId: supplierPayments.supplierId })
      .from(supplierPayments)
      .innerJoin(suppliers, eq(suppliers.id, supplierPayments.supplierId))
      .where(inArray(supplierPayments.id, ids)),
  client: (db, ids) =>
    db.select({ id: clients.id, name: clients.name }).from(clients).where(inArray(clients.id, ids)),
  passenger: (db, ids) =>
    db
      .select({ id: passengers.id, name: passengers.name })
      .from(passengers)
      .where(inArray(passengers.id, ids)),
  supplier: named(suppliers),
  operator: named(operators),
  classification: named(classifications),
  currencyRate: (db, ids) =>
    db
      .select({ id: currencyRates.id, name: currencyRates.currency })
      .from(currencyRates)
      .where(inArray(currencyRates.id, ids)),
  user: (db, ids) =>
    db.select({ id: users.id, name: users.username }).from(users).where(inArray(users.id, ids)),
  // A session's number is its user's.
  session: (db, ids) =>
    db.select({ id: users.id, name: users.username }).from(users).where(inArray(users.id, ids)),
};

/** The name an entry recorded itself, for a record that no longer exists (a deletion keeps it). */
function recordedName(row: Row): string | null {
  const change = row.changes.find((c) => ['name', 'username', 'currency'].includes(c.field));
  return change ? (change.from ?? change.to) : null;
}

/**
 * The subject of each entry, looked up once per kind of record in the page (a page has at most a
 * hundred entries, an export batch a few hundred). The company's details always exist.
 */
export async function subjectsOf(db: Database, rows: Row[]): Promise<AuditSubject[]> {
  const idsByEntity = new Map<string, Set<number>>();
  for (const row of rows) {
    if (row.entityId === null) continue;
    idsByEntity.set(row.entity, (idsByEntity.get(row.entity) ?? new Set()).add(row.entityId));
  }
  const found = new Map<string, Found>();
  await Promise.all(
    [...idsByEntity].map(async ([entity, ids]) => {
      const lookup = LOOKUPS[entity as AuditEntity];
      if (!lookup) return;
      for (const record of await lookup(db, [...ids])) found.set(`${entity}:${record.id}`, record);
    }),
  );
  return rows.map((row) => {
    const record = found.get(`${row.entity}:${row.entityId}`);
    if (record) {
      const { id: _id, ...subject } = record;
      return { exists: true, ...subject };
    }
    return { exists: row.entity === 'companySettings', name: recordedName(row) };
  });
}
