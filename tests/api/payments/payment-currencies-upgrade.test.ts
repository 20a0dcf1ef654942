import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { releaseBefore, rowsOf } from '../../helpers/scratch-databases';
import { insertUser } from '../../helpers/test-app';

/*
 * Migration payment_currencies (docs/decisions/0055-payments-in-any-currency.md) on a database of the release
 * before it: every payment so far is in USD and gets rate 1; a hand-made one in pesos takes the peso's rate;
 * the kept balances then count the USD values.
 */

const start = releaseBefore('0021_payment_currencies');

describe('upgrading payments to currencies', () => {
  it('backfills the rate and the USD value, and rebuilds the balances on them', async () => {
    const database = await start.open();
    try {
      const { db } = database;
      const seller = await insertUser(db, 'sales', 'antes_pesos');
      await db.execute(
        sql`insert into currency_rates (currency, rate, is_active) values ('CLP', '0.00105', true)`,
      );
      const [client] = rowsOf<{ id: number }>(
        await db.execute(sql`insert into clients (name) values ('Cliente antiguo') returning id`),
      );
      const [sale] = rowsOf<{ id: number }>(
        await db.execute(sql`insert into sales (passenger_name, client_id, seller_id, travel_date, sale_type,
          service_type, region, sale_price) values ('Antiguo', ${client?.id}, ${seller.id}, '2031-01-01',
          'individual', 'package', 'national', '1000.00') returning id`),
      );
      await db.execute(sql`insert into payments (sale_id, payment_date, amount, currency) values
        (${sale?.id}, '2030-01-01', '100.10', 'USD'), (${sale?.id}, '2030-01-02', '100000', 'CLP')`);

      await database.migrate();

      const payments = rowsOf<Record<string, string | boolean>>(
        await db.execute(
          sql`select currency, exchange_rate, rate_edited, usd_amount from payments order by id`,
        ),
      );
      expect(payments).toEqual([
        { currency: 'USD', exchange_rate: '1.0000000000000000', rate_edited: false, usd_amount: '100.10' },
        { currency: 'CLP', exchange_rate: '0.0010500000000000', rate_edited: false, usd_amount: '105.00' },
      ]);
      const balances = rowsOf(await db.execute(sql`select paid, pending from sale_balances`));
      expect(balances).toEqual([{ paid: '205.10', pending: '794.90' }]);
      const nullable = rowsOf(
        await db.execute(sql`select column_name from information_schema.columns where table_name = 'payments'
          and column_name in ('exchange_rate', 'usd_amount') and is_nullable = 'YES'`),
      );
      expect(nullable).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
