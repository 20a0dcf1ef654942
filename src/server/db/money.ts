import { type Column, type SQL, sql } from 'drizzle-orm';

/**
 * An exact decimal from PostgreSQL (numeric arrives as text) as the API's number; a missing sum is 0.
 * A double holds any decimal of up to 15 significant digits exactly enough to print it back unchanged;
 * an amount, numeric(14,2), has at most 14.
 */
export const toMoney = (value: string | number | null | undefined): number => Number(value ?? 0);

/**
 * A money column or SQL aggregate (or a rate, which the API has always given as a number too),
 * selected as the API's number: the one place where numeric becomes
 * a number. Sums are still taken in SQL, exactly; only the result crosses to JavaScript.
 */
export function moneyValue(value: Column | SQL | SQL.Aliased): SQL<number> {
  return sql<number>`${value}`.mapWith(toMoney);
}
