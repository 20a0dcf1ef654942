import { type SQLWrapper, sql } from 'drizzle-orm';
import type { Alert, AlertKind } from '../../../domain/alerts';
import type { NumberFormat } from '../../../domain/format';
import { countValue } from '../../db/money';

/* What every kind of alert is built with: the request, a kind's count and list, one alert's shape. */

export interface AlertsQuery {
  today: string;
  days: number;
  saleId?: number;
  limit: number;
  /** How the messages write amounts: the agency's number format (decision 0089). */
  numberFormat: NumberFormat;
}

export type Found = { alerts: Alert[]; count: number };

/**
 * A kind's count as a column of its list, one statement instead of two: the list reads the same
 * alerts (and at least one), so an empty list means a count of 0.
 */
export const withCount = (count: SQLWrapper) => countValue(sql`(${count})`);
export const countIn = (rows: { total: number }[]) => rows[0]?.total ?? 0;

/** An alert about one sale (who travels and when), with what is due by when. */
export const saleAlert = (
  kind: AlertKind,
  sale: { id: number; passengerName: string; travelDate: string },
  due: Pick<Alert, 'amount' | 'currency' | 'dueDate' | 'message'>,
): Alert => ({
  kind,
  saleId: sale.id,
  passengerName: sale.passengerName,
  travelDate: sale.travelDate,
  ...due,
});
