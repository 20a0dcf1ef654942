import { and, asc, count, eq, gte, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import {
  type AlertKind,
  type AlertsReply,
  STALE_DRAFT_DAYS,
  SUPPLIER_DUE_DAYS,
} from '../../../domain/alerts';
import { formatDate, formatMoney } from '../../../domain/format';
import { addDays } from '../../../domain/report-params';
import { agencyMidnight } from '../../db/agency-day';
import type { Database } from '../../db/client';
import { independentReads } from '../../db/independent-reads';
import {
  balanceDays,
  saleBalances,
  saleItems,
  sales,
  salesSummary,
  supplierDues as supplierDuesTable,
  suppliers,
} from '../../db/schema';
import {
  countUnpaidSupplierItems,
  openSalesWithSale,
  supplierCutoffs,
  unpaidSupplierItems,
} from '../reports';
import { type SaleScope, sellerCondition } from '../sales';
import { type AlertsQuery, countIn, type Found, saleAlert, withCount } from './alert-parts';
import { documentWarnings } from './document-warnings';

/*
 * Alerts before departure (docs/product.md#alerts): per kind, how many there are and the `limit` most urgent.
 * Each count reads an index range or a kept sum, never every alert joined to its sale: at a million sales
 * a kind can have tens of thousands (docs/decisions/0031). "Today" is the agency's day.
 */

async function clientBalances(db: Database, scope: SaleScope, q: AlertsQuery): Promise<Found> {
  // Open sales departing between today and `days` from now (an open sale is never cancelled),
  // counted from sale_balances' travel-date indexes for a seller or a sale.
  const b = saleBalances;
  const departing = and(
    gte(b.travelDate, q.today),
    lte(b.travelDate, addDays(q.today, q.days)),
    sellerCondition(b.sellerId, scope),
    q.saleId === undefined ? undefined : eq(b.saleId, q.saleId),
  );
  const open = openSalesWithSale(db, q.today, departing);
  // The company's count is a sum over the departure days kept in balance_days (a row per day),
  // not a read of every open sale in the range (~19,000 index entries at a million sales).
  const d = balanceDays;
  const total =
    scope.sellerId === undefined && q.saleId === undefined
      ? db
          .select({ n: sql`coalesce(sum(${d.salesCount}), 0)` })
          .from(d)
          .where(and(gte(d.travelDate, q.today), lte(d.travelDate, addDays(q.today, q.days))))
      : db.select({ n: count() }).from(b).where(departing);
  const rows = await db
    .select({
      id: open.id,
      passengerName: open.passengerName,
      travelDate: open.travelDate,
      pending: open.ownPending,
      currency: open.currency,
      total: withCount(total),
    })
    .from(open)
    .orderBy(asc(open.travelDate), asc(open.id))
    .limit(q.limit);
  return {
    count: countIn(rows),
    alerts: rows.map((r) =>
      saleAlert('client-balance', r, {
        amount: r.pending,
        currency: r.currency,
        dueDate: r.travelDate,
        message: `El cliente debe ${formatMoney(r.pending, r.currency, q.numberFormat)} y viaja el ${formatDate(r.travelDate)}`,
      }),
    ),
  };
}

async function missingCodes(db: Database, scope: SaleScope, q: AlertsQuery): Promise<Found> {
  // The items without a code come from their partial index (sale_items_missing_code_idx): once
  // bookings are made they are few, so the sales departing soon are not each probed.
  const withoutCode = db
    .select({ saleId: saleItems.saleId, items: sql<number>`count(*)::int`.as('items') })
    .from(saleItems)
    .where(or(isNull(saleItems.reservationCode), sql`trim(${saleItems.reservationCode}) = ''`))
    .groupBy(saleItems.saleId)
    .as('without_code');
  const rows = await db
    .select({
      id: sales.id,
      passengerName: sales.passengerName,
      travelDate: sales.travelDate,
      items: withoutCode.items,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(withoutCode)
    .innerJoin(sales, eq(sales.id, withoutCode.saleId))
    .where(
      and(
        ne(sales.status, 'cancelled'),
        gte(sales.travelDate, q.today),
        lte(sales.travelDate, addDays(q.today, q.days)),
        sellerCondition(sales.sellerId, scope),
        q.saleId === undefined ? undefined : eq(sales.id, q.saleId),
      ),
    )
    .orderBy(asc(sales.travelDate), asc(sales.id))
    .limit(q.limit);
  return {
    count: rows[0]?.total ?? 0,
    alerts: rows.map((r) =>
      saleAlert('missing-reservation-code', r, {
        dueDate: r.travelDate,
        message:
          r.items === 1
            ? `1 ítem sin código de reserva; viaja el ${formatDate(r.travelDate)}`
            : `${r.items} ítems sin código de reserva; viaja el ${formatDate(r.travelDate)}`,
      }),
    ),
  };
}

/**
 * Unpaid supplier items: those whose payment date passed (`supplier-overdue`) and those due from today
 * to SUPPLIER_DUE_DAYS ahead (`supplier-due`), each its own list and count. The due ones are every
 * item due by then but the overdue ones, so both counts keep the day sums' fast path.
 */
async function supplierDues(db: Database, scope: SaleScope, q: AlertsQuery): Promise<[Found, Found]> {
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
  const yesterday = addDays(q.today, -1);
  const until = addDays(q.today, SUPPLIER_DUE_DAYS);
  const where = and(
    sellerCondition(supplierDuesTable.sellerId, scope),
    q.saleId === undefined ? undefined : eq(supplierDuesTable.saleId, q.saleId),
  );
  const notYetDue = and(where, gte(supplierDuesTable.dueDate, q.today));
  const list = { perSupplier: q.limit, limit: q.limit };
  const [overdueCount, dueByThen, overdueRows, dueRows] = await Promise.all([
    countUnpaidSupplierItems(db, cutoffs, yesterday, where),
    countUnpaidSupplierItems(db, cutoffs, until, where),
    unpaidSupplierItems(db, cutoffs, yesterday, { ...list, where }),
    unpaidSupplierItems(db, cutoffs, until, { ...list, where: notYetDue }),
  ]);
  const found = (kind: AlertKind, rows: typeof dueRows, verb: string, total: number): Found => ({
    count: total,
    alerts: rows.map((r) =>
      saleAlert(
        kind,
        { id: r.sale_id, passengerName: r.passenger_name, travelDate: r.travel_date },
        {
          amount: r.unpaid,
          dueDate: r.due_date,
          message: `Pago a ${names.get(r.supplier_id) ?? ''} de ${formatMoney(r.unpaid, 'USD', q.numberFormat)} ${verb} el ${formatDate(r.due_date)}`,
        },
      ),
    ),
  });
  return [
    found('supplier-overdue', overdueRows, 'venció', overdueCount),
    found('supplier-due', dueRows, 'vence', dueByThen - overdueCount),
  ];
}

async function staleDrafts(db: Database, scope: SaleScope, q: AlertsQuery): Promise<Found> {
  // Created before the start of the agency's day STALE_DRAFT_DAYS ago: more than 7 whole days old.
  const before = agencyMidnight(addDays(q.today, -STALE_DRAFT_DAYS));
  const drafts = and(eq(sales.status, 'draft'), sellerCondition(sales.sellerId, scope));
  const ofSale = q.saleId === undefined ? undefined : eq(sales.id, q.saleId);
  const stale = and(drafts, lt(sales.creationDate, before), ofSale);
  // The stale drafts are every draft (kept per seller and status in sales_summary) but the recent
  // ones (an index range of sales_status_creation_idx); one sale's are simply counted.
  const total =
    q.saleId === undefined
      ? sql`(${db
          .select({ n: sql`coalesce(sum(${salesSummary.salesCount}), 0)` })
          .from(salesSummary)
          .where(and(eq(salesSummary.status, 'draft'), sellerCondition(salesSummary.sellerId, scope)))})
          - (${db
            .select({ n: count() })
            .from(sales)
            .where(and(drafts, gte(sales.creationDate, before)))})`
      : db.select({ n: count() }).from(sales).where(stale);
  const rows = await db
    .select({
      id: sales.id,
      passengerName: sales.passengerName,
      travelDate: sales.travelDate,
      createdAt: sales.creationDate,
      total: withCount(total),
    })
    .from(sales)
    .where(stale)
    .orderBy(asc(sales.creationDate), asc(sales.id))
    .limit(q.limit);
  return {
    count: countIn(rows),
    alerts: rows.map((r) =>
      saleAlert('stale-draft', r, {
        dueDate: r.createdAt.toISOString().slice(0, 10),
        message: `Borrador sin confirmar desde el ${formatDate(r.createdAt)}`,
      }),
    ),
  };
}

/**
 * Every kind of alert for the caller's sales, kind by kind in order of urgency (a client about to
 * travel without paying first, stale drafts last), soonest due first within a kind. The five queries
 * are independent: on PostgreSQL they run at once on the pool (in order inside a transaction).
 */
export async function loadAlerts(db: Database, scope: SaleScope, q: AlertsQuery): Promise<AlertsReply> {
  const [balances, codes, documents, [overdue, dues], drafts] = await independentReads(db, [
    () => clientBalances(db, scope, q),
    () => missingCodes(db, scope, q),
    () => documentWarnings(db, scope, q),
    () => supplierDues(db, scope, q),
    () => staleDrafts(db, scope, q),
  ] as const);
  return {
    alerts: [
      ...balances.alerts,
      ...codes.alerts,
      ...documents['document-missing'].alerts,
      ...documents['document-expiring'].alerts,
      ...documents['minor-travelling'].alerts,
      ...overdue.alerts,
      ...dues.alerts,
      ...drafts.alerts,
    ],
    counts: {
      'client-balance': balances.count,
      'missing-reservation-code': codes.count,
      'document-missing': documents['document-missing'].count,
      'document-expiring': documents['document-expiring'].count,
      'minor-travelling': documents['minor-travelling'].count,
      'supplier-overdue': overdue.count,
      'supplier-due': dues.count,
      'stale-draft': drafts.count,
    },
  };
}
