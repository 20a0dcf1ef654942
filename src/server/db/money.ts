import { type Column, type SQL, sql } from 'drizzle-orm';

/*
 * The one place where PostgreSQL's numbers become the API's (docs/decisions/0048-one-money-mapper.md):
 * amounts and rates arrive as exact decimal text, counts as bigint (text from node-postgres). Every
 * module reads them through these functions; `npm run lint` (scripts/check-money.mjs) refuses any
 * other conversion under src/server/modules, lib and demo.
 */

/** An ISO 4217 code. A literal ('USD') where the currency is known; `Currency` where a row's column says it. */
export type Currency = string;

declare const currencyTag: unique symbol;

/**
 * An amount in currency C: a plain number at run time and in JSON, tagged for the compiler only. An
 * amount in one currency cannot be passed where another's is expected (a `Money<Currency>` of a row's
 * own currency is not a `Money<'USD'>`), and arithmetic on amounts gives a bare number, which is no
 * currency's amount: amounts become Money only here, from the database's exact text.
 */
export type Money<C extends Currency> = number & { readonly [currencyTag]: C };

/** A money column or SQL expression (a sum, a balance), or an aliased one of a subquery. */
type Numeric = Column | SQL | SQL.Aliased;

/**
 * The one conversion: exact decimal text (or a bigint count) as a number; none (an empty sum) is 0. A
 * double prints any numeric(14,2) back unchanged (at most 14 significant digits).
 */
const fromDatabase = (value: string | number | bigint | null | undefined): number => Number(value ?? 0);

/**
 * Decimal text from a raw row (`db.execute`) or a JSON copy as an amount in `currency`; a missing sum
 * is 0. Takes text only: a number already in JavaScript is no amount read from the database.
 */
export const toMoney = <C extends Currency>(value: string | null | undefined, _currency: C | Column) =>
  fromDatabase(value) as Money<C>;

/**
 * An amount selected for the API: the sum or balance is still taken in SQL, exactly; only the result
 * crosses to JavaScript, tagged with its currency. `currency` is the code, or the row's currency column
 * for a row that records its own (the amount is then a `Money<Currency>`, to be converted before it
 * meets a USD one). The argument is for the compiler: the reply carries the number alone.
 */
export function moneyValue<C extends Currency>(value: Numeric, _currency: C | Column): SQL<Money<C>> {
  return sql`${value}`.mapWith(fromDatabase) as SQL<Money<C>>;
}

/** A currency's value in USD (numeric(18,8)), which the API has always given as a number. */
export function rateValue(value: Numeric): SQL<number> {
  return sql<number>`${value}`.mapWith(fromDatabase);
}

/** A percentage PostgreSQL computes (a report's margin); null where it has none (nothing sold). */
export function percentValue(value: Numeric): SQL<number | null> {
  return sql<number | null>`${value}`.mapWith(fromDatabase);
}

/** A percentage kept as numeric (a commission rule's, 0 to 100), from a row or a raw row's text. */
export const toPercent = (value: string): number => fromDatabase(value);

/** A rate from a raw row or a column read as text (a write checking the rate it keeps). */
export const toRate = (value: string): number => fromDatabase(value);

/** A count of a raw row: PostgreSQL's count(*) and sums of counts are bigint, text from node-postgres. */
export const toCount = fromDatabase;

/** A count (or a sum of counts) selected as a number; none (an empty sum) is 0. */
export function countValue(value: Numeric): SQL<number> {
  return sql<number>`${value}`.mapWith(fromDatabase);
}

/** The `fields` of T, amounts as text, as amounts in currency C. */
type WithMoney<T, K extends keyof T, C extends Currency> = Omit<T, K> & { [F in K]: Money<C> };

/**
 * A list of objects built as JSON in SQL (json_agg of json_build_object, amounts cast to text so they
 * arrive exact) or kept in a json column, with its amount `fields` read like `moneyValue`'s.
 */
export function moneyInList<T, K extends keyof T, C extends Currency>(
  list: SQL<T[]>,
  fields: readonly K[],
  currency: C | Column,
): SQL<WithMoney<T, K, C>[]> {
  const withMoney = (row: T) => {
    const amounts = Object.fromEntries(fields.map((f) => [f, toMoney(row[f] as string, currency)]));
    return { ...row, ...amounts } as WithMoney<T, K, C>;
  };
  return sql`${list}`.mapWith((rows: T[]) => rows.map(withMoney)) as SQL<WithMoney<T, K, C>[]>;
}

/**
 * A row PostgreSQL built as JSON text with its amounts as JSON numbers (a sales list row), as a value:
 * JSON.parse reads each number's exact decimal text as `fromDatabase` does. For readers in Node of
 * rows that the list sends on as text (the export, the global search).
 */
export const fromJsonRow = <T>(text: string): T => JSON.parse(text) as T;
