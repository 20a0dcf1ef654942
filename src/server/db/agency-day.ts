import { type SQL, sql } from 'drizzle-orm';

/**
 * The instant the agency's day `day` (yyyy-mm-dd) begins, in its zone (f_agency_zone, migration
 * 0017). Compared with a timestamp column it keeps that column's index usable, unlike converting
 * every row to a day.
 */
export const agencyMidnight = (day: string): SQL => sql`(${day}::timestamp at time zone f_agency_zone())`;
