import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { sumMoney } from '../../../domain/money';
import type { Database } from '../../db/client';
import { countValue, moneyValue } from '../../db/money';
import {
  sales,
  salesSummary,
  supplierPayments,
  supplierSales,
  suppliers,
  supplierTotals,
} from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { nameContains } from '../../lib/search';

export const SUPPLIER_NOT_FOUND = 'Proveedor no encontrado';
/** The supplier cards show up to 3 recent sales. */
const RECENT_SALES = 3;

/**
 * Balances in USD: what a supplier is owed is the cost of its items on sales that are
 * not cancelled (kept per supplier by triggers in `supplier_totals`, docs/performance.md); what it
 * was paid is the sum of its payments converted at the rate frozen on each.
 */
export function balanceRows(db: Database, where: SQL | undefined) {
  const paid = db
    .select({
      supplierId: supplierPayments.supplierId,
      total: sql`sum(${supplierPayments.amountUsd})`.as('paid'),
    })
    .from(supplierPayments)
    .groupBy(supplierPayments.supplierId)
    .as('paid');
  const owed = sql`coalesce(${supplierTotals.totalCost}, 0)`;
  return db
    .select({
      supplierId: suppliers.id,
      supplierName: suppliers.name,
      // Aliased so that other reports can use these rows as a subquery (the supplier dues).
      grossAmount: moneyValue(owed, 'USD').as('gross_amount'),
      paidAmount: moneyValue(sql`coalesce(${paid.total}, 0)`, 'USD').as('paid_amount'),
      pendingAmount: moneyValue(sql`${owed} - coalesce(${paid.total}, 0)`, 'USD').as('pending_amount'),
      salesCount: countValue(sql`coalesce(${supplierTotals.salesCount}, 0)`),
    })
    .from(suppliers)
    .leftJoin(supplierTotals, eq(supplierTotals.supplierId, suppliers.id))
    .leftJoin(paid, eq(paid.supplierId, suppliers.id))
    .where(where);
}

/**
 * The supplier's share of each sale's cost (as `totalCost`: on a supplier's pages a sale costs what
 * its items of that supplier cost), newest sales first (all of them, or the latest few).
 */
async function salesOf(db: Database, supplierIds: number[], perSupplier: number | undefined) {
  if (!supplierIds.length) return [];
  // Per supplier, its newest shares straight from the index: never every sale of every supplier.
  const shares = db
    .select({
      saleId: supplierSales.saleId,
      supplierCost: supplierSales.cost,
      createdAt: supplierSales.saleCreatedAt,
    })
    .from(supplierSales)
    // A cancelled sale owes the supplier nothing: left out here as it is from the amounts and salesCount.
    .where(and(eq(supplierSales.supplierId, suppliers.id), eq(supplierSales.counted, true)))
    .orderBy(desc(supplierSales.saleCreatedAt), desc(supplierSales.saleId))
    .$dynamic();
  const recent = (perSupplier ? shares.limit(perSupplier) : shares).as('recent');
  const rows = await db
    .select({
      supplierId: suppliers.id,
      id: sales.id,
      passengerName: sales.passengerName,
      status: sales.status,
      totalCost: moneyValue(recent.supplierCost, 'USD'),
      creationDate: sales.creationDate,
    })
    .from(suppliers)
    .innerJoinLateral(recent, sql`true`)
    .innerJoin(sales, eq(sales.id, recent.saleId))
    .where(inArray(suppliers.id, supplierIds))
    .orderBy(asc(suppliers.id), desc(recent.createdAt), desc(recent.saleId));
  return rows.map((r) => ({
    supplierId: r.supplierId,
    id: r.id,
    passengerName: r.passengerName,
    status: r.status,
    totalCost: r.totalCost,
    creationDate: r.creationDate.toISOString(),
  }));
}

type BalanceRow = Awaited<ReturnType<typeof balanceRows>>[number];
/**
 * `totalAmount` is net of payments, the amount the original client's card shows as pending (as the original
 * back end sent it, docs/decisions/0040-figures-that-agree.md); `grossAmount` is the cost before payments,
 * our detail's Total Ventas.
 */
const toSummary = (row: BalanceRow, sales: Awaited<ReturnType<typeof salesOf>>) => ({
  supplierId: row.supplierId,
  supplierName: row.supplierName,
  currency: 'USD',
  totalAmount: row.pendingAmount,
  grossAmount: row.grossAmount,
  paidAmount: row.paidAmount,
  pendingAmount: row.pendingAmount,
  salesCount: row.salesCount,
  sales: sales.filter((s) => s.supplierId === row.supplierId).map(({ supplierId: _s, ...sale }) => sale),
});

/** Every supplier with sales or payments, most owed first, each with its 3 latest sales. */
export async function supplierSummaries(db: Database, q?: string) {
  const rows = await balanceRows(db, q ? nameContains(suppliers.name, q) : undefined);
  // A few hundred suppliers at most: ordering here keeps the SQL simple.
  const active = rows
    .filter((r) => r.salesCount > 0 || r.paidAmount > 0)
    .sort((a, b) => b.pendingAmount - a.pendingAmount || a.supplierName.localeCompare(b.supplierName, 'es'));
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
  const pending = rows.filter((r) => r.pendingAmount > 0);
  // Every sale has at least one item (the API refuses a sale without), so the sales with items that
  // are not cancelled are the non-cancelled sales, counted in the summary.
  const [sold] = await db
    .select({ n: countValue(sql`coalesce(sum(${salesSummary.salesCount}), 0)`) })
    .from(salesSummary)
    .where(ne(salesSummary.status, 'cancelled'));
  return {
    // Exact decimals from SQL, added in integer cents.
    totalPending: sumMoney(pending.map((r) => r.pendingAmount)),
    suppliersWithPending: pending.length,
    activeSuppliers: rows.filter((r) => r.salesCount > 0).length,
    totalSales: sold?.n ?? 0,
  };
}
