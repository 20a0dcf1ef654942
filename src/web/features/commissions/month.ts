import { commissionMonth } from '../../../domain/commissions';
import { formatNumber, type NumberFormat } from '../../../domain/format';

/** The month the agency's today (yyyy-mm-dd) falls in: the screen's first month. */
export const monthOf = (today: string) => today.slice(0, 7);

/** The address's `?month=` when it is a month (yyyy-mm), else `fallback`. */
export function monthParam(value: string | null, fallback: string): string {
  return commissionMonth.safeParse(value).success && value ? value : fallback;
}

const monthName = new Intl.DateTimeFormat('es-CL', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "2026-12" as people say it: "diciembre de 2026". */
export function monthLabel(month: string): string {
  return monthName.format(new Date(`${month}-01T00:00:00Z`));
}

/** A rule's percent as the line shows it, in the agency's number format: 2.5 → "2.5 %" ("2,5 %" in es). */
export const percentLabel = (percent: number, style: NumberFormat) => `${formatNumber(percent, style, 2)} %`;
