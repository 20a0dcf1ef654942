import { and, count, desc, eq, getTableColumns, or, type SQL, sql } from 'drizzle-orm';
import { sumMoney } from '../../../domain/money';
import type { PaymentReply } from '../../../domain/payment-replies';
import type { PaymentMethod, PaymentStatus } from '../../../domain/payments';
import type { SaleStatus } from '../../../domain/status';
import type { Database } from '../../db/client';
import { type Currency, type Money, moneyValue, rateValue } from '../../db/money';
import { clients, payments, sales } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { containsPattern, nameContains } from '../../lib/search';
import { type SaleScope, sellerCondition } from '../sales';

export const PAYMENT_NOT_FOUND = 'Pago no encontrado';

export interface PaymentFilters {
  status?: PaymentStatus;
  method?: PaymentMethod;
  saleId?: number;
  q?: string;
}

/** A payment is visible when its sale is (a seller sees the payments of their own sales). */
const visible = (scope: SaleScope) => sellerCondition(sales.sellerId, scope);

function filtersOf(scope: SaleScope, f: PaymentFilters): SQL | undefined {
  return and(
    visible(scope),
    f.status ? eq(payments.status, f.status) : undefined,
    f.method ? eq(payments.method, f.method) : undefined,
    f.saleId ? eq(payments.saleId, f.saleId) : undefined,
    f.q
      ? or(
          nameContains(clients.name, f.q),
          nameContains(sales.passengerName, f.q),
          sql`lower(${payments.reference}) like ${containsPattern(f.q.toLowerCase())}`,
        )
      : undefined,
  );
}

const columns = {
  payment: {
    ...getTableColumns(payments),
    amount: moneyValue(payments.amount, payments.currency),
    exchangeRate: rateValue(payments.exchangeRate),
    usdAmount: moneyValue(payments.usdAmount, 'USD'),
    saleAmount: moneyValue(payments.saleAmount, sales.currency),
  },
  sale: {
    id: sales.id,
    passengerName: sales.passengerName,
    status: sales.status,
    sellerId: sales.sellerId,
    currency: sales.currency,
  },
  client: { id: clients.id, name: clients.name },
};

type Row = {
  payment: Omit<typeof payments.$inferSelect, 'amount' | 'exchangeRate' | 'usdAmount' | 'saleAmount'> & {
    amount: Money<Currency>;
    exchangeRate: number;
    usdAmount: Money<'USD'>;
    saleAmount: Money<Currency>;
  };
  sale: { id: number; passengerName: string; status: SaleStatus; sellerId: number; currency: string };
  client: { id: number; name: string };
};

function toPayment(row: Row): PaymentReply {
  const p = row.payment;
  return {
    id: p.id,
    saleId: p.saleId,
    date: p.paymentDate,
    amount: p.amount,
    currency: p.currency,
    exchangeRate: p.exchangeRate,
    rateEdited: p.rateEdited,
    usdAmount: p.usdAmount,
    saleAmount: p.saleAmount,
    method: p.method,
    reference: p.reference,
    status: p.status,
    createdAt: p.createdAt.toISOString(),
    sale: { ...row.sale, clientName: row.client.name },
  };
}
export type PaymentView = PaymentReply;

const base = (db: Database) =>
  db
    .select(columns)
    .from(payments)
    .innerJoin(sales, eq(sales.id, payments.saleId))
    .innerJoin(clients, eq(clients.id, sales.clientId));

export async function listPayments(
  db: Database,
  scope: SaleScope,
  f: PaymentFilters,
  page: number,
  limit: number,
) {
  const where = filtersOf(scope, f);
  const [rows, [totals]] = await Promise.all([
    base(db)
      .where(where)
      .orderBy(desc(payments.paymentDate), desc(payments.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({
        count: count(),
        // Payments are in several currencies (docs/decisions/0055-payments-in-any-currency.md): their USD
        // values are what adds up.
        confirmed: moneyValue(
          sql`coalesce(sum(${payments.usdAmount}) filter (where ${payments.status} = 'confirmed'), 0)`,
          'USD',
        ),
        pending: moneyValue(
          sql`coalesce(sum(${payments.usdAmount}) filter (where ${payments.status} = 'pending'), 0)`,
          'USD',
        ),
      })
      .from(payments)
      .innerJoin(sales, eq(sales.id, payments.saleId))
      .innerJoin(clients, eq(clients.id, sales.clientId))
      .where(where),
  ]);
  return {
    payments: (rows as Row[]).map(toPayment),
    total: totals?.count ?? 0,
    totals: { confirmed: totals?.confirmed ?? 0, pending: totals?.pending ?? 0 },
  };
}

/**
 * The payments that follow `after` in the list's order (newest payment date first), for an export:
 * the same filters and scope as the list, continued by keyset instead of offset.
 */
export async function paymentBatch(
  db: Database,
  scope: SaleScope,
  f: PaymentFilters,
  after: PaymentView | undefined,
  limit: number,
) {
  const rows = await base(db)
    .where(
      and(
        filtersOf(scope, f),
        after && sql`(${payments.paymentDate}, ${payments.id}) < (${after.date}, ${after.id})`,
      ),
    )
    .orderBy(desc(payments.paymentDate), desc(payments.id))
    .limit(limit);
  return (rows as Row[]).map(toPayment);
}

export async function loadPayment(db: Database, id: number, scope: SaleScope) {
  const [row] = await base(db).where(and(eq(payments.id, id), visible(scope)));
  if (!row) throw notFound(PAYMENT_NOT_FOUND);
  return toPayment(row as Row);
}

export async function paymentsOfSale(db: Database, saleId: number) {
  const rows = await base(db)
    .where(eq(payments.saleId, saleId))
    .orderBy(desc(payments.paymentDate), desc(payments.id));
  return (rows as Row[]).map(toPayment);
}

export async function paymentStats(db: Database, scope: SaleScope) {
  const rows = await db
    .select({
      method: payments.method,
      status: payments.status,
      count: count(),
      total: moneyValue(sql`sum(${payments.usdAmount})`, 'USD'),
    })
    .from(payments)
    .innerJoin(sales, eq(sales.id, payments.saleId))
    .where(visible(scope))
    .groupBy(payments.method, payments.status);
  // Each group's sum is an exact decimal from SQL; sumMoney adds the few groups in integer cents.
  const byMethod: Record<string, { count: number; total: number }> = {};
  for (const method of new Set(rows.map((r) => r.method))) {
    const own = rows.filter((r) => r.method === method);
    byMethod[method] = {
      count: own.reduce((n, r) => n + r.count, 0),
      total: sumMoney(own.map((r) => r.total)),
    };
  }
  const totalOf = (status: string) => sumMoney(rows.filter((r) => r.status === status).map((r) => r.total));
  return {
    totalConfirmed: totalOf('confirmed'),
    totalPending: totalOf('pending'),
    count: rows.reduce((n, r) => n + r.count, 0),
    byMethod,
  };
}
