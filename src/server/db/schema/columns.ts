import { sql } from 'drizzle-orm';
import { numeric, timestamp } from 'drizzle-orm/pg-core';

/*
 * The column kinds the tables share. Money stays PostgreSQL numeric, read by Drizzle as exact decimal
 * text (what writes and the audit trail use); the API's number is made from it in one place,
 * `moneyValue` in db/money.ts (docs/decisions/0025-money-at-the-edge.md, 0048-one-money-mapper.md).
 */

/** An amount of one record: up to 999,999,999,999.99. */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
/** A sum of amounts kept by triggers, two digits wider than the amounts it adds. */
export const moneySum = (name: string) => numeric(name, { precision: 16, scale: 2 });
/** Chilean pesos of a tax document (DTE): whole pesos only, as the SII takes them. */
export const pesos = (name: string) => numeric(name, { precision: 14, scale: 0 });
/**
 * A currency's value in USD (or its inverse), to sixteen decimals: "1 USD = 945 CLP" is 0.0010582010582011,
 * fourteen significant digits, where eight decimals kept six (docs/decisions/0085-sale-currency.md).
 */
export const rate = (name: string) => numeric(name, { precision: 28, scale: 16 });
/** A USD value computed from an amount and its frozen rate: two digits wider than an amount. */
export const usdMoney = (name: string) => numeric(name, { precision: 16, scale: 2 });
/** A point in time, stored with its time zone. */
export const instant = (name: string) => timestamp(name, { withTimezone: true });
export const createdAt = () => instant('created_at').notNull().defaultNow();
export const updatedAt = () => instant('updated_at').notNull().defaultNow();
/** A check constraint's list of allowed values ('a', 'b'), from the domain's constant. */
export const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
