import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { sumMoney } from '../../../domain/money';
import type { Database } from '../../db/client';
import { saleItems, sales, supplierPayments, suppliers } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { nameContains } from '../../lib/search';

export const SUPPLIER_NOT_FOUND = 'Proveedor no encontrado';
/** Spec 9: the supplier cards show up to 3 recent sales. */
const RECENT_SALES = 3;

/**
 * Balances in USD (DESIGN.md 6): what a supplier is owed is the cost of its items on sales that are
 * not cancelled; what it was paid is the sum of its payments converted at the rate frozen on each.
 */
function balanceRows(db: Database, where: SQL | undefined) {
  const owed = db
    .select({
      supplierId: saleItems.supplierId,
      total: sql<string>`sum(${saleItems.costPrice})`.as('total'),
      salesCount: sql<number>`count(distinct ${saleItems.saleId})`.mapWith(Number).as('sales_count'),
    })
    .from(saleItems)
    .innerJoin(sales, eq(sales.id, saleItems.saleId))
    .where(ne(sales.status, 'cancelled'))
    .groupBy(saleItems.supplierId)
    .as('owed');
  const paid = db
    .select({
      supplierId: supplierPayments.supplierId,
      total: sql<string>`sum(${supplierPayments.amountUsd})`.as('paid'),
    })
    .from(supplierPayments)
    .groupBy(supplierPayments.supplierId)
    .as('paid');
  return db
    .select({
      supplierId: suppliers.id,
      supplierName: suppliers.name,
      totalAmount: sql<string>`coalesce(${owed.total}, 0)`,
      paidAmount: sql<string>`coalesce(${paid.total}, 0)`,
      pendingAmount: sql<string>`coalesce(${owed.total}, 0) - coalesce(${paid.total}, 0)`,
      salesCount: sql<number>`coalesce(${owed.salesCount}, 0)`.mapWith(Number),
    })
    .from(suppliers)
    .leftJoin(owed, eq(owed.supplierId, suppliers.id))
    .leftJoin(paid, eq(paid.supplierId, suppliers.id))
    .where(where);
}

/** The supplier's share of each sale's cost, newest sales first. */
async function salesOf(db: Database, supplierIds: number[], perSupplier: number | undefined) {
  if (!supplierIds.length) return [];
  const ranked = db
    .select({
      supplierId: saleItems.supplierId,
      id: sales.id,
      passengerName: sales.passengerName,
      status: sales.status,
      totalCost: sql<string>`${sales.totalCost}`.as('sale_total_cost'),
      supplierCost: sql<string>`sum(${saleItems.costPrice})`.as('supplier_cost'),
      creationDate: sales.creationDate,
      rank: sql<number>`row_number() over (partition by ${saleItems.supplierId} order by ${sales.creationDate} desc, ${sales.id} desc)`.as(
        'rank',
      ),
    })
    .from(saleItems)
    .innerJoin(sales, eq(sales.id, saleItems.saleId))
    .where(inArray(saleItems.supplierId, supplierIds))
    .groupBy(saleItems.supplierId, sales.id)
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(perSupplier ? sql`${ranked.rank} <= ${perSupplier}` : undefined)
    .orderBy(asc(ranked.supplierId), asc(ranked.rank));
  return rows.map((r) => ({
    supplierId: r.supplierId,
    id: r.id,
    passengerName: r.passengerName,
    status: r.status,
    totalCost: Number(r.totalCost),
    supplierCost: Number(r.supplierCost),
    creationDate: new Date(r.creationDate).toISOString(),
  }));
}

type BalanceRow = Awaited<ReturnType<typeof balanceRows>>[number];
const toSummary = (row: BalanceRow, sales: Awaited<ReturnType<typeof salesOf>>) => ({
  supplierId: row.supplierId,
  supplierName: row.supplierName,
  currency: 'USD',
  totalAmount: Number(row.totalAmount),
  paidAmount: Number(row.paidAmount),
  pendingAmount: Number(row.pendingAmount),
  salesCount: row.salesCount,
  sales: sales.filter((s) => s.supplierId === row.supplierId).map(({ supplierId: _s, ...sale }) => sale),
});

/** Every supplier with sales or payments, most owed first, each with its 3 latest sales. */
export async function supplierSummaries(db: Database, q?: string) {
  const rows = await balanceRows(db, q ? nameContains(suppliers.name, q) : undefined);
  // A few hundred suppliers at most: ordering here keeps the SQL simple.
  const active = rows
    .filter((r) => r.salesCount > 0 || Number(r.paidAmount) > 0)
    .sort(
      (a, b) =>
        Number(b.pendingAmount) - Number(a.pendingAmount) ||
        a.supplierName.localeCompare(b.supplierName, 'es'),
    );
  const recent = await salesOf(
    db,
    active.map((r) => r.supplierId),
    RECENT_SALES,
  );
  return active.map((row) => toSummary(row, recent));
}

export async function supplierSummary(db: Database, supplierId: number) {
  const [row] = await balanceRows(db, eq(suppliers.id, supplierId));
  if (!row) throw notFound(SUPPLIER_NOT_FOUND);
  return toSummary(row, await salesOf(db, [supplierId], undefined));
}

export async function supplierStats(db: Database) {
  const rows = await balanceRows(db, undefined);
  const pending = rows.filter((r) => Number(r.pendingAmount) > 0);
  const [sold] = await db
    .select({ n: sql<number>`count(distinct ${saleItems.saleId})`.mapWith(Number) })
    .from(saleItems)
    .innerJoin(sales, and(eq(sales.id, saleItems.saleId), ne(sales.status, 'cancelled')));
  return {
    // Exact decimals from SQL, added in integer cents.
    totalPending: sumMoney(pending.map((r) => r.pendingAmount)),
    suppliersWithPending: pending.length,
    activeSuppliers: rows.filter((r) => r.salesCount > 0).length,
    totalSales: sold?.n ?? 0,
  };
}
