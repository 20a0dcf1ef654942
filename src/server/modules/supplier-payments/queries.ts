import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { BASE_CURRENCY } from '../../../domain/company';
import { sumMoney } from '../../../domain/money';
import type { Database } from '../../db/client';
import { countValue, moneyValue } from '../../db/money';
import {
  sales,
  salesSummary,
  supplierCurrencyTotals,
  supplierPayments,
  supplierSales,
  suppliers,
} from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { nameContains } from '../../lib/search';
import { balanceRows, salePendings } from './balances';

export const SUPPLIER_NOT_FOUND = 'Proveedor no encontrado';
/** The supplier cards show up to 3 recent sales. */
const RECENT_SALES = 3;

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
      currency: supplierSales.currency,
      ownCost: supplierSales.ownCost,
      createdAt: supplierSales.saleCreatedAt,
    })
    .from(supplierSales)
    // A cancelled sale or a draft owes the supplier nothing: left out here as from the amounts and salesCount.
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
      currency: recent.currency,
      costInSaleCurrency: moneyValue(recent.ownCost, supplierSales.currency),
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
    currency: r.currency,
    costInSaleCurrency: r.costInSaleCurrency,
    creationDate: r.creationDate.toISOString(),
  }));
}

/** A supplier's counted costs and its payments in one currency, each in that currency. */
interface CurrencyFigures {
  currency: string;
  grossAmount: number;
  paidAmount: number;
}

/**
 * Each supplier's costs and payments per currency (decision 0090): the costs kept per sale currency
 * (`supplier_currency_totals`), the payments summed per currency they were made in. USD first.
 */
async function currencyFiguresOf(db: Database, supplierIds: number[]) {
  const figures = new Map<number, CurrencyFigures[]>();
  const entry = (supplierId: number, currency: string) => {
    const own = figures.get(supplierId) ?? [];
    figures.set(supplierId, own);
    const found = own.find((f) => f.currency === currency) ?? { currency, grossAmount: 0, paidAmount: 0 };
    if (!own.includes(found)) own.push(found);
    return found;
  };
  if (!supplierIds.length) return figures;
  const t = supplierCurrencyTotals;
  const p = supplierPayments;
  const [costs, paid] = await Promise.all([
    db
      .select({ supplierId: t.supplierId, currency: t.currency, amount: moneyValue(t.totalCost, t.currency) })
      .from(t)
      .where(and(inArray(t.supplierId, supplierIds), sql`${t.totalCost} <> 0`)),
    db
      .select({
        supplierId: p.supplierId,
        currency: p.currency,
        amount: moneyValue(sql`sum(${p.amount})`, p.currency),
      })
      .from(p)
      .where(inArray(p.supplierId, supplierIds))
      .groupBy(p.supplierId, p.currency),
  ]);
  for (const row of costs) entry(row.supplierId, row.currency).grossAmount = row.amount;
  for (const row of paid) entry(row.supplierId, row.currency).paidAmount = row.amount;
  const rank = (f: CurrencyFigures) => (f.currency === BASE_CURRENCY ? 0 : 1);
  const usdFirst = (a: CurrencyFigures, b: CurrencyFigures) =>
    rank(a) - rank(b) || a.currency.localeCompare(b.currency);
  for (const own of figures.values()) own.sort(usdFirst);
  return figures;
}

type BalanceRow = Awaited<ReturnType<typeof balanceRows>>[number];
/**
 * `totalAmount` is net of payments, the amount the original client's card shows as pending (as the original
 * back end sent it, docs/decisions/0040-figures-that-agree.md); `grossAmount` is the cost before payments,
 * our detail's Total Ventas.
 */
const toSummary = (
  row: BalanceRow,
  sales: Awaited<ReturnType<typeof salesOf>>,
  currencies: Map<number, CurrencyFigures[]>,
) => ({
  supplierId: row.supplierId,
  supplierName: row.supplierName,
  currency: 'USD',
  totalAmount: row.pendingAmount,
  grossAmount: row.grossAmount,
  paidAmount: row.paidAmount,
  pendingAmount: row.pendingAmount,
  salesCount: row.salesCount,
  byCurrency: currencies.get(row.supplierId) ?? [],
  sales: sales.filter((s) => s.supplierId === row.supplierId).map(({ supplierId: _s, ...sale }) => sale),
});

/** Every supplier with sales or payments, most owed first, each with its 3 latest sales. */
export async function supplierSummaries(db: Database, q?: string) {
  const rows = await balanceRows(db, q ? nameContains(suppliers.name, q) : undefined);
  // A few hundred suppliers at most: ordering here keeps the SQL simple.
  const active = rows
    .filter((r) => r.salesCount > 0 || r.paidAmount > 0)
    .sort((a, b) => b.pendingAmount - a.pendingAmount || a.supplierName.localeCompare(b.supplierName, 'es'));
  const ids = active.map((r) => r.supplierId);
  const [recent, currencies] = await Promise.all([
    salesOf(db, ids, RECENT_SALES),
    currencyFiguresOf(db, ids),
  ]);
  return active.map((row) => toSummary(row, recent, currencies));
}

/** One supplier with all its sales, each with what it still owes the supplier (the payment form offers it). */
export async function supplierSummary(db: Database, supplierId: number) {
  const [row] = await balanceRows(db, eq(suppliers.id, supplierId));
  if (!row) throw notFound(SUPPLIER_NOT_FOUND);
  const [shares, pendings, currencies] = await Promise.all([
    salesOf(db, [supplierId], undefined),
    salePendings(db, supplierId),
    currencyFiguresOf(db, [supplierId]),
  ]);
  const summary = toSummary(row, shares, currencies);
  return {
    ...summary,
    sales: summary.sales.map((sale) => ({ ...sale, pendingAmount: pendings.get(sale.id) ?? 0 })),
  };
}

export async function supplierStats(db: Database) {
  const rows = await balanceRows(db, undefined);
  const pending = rows.filter((r) => r.pendingAmount > 0);
  // Every sale has at least one item (the API refuses a sale without), so the sales that owe their
  // suppliers (neither cancelled nor drafts) are those counted in the summary under the other statuses.
  const [sold] = await db
    .select({ n: countValue(sql`coalesce(sum(${salesSummary.salesCount}), 0)`) })
    .from(salesSummary)
    .where(notInArray(salesSummary.status, ['cancelled', 'draft']));
  return {
    // Exact decimals from SQL, added in integer cents.
    totalPending: sumMoney(pending.map((r) => r.pendingAmount)),
    suppliersWithPending: pending.length,
    activeSuppliers: rows.filter((r) => r.salesCount > 0).length,
    totalSales: sold?.n ?? 0,
  };
}
