import { useQuery } from '@tanstack/react-query';
import { agencyToday, DEFAULT_TIME_ZONE } from '../../domain/agency-day';
import { registerMonth } from '../../domain/dte';
import { agencyPreferencesQuery } from '../api/agency-preferences';

/** The month the agency's today (yyyy-mm-dd) falls in: a month screen's first month. */
export const monthOf = (today: string) => today.slice(0, 7);

/** The agency's current month, from the preferences every screen shares (its zone decides the day). */
export function useAgencyMonth(): string {
  const zone = useQuery(agencyPreferencesQuery()).data?.timeZone ?? DEFAULT_TIME_ZONE;
  return monthOf(agencyToday(zone));
}

/** The address's `?month=` when it is a month (yyyy-mm), else `fallback`. */
export function monthParam(value: string | null, fallback: string): string {
  return registerMonth.safeParse(value).success && value ? value : fallback;
}

const monthName = new Intl.DateTimeFormat('es-CL', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "2026-12" as people say it: "diciembre de 2026". */
export function monthLabel(month: string): string {
  return monthName.format(new Date(`${month}-01T00:00:00Z`));
}
