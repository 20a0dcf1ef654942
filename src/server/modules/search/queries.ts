import { asc } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { formatDate } from '../../../domain/format';
import { SEARCH_LIMIT_PER_TYPE, type SearchResult } from '../../../domain/search';
import { statusLabel } from '../../../domain/status';
import type { Database } from '../../db/client';
import { nameSortKey } from '../../db/name-order';
import { clients, passengers, suppliers } from '../../db/schema';
import { nameContains, personContains } from '../../lib/search';
import { type SaleScope, searchSales } from '../sales';

const LIMIT = SEARCH_LIMIT_PER_TYPE;

/** People whose name, ID or e-mail contains the text, alphabetically. */
function byName(db: Database, table: typeof clients | typeof passengers, idColumn: AnyPgColumn, q: string) {
  return db
    .select({ id: table.id, name: table.name, key: idColumn })
    .from(table)
    .where(personContains(table.searchText, q))
    .orderBy(asc(nameSortKey(table.name)), asc(table.id))
    .limit(LIMIT);
}

/**
 * What the text finds, grouped by kind in the order the box lists them. Each kind is its own indexed
 * lookup (trigram on names and IDs), run together. Sales keep the caller's scope: a seller finds only
 * their own; suppliers are asked for only when the caller may manage them.
 */
export async function globalSearch(
  db: Database,
  scope: SaleScope,
  q: string,
  options: { suppliers: boolean },
): Promise<SearchResult[]> {
  const [saleRows, clientRows, passengerRows, supplierRows] = await Promise.all([
    searchSales(db, scope, q, LIMIT),
    byName(db, clients, clients.clientId, q),
    byName(db, passengers, passengers.passengerId, q),
    options.suppliers
      ? db
          .select({ id: suppliers.id, name: suppliers.name })
          .from(suppliers)
          .where(nameContains(suppliers.name, q))
          .orderBy(asc(nameSortKey(suppliers.name)), asc(suppliers.id))
          .limit(LIMIT)
      : [],
  ]);
  return [
    ...saleRows.map((s) => ({
      type: 'sale' as const,
      id: s.id,
      label: `Venta #${s.id} · ${s.passengerName}`,
      detail: `${s.clientName} · ${formatDate(s.travelDate)} · ${statusLabel(s.status)}`,
      url: `/sales/${s.id}`,
    })),
    ...clientRows.map((c) => ({
      type: 'client' as const,
      id: c.id,
      label: c.name,
      detail: c.key ? `ID/RUT ${c.key}` : '',
      url: `/clients/${c.id}/edit`,
    })),
    ...passengerRows.map((p) => ({
      type: 'passenger' as const,
      id: p.id,
      label: p.name,
      detail: p.key ? `ID ${p.key}` : '',
      url: `/passengers/${p.id}/edit`,
    })),
    ...supplierRows.map((s) => ({
      type: 'supplier' as const,
      id: s.id,
      label: s.name,
      detail: '',
      url: `/suppliers/${s.id}/edit`,
    })),
  ];
}
