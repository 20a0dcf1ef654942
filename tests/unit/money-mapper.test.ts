// @vitest-environment node
import type { SQL } from 'drizzle-orm';
import { numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type Currency, type Money, moneyValue, toMoney } from '../../src/server/db/money';

/** A row that records its own currency, as a supplier payment does. */
const paid = pgTable('paid', { amount: numeric('amount'), currency: text('currency') });

describe('the money mapper (src/server/db/money.ts, decision 0048)', () => {
  it('gives a plain number, exact to the cent, that JSON writes as one', () => {
    const amount = toMoney('1500.50', 'USD');
    expect(amount).toBe(1500.5);
    expect(JSON.stringify({ amount, none: toMoney(null, 'USD') })).toBe('{"amount":1500.5,"none":0}');
  });

  it('tags the currency for the compiler: no amount passes for another currency', () => {
    expectTypeOf(toMoney('1', 'USD')).toEqualTypeOf<Money<'USD'>>();
    expectTypeOf(toMoney('1', 'CLP')).not.toExtend<Money<'USD'>>();
    // The row's own currency is some currency: it needs a conversion before it meets a USD amount.
    expectTypeOf(moneyValue(paid.amount, paid.currency)).toEqualTypeOf<SQL<Money<Currency>>>();
    expectTypeOf(moneyValue(paid.amount, 'USD')).toEqualTypeOf<SQL<Money<'USD'>>>();
    expectTypeOf<Money<Currency>>().not.toExtend<Money<'USD'>>();
    // Arithmetic gives a bare number, which is no currency's amount; an amount is still a number.
    const usd = toMoney('1', 'USD');
    expectTypeOf(usd + toMoney('1', 'CLP')).not.toExtend<Money<'USD'>>();
    expectTypeOf(usd).toExtend<number>();
    expectTypeOf<number>().not.toExtend<Money<'USD'>>();
  });
});
