import { and, eq, gte, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import { addDays } from '../../../domain/report-params';
import type { ReportDateField, ReportGroup, SalesReportReply } from '../../../domain/reports';
import { enumLabel } from '../../../domain/sales';
import { agencyMidnight } from '../../db/agency-day';
import type { Database } from '../../db/client';
import { moneyValue, percentValue } from '../../db/money';
import { classifications, reportDays, saleItems, sales, salesDaily, suppliers, users } from '../../db/schema';
import { type SaleScope, sellerCondition } from '../sales';

/*
 * Reportes: sales, sale total, cost, profit and margin per group over a date range
 * (docs/product.md#finance-screens). Cancelled sales count nowhere. Supplier and classification belong to
 * items, so those groups add item amounts and count each sale once per group (a sale with two suppliers
 * counts in both rows; the totals count it once). The totals come from the same query (grouping sets: the
 * groups and ()).
 */

interface Grouping {
  key: SQL;
  label: SQL;
  /** Grouped per item rather than per sale. */
  items: boolean;
}

function grouping(groupBy: ReportGroup, dateField: ReportDateField): Grouping {
  // f_agency_day (migration 0017): a creation day is the agency's day, as in the kept day rows.
  const day = dateField === 'creation' ? sql`f_agency_day(${sales.creationDate})` : sql`${sales.travelDate}`;
  switch (groupBy) {
    case 'month': {
      const month = sql`to_char(${day}, 'YYYY-MM')`;
      return { key: month, label: month, items: false };
    }
    case 'seller':
      return { key: sql`${sales.sellerId}::text`, label: sql`${users.username}`, items: false };
    case 'supplier':
      return { key: sql`${saleItems.supplierId}::text`, label: sql`${suppliers.name}`, items: true };
    case 'classification':
      return {
        key: sql`${saleItems.classificationId}::text`,
        label: sql`${classifications.name}`,
        items: true,
      };
    case 'region':
      return { key: sql`${sales.region}`, label: sql`${sales.region}`, items: false };
    case 'serviceType':
      return { key: sql`${sales.serviceType}`, label: sql`${sales.serviceType}`, items: false };
  }
}

const monthLabel = new Intl.DateTimeFormat('es-ES', { month: 'short', year: 'numeric', timeZone: 'UTC' });
/** Spanish labels for months ("ene 2026") and the sale enums; names are shown as stored. */
function displayLabel(groupBy: ReportGroup, label: string): string {
  if (groupBy === 'month') return monthLabel.format(new Date(`${label}-01T00:00:00Z`));
  if (groupBy === 'region' || groupBy === 'serviceType') return enumLabel(label);
  return label;
}

/**
 * The range's condition on the chosen date. Creation dates are instants: the range runs from the
 * agency's midnight of `from` to its midnight after `to`, which keeps the creation-date index usable.
 */
function inRange(dateField: ReportDateField, from: string, to: string): SQL | undefined {
  if (dateField === 'travel') return and(gte(sales.travelDate, from), lte(sales.travelDate, to));
  return and(
    gte(sales.creationDate, agencyMidnight(from)),
    lt(sales.creationDate, agencyMidnight(addDays(to, 1))),
  );
}

type ReportQuery = { groupBy: ReportGroup; dateField: ReportDateField; from: string; to: string };

const sums = (count: SQL, sale: SQL, cost: SQL) => ({
  salesCount: sql<number>`${count}::int`,
  totalSale: moneyValue(sql`coalesce(${sale}, 0)`, 'USD'),
  totalCost: moneyValue(sql`coalesce(${cost}, 0)`, 'USD'),
  profit: moneyValue(sql`coalesce(${sale} - ${cost}, 0)`, 'USD'),
  margin: percentValue(sql`round((${sale} - ${cost}) * 100 / nullif(${sale}, 0), 2)`),
});

/** Any grouping, any date: the sales (and their items) in the range, aggregated. */
async function scannedRows(db: Database, scope: SaleScope, query: ReportQuery) {
  const g = grouping(query.groupBy, query.dateField);
  const amount = g.items
    ? { sale: saleItems.salePrice, cost: saleItems.costPrice }
    : { sale: sales.salePrice, cost: sales.totalCost };
  const totalSale = sql`sum(${amount.sale})`;
  const totalCost = sql`sum(${amount.cost})`;
  const base = db
    .select({
      key: sql<string | null>`${g.key}`,
      label: sql<string | null>`min(${g.label})`,
      ...sums(sql`count(distinct ${sales.id})`, totalSale, totalCost),
    })
    .from(sales)
    .$dynamic();
  if (g.items) base.innerJoin(saleItems, eq(saleItems.saleId, sales.id));
  if (query.groupBy === 'seller') base.innerJoin(users, eq(users.id, sales.sellerId));
  if (query.groupBy === 'supplier') base.innerJoin(suppliers, eq(suppliers.id, saleItems.supplierId));
  if (query.groupBy === 'classification')
    base.innerJoin(classifications, eq(classifications.id, saleItems.classificationId));
  return base
    .where(
      and(
        ne(sales.status, 'cancelled'),
        sellerCondition(sales.sellerId, scope),
        inRange(query.dateField, query.from, query.to),
      ),
    )
    .groupBy(sql`grouping sets ((${g.key}), ())`)
    .orderBy(query.groupBy === 'month' ? sql`1 nulls last` : sql`sum(${amount.sale}) desc nulls last, 2`);
}

/**
 * By month or seller of creation: the trigger-kept `sales_daily` (per seller and agency day, cancelled
 * sales left out: migrations/0004) holds exactly these sums, a few thousand rows instead of the sales.
 */
async function dailyRows(
  db: Database,
  scope: SaleScope,
  query: ReportQuery & { groupBy: 'month' | 'seller' },
) {
  const d = salesDaily;
  const byMonth = query.groupBy === 'month';
  const key = byMonth ? sql`to_char(${d.day}, 'YYYY-MM')` : sql`${d.sellerId}::text`;
  const sale = sql`sum(${d.salePrice})`;
  const cost = sql`sum(${d.totalCost})`;
  const base = db
    .select({
      key: sql<string | null>`${key}`,
      label: sql<string | null>`min(${byMonth ? key : sql`${users.username}`})`,
      ...sums(sql`coalesce(sum(${d.salesCount}), 0)`, sale, cost),
    })
    .from(d)
    .$dynamic();
  if (!byMonth) base.innerJoin(users, eq(users.id, d.sellerId));
  return base
    .where(
      and(
        ne(d.salesCount, 0),
        sellerCondition(d.sellerId, scope),
        gte(d.day, query.from),
        lte(d.day, query.to),
      ),
    )
    .groupBy(sql`grouping sets ((${key}), ())`)
    .orderBy(byMonth ? sql`1 nulls last` : sql`${sale} desc nulls last, 2`);
}

/** The name of a group kept by id in `report_days.key`; other groups are labelled by their key. */
const groupNames: Partial<Record<ReportGroup, (key: SQL) => SQL>> = {
  seller: (key) => sql`(select ${users.username} from ${users} where ${users.id} = ${key}::int)`,
  supplier: (key) => sql`(select ${suppliers.name} from ${suppliers} where ${suppliers.id} = ${key}::int)`,
  classification: (key) =>
    sql`(select ${classifications.name} from ${classifications} where ${classifications.id} = ${key}::int)`,
};

/**
 * The company's report by any group and date field: the trigger-kept `report_days` (per group and
 * day, migrations/0010) holds these sums, a few thousand rows for a year. Months read the sale-level
 * `seller` rows; the totals of an item grouping read the `items` rows, where each sale with items
 * counts once (as in the scanned report), the others the `seller` rows.
 */
async function reportDayRows(db: Database, query: ReportQuery) {
  const r = reportDays;
  const byMonth = query.groupBy === 'month';
  const key = byMonth ? sql`to_char(${r.day}, 'YYYY-MM')` : sql`${r.key}`;
  const itemGroups = query.groupBy === 'supplier' || query.groupBy === 'classification';
  const inRange = (dimension: string) =>
    and(
      eq(r.dimension, dimension),
      eq(r.dateField, query.dateField),
      gte(r.day, query.from),
      lte(r.day, query.to),
    );
  const figures = sums(
    sql`coalesce(sum(${r.salesCount}), 0)`,
    sql`sum(${r.salePrice})`,
    sql`sum(${r.totalCost})`,
  );
  const [groups, totals] = await Promise.all([
    db
      .select({
        key: sql<string | null>`${key}`,
        label: sql<string | null>`${groupNames[query.groupBy]?.(key) ?? key}`,
        ...figures,
      })
      .from(r)
      .where(inRange(byMonth ? 'seller' : query.groupBy))
      .groupBy(key)
      .having(sql`sum(${r.salesCount}) <> 0`)
      .orderBy(byMonth ? sql`1` : sql`sum(${r.salePrice}) desc, 2`),
    db
      .select({ key: sql<string | null>`null`, label: sql<string | null>`null`, ...figures })
      .from(r)
      .where(inRange(itemGroups ? 'items' : 'seller')),
  ]);
  return [...groups, ...totals];
}

export async function salesReport(
  db: Database,
  scope: SaleScope,
  query: ReportQuery,
): Promise<SalesReportReply> {
  // The company reads the day rows of any group; a seller's own sales are a twelfth of them, by
  // creation month or seller from `sales_daily`, otherwise scanned.
  const rows =
    scope.sellerId === undefined
      ? await reportDayRows(db, query)
      : query.dateField === 'creation' && (query.groupBy === 'month' || query.groupBy === 'seller')
        ? await dailyRows(db, scope, { ...query, groupBy: query.groupBy })
        : await scannedRows(db, scope, query);
  const figures = (r: (typeof rows)[number]) => ({
    salesCount: r.salesCount,
    totalSale: r.totalSale,
    totalCost: r.totalCost,
    profit: r.profit,
    margin: r.margin ?? undefined,
  });
  const totalsRow = rows.find((r) => r.key === null);
  return {
    from: query.from,
    to: query.to,
    rows: rows
      .filter((r) => r.key !== null)
      .map((r) => ({ key: r.key ?? '', label: displayLabel(query.groupBy, r.label ?? ''), ...figures(r) })),
    totals: totalsRow ? figures(totalsRow) : { salesCount: 0, totalSale: 0, totalCost: 0, profit: 0 },
  };
}
