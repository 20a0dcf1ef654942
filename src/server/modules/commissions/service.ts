import { agencyToday } from '../../../domain/agency-day';
import { type CommissionSeller, type CommissionsReply, nextMonth } from '../../../domain/commissions';
import type { Database } from '../../db/client';
import { toMoney, toPercent } from '../../db/money';
import { commissionMonths } from '../../db/schema';
import { conflict } from '../../lib/http-errors';
import type { AuthUser } from '../../plugins/current-user';
import { type AuditActor, record } from '../audit';
import { agencyTimeZone } from '../company';
import {
  closedMonthLines,
  isClosed,
  type LineRow,
  openMonthLines,
  type SellerFilter,
  storeMonthLines,
} from './queries';

/** Admin and finance see every seller's commissions; a seller only their own. */
const sellerOf = (user: AuthUser): SellerFilter => (user.role === 'sales' ? user.id : null);

/** The rows, in their order, as one entry per seller with its lines. */
function bySeller(rows: LineRow[]): CommissionSeller[] {
  const sellers = new Map<number, CommissionSeller>();
  for (const row of rows) {
    let seller = sellers.get(row.seller_id);
    if (!seller) {
      seller = {
        sellerId: row.seller_id,
        username: row.username,
        total: toMoney(row.total, 'USD'),
        sales: [],
      };
      sellers.set(row.seller_id, seller);
    }
    seller.sales.push({
      saleId: row.sale_id,
      base: toMoney(row.base, 'USD'),
      percent: toPercent(row.percent),
      commission: toMoney(row.commission, 'USD'),
      ...(row.adjustment ? { adjustment: true as const } : {}),
    });
  }
  return [...sellers.values()];
}

async function monthReply(db: Database, month: string, sellerId: SellerFilter): Promise<CommissionsReply> {
  const closed = await isClosed(db, month);
  const rows = closed
    ? await closedMonthLines(db, month, sellerId)
    : await openMonthLines(db, month, sellerId);
  return { month, closed, sellers: bySeller(rows) };
}

/** GET /api/commissions: a closed month as it was stored, an open one as it is now. */
export function monthCommissions(db: Database, month: string, user: AuthUser): Promise<CommissionsReply> {
  return monthReply(db, month, sellerOf(user));
}

/**
 * Freezes `month` (POST /api/commissions/{month}/close): its lines are stored as they are now, and it
 * answers from them from then on. Only a month that has ended on the agency's calendar, and only once.
 */
export async function closeMonth(db: Database, month: string, audit: AuditActor) {
  const firstOpenDay = `${nextMonth(month)}-01`;
  if (agencyToday(await agencyTimeZone(db)) < firstOpenDay)
    throw conflict(
      `El mes ${month} aún no termina: sus comisiones se pueden cerrar desde el ${firstOpenDay}`,
    );
  await db.transaction(async (tx) => {
    // A second close of the same month waits here for the first, then finds its row.
    const [opened] = await tx
      .insert(commissionMonths)
      .values({ month, closedBy: audit.userId })
      .onConflictDoNothing()
      .returning({ month: commissionMonths.month });
    if (!opened) throw conflict(`Las comisiones de ${month} ya están cerradas`);
    const sums = await storeMonthLines(tx, month);
    await record(tx, audit, {
      action: 'close',
      entity: 'commissionMonth',
      entityId: null,
      changes: [
        { field: 'month', from: null, to: month },
        { field: 'lines', from: null, to: sums.lines },
        { field: 'total', from: null, to: sums.total },
      ],
    });
  });
  return monthReply(db, month, null);
}
