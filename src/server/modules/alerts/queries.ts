import { and, asc, eq, exists, gte, inArray, isNull, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Alert, type AlertsReply, STALE_DRAFT_DAYS, SUPPLIER_DUE_DAYS } from '../../../domain/alerts';
import { formatDate, formatMoney } from '../../../domain/format';
import { addDays } from '../../../domain/report-params';
import type { Database } from '../../db/client';
import {
  saleBalances,
  saleItems,
  sales,
  supplierDues as supplierDuesTable,
  suppliers,
} from '../../db/schema';
import { openSalesWithSale, supplierCutoffs, unpaidSupplierItems } from '../reports';
import { type SaleScope, sellerCondition } from '../sales';

/*
 * Alerts before departure (issue 17), each kind one query over the caller's sales: the total per kind
 * is counted in the same pass (window count) and at most `limit` of each kind are listed, most
 * urgent first. "Today" is the UTC date, as everywhere else in the API.
 */

export interface AlertsQuery {
  today: string;
  days: number;
  saleId?: number;
  limit: number;
}

type Found = { alerts: Alert[]; count: number };
const total = (rows: { total: number }[]) => rows[0]?.total ?? 0;
const windowCount = sql<number>`(count(*) over ())::int`;

function saleFilter(scope: SaleScope, saleId: number | undefined): SQL | undefined {
  return and(sellerCondition(sales.sellerId, scope), saleId === undefined ? undefined : eq(sales.id, saleId));
}

/** Sales not cancelled that travel between today and `days` from now. */
const departingSoon = (q: AlertsQuery) =>
  and(
    ne(sales.status, 'cancelled'),
    gte(sales.travelDate, q.today),
    lte(sales.travelDate, addDays(q.today, q.days)),
  );

async function clientBalances(db: Database, scope: SaleScope, q: AlertsQuery): Promise<Found> {
  // The open sales departing soon, found by travel date (status is settled: an open sale is not cancelled).
  const b = saleBalances;
  const open = openSalesWithSale(
    db,
    q.today,
    and(
      gte(b.travelDate, q.today),
      lte(b.travelDate, addDays(q.today, q.days)),
      sellerCondition(b.sellerId, scope),
      q.saleId === undefined ? undefined : eq(b.saleId, q.saleId),
    ),
  );
  const rows = await db
    .select({
      id: open.id,
      passengerName: open.passengerName,
      travelDate: open.travelDate,
      pending: open.pending,
      total: windowCount,
    })
    .from(open)
    .orderBy(asc(open.travelDate), asc(open.id))
    .limit(q.limit);
  return {
    count: total(rows),
    alerts: rows.map((r) => ({
      kind: 'client-balance',
      saleId: r.id,
      passengerName: r.passengerName,
      travelDate: r.travelDate,
      amount: Number(r.pending),
      dueDate: r.travelDate,
      message: `El cliente debe ${formatMoney(r.pending)} y viaja el ${formatDate(r.travelDate)}`,
    })),
  };
}

async function missingCodes(db: Database, scope: SaleScope, q: AlertsQuery): Promise<Found> {
  const withoutCode = and(
    eq(saleItems.saleId, sales.id),
    or(isNull(saleItems.reservationCode), sql`trim(${saleItems.reservationCode}) = ''`),
  );
  const rows = await db
    .select({
      id: sales.id,
      passengerName: sales.passengerName,
      travelDate: sales.travelDate,
      items: sql<number>`(select count(*) from ${saleItems} where ${withoutCode})::int`,
      total: windowCount,
    })
    .from(sales)
    .where(
      and(
        departingSoon(q),
        saleFilter(scope, q.saleId),
        exists(db.select({ one: sql`1` }).from(saleItems).where(withoutCode)),
      ),
    )
    .orderBy(asc(sales.travelDate), asc(sales.id))
    .limit(q.limit);
  return {
    count: total(rows),
    alerts: rows.map((r) => ({
      kind: 'missing-reservation-code',
      saleId: r.id,
      passengerName: r.passengerName,
      travelDate: r.travelDate,
      dueDate: r.travelDate,
      message:
        r.items === 1
          ? `1 ítem sin código de reserva; viaja el ${formatDate(r.travelDate)}`
          : `${r.items} ítems sin código de reserva; viaja el ${formatDate(r.travelDate)}`,
    })),
  };
}

async function supplierDues(db: Database, scope: SaleScope, q: AlertsQuery): Promise<Found> {
  // One sale's alerts only need the suppliers of its items.
  const ofSale =
    q.saleId === undefined
      ? undefined
      : inArray(
          suppliers.id,
          db.select({ id: saleItems.supplierId }).from(saleItems).where(eq(saleItems.saleId, q.saleId)),
        );
  const cutoffs = await supplierCutoffs(db, ofSale);
  const names = new Map(cutoffs.map((c) => [c.supplierId, c.supplierName]));
  const found = await unpaidSupplierItems(db, cutoffs, addDays(q.today, SUPPLIER_DUE_DAYS), {
    where: and(
      sellerCondition(supplierDuesTable.sellerId, scope),
      q.saleId === undefined ? undefined : eq(supplierDuesTable.saleId, q.saleId),
    ),
    limit: q.limit,
  });
  const rows = found.map((r) => ({
    saleId: Number(r.sale_id),
    passengerName: r.passenger_name,
    travelDate: r.travel_date,
    supplierName: names.get(Number(r.supplier_id)) ?? '',
    unpaid: r.unpaid,
    dueDate: r.due_date,
    total: Number(r.total),
  }));
  return {
    count: total(rows),
    alerts: rows.map((r) => ({
      kind: 'supplier-due',
      saleId: r.saleId,
      passengerName: r.passengerName,
      travelDate: r.travelDate,
      amount: Number(r.unpaid),
      dueDate: r.dueDate,
      message: `Pago a ${r.supplierName} de ${formatMoney(r.unpaid)} ${r.dueDate < q.today ? 'venció' : 'vence'} el ${formatDate(r.dueDate)}`,
    })),
  };
}

async function staleDrafts(db: Database, scope: SaleScope, q: AlertsQuery): Promise<Found> {
  // Created before the start of the day STALE_DRAFT_DAYS ago: more than 7 whole days old.
  const before = new Date(`${addDays(q.today, -STALE_DRAFT_DAYS)}T00:00:00Z`);
  const rows = await db
    .select({
      id: sales.id,
      passengerName: sales.passengerName,
      travelDate: sales.travelDate,
      createdAt: sales.creationDate,
      total: windowCount,
    })
    .from(sales)
    .where(and(eq(sales.status, 'draft'), lt(sales.creationDate, before), saleFilter(scope, q.saleId)))
    .orderBy(asc(sales.creationDate), asc(sales.id))
    .limit(q.limit);
  return {
    count: total(rows),
    alerts: rows.map((r) => ({
      kind: 'stale-draft',
      saleId: r.id,
      passengerName: r.passengerName,
      travelDate: r.travelDate,
      dueDate: r.createdAt.toISOString().slice(0, 10),
      message: `Borrador sin confirmar desde el ${formatDate(r.createdAt)}`,
    })),
  };
}

/**
 * Every kind of alert for the caller's sales, kind by kind in order of urgency (a client about to
 * travel without paying first, stale drafts last), soonest due first within a kind. The four queries
 * are independent: on PostgreSQL they run at once on the pool.
 */
export async function loadAlerts(db: Database, scope: SaleScope, q: AlertsQuery): Promise<AlertsReply> {
  const [balances, codes, dues, drafts] = await Promise.all([
    clientBalances(db, scope, q),
    missingCodes(db, scope, q),
    supplierDues(db, scope, q),
    staleDrafts(db, scope, q),
  ]);
  return {
    alerts: [...balances.alerts, ...codes.alerts, ...dues.alerts, ...drafts.alerts],
    counts: {
      'client-balance': balances.count,
      'missing-reservation-code': codes.count,
      'supplier-due': dues.count,
      'stale-draft': drafts.count,
    },
  };
}
