import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type AuditChange, saleItemPassengers, saleItems, sales } from '../../db/schema';
import { diff } from '../audit';
import { auditedItemColumns, saleFieldColumns } from './stored-fields';

/** The sale's columns the audit compares, for a select or for the `returning` of the write itself. */
export const saleSnapshotColumns = {
  status: sales.status,
  ...saleFieldColumns,
  currency: sales.currency,
  exchangeRate: sales.exchangeRate,
  salePrice: sales.salePrice,
  totalCost: sales.totalCost,
};

/** An item's passengers as a snapshot lists them: distinct ids, ascending, joined by commas. */
export const passengerList = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b).join(',');

/**
 * What the audit trail compares for a sale: its status, declared fields and totals, and each item's fields, items named by their
 * 1-based position ("ítem 2"), passengers as the sorted list of their ids.
 */
export async function saleSnapshot(tx: Database, id: number) {
  const [sale] = await tx.select(saleSnapshotColumns).from(sales).where(eq(sales.id, id));
  const items = await tx
    .select({
      ...auditedItemColumns,
      passengers: sql<string>`(select coalesce(string_agg(${saleItemPassengers.passengerId}::text, ',' order by ${saleItemPassengers.passengerId}), '') from ${saleItemPassengers} where ${saleItemPassengers.saleItemId} = ${saleItems.id})`,
    })
    .from(saleItems)
    .where(eq(saleItems.saleId, id))
    .orderBy(asc(saleItems.position));
  return { sale: sale ?? {}, items };
}

export type Snapshot = Awaited<ReturnType<typeof saleSnapshot>>;
const EMPTY: Snapshot = { sale: {}, items: [] } as unknown as Snapshot;

/** Field-level changes between two snapshots; `null` stands for "did not exist" (creation, deletion). */
export function saleChanges(before: Snapshot | null, after: Snapshot | null): AuditChange[] {
  const a = before ?? EMPTY;
  const b = after ?? EMPTY;
  const changes = diff(a.sale, b.sale);
  const count = Math.max(a.items.length, b.items.length);
  for (let n = 0; n < count; n++)
    changes.push(...diff(a.items[n] ?? {}, b.items[n] ?? {}, `items.${n + 1}.`));
  return changes;
}
