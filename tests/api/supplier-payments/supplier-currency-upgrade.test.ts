import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { releaseBefore, rowsOf } from '../../helpers/scratch-databases';
import { insertUser } from '../../helpers/test-app';

/*
 * Migration supplier_currency_costs (docs/decisions/0090-supplier-costs-per-currency.md) on a database of
 * the release before it: each supplier share learns its sale's currency and its cost in it, and the
 * per-currency totals start from the counted shares (drafts and cancelled sales owe nothing).
 */

const start = releaseBefore('0036_supplier_currency_costs');

describe('upgrading the supplier shares to costs per currency', () => {
  it("fills each share's currency and own cost, and the counted totals per currency", async () => {
    const database = await start.open();
    try {
      const { db } = database;
      const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query))[0] as T;
      const id = async (query: ReturnType<typeof sql>) => (await one<{ id: number }>(query)).id;
      const seller = await insertUser(db, 'sales', 'antes_monedas');
      const client = await id(sql`insert into clients (name) values ('Cliente') returning id`);
      const supplier = await id(sql`insert into suppliers (name) values ('Hotel') returning id`);
      const operator = await id(sql`insert into operators (name) values ('Operador') returning id`);
      const kind = await id(sql`insert into classifications (name) values ('Hotel') returning id`);
      const sale = (status: string, currency: string, rate: string) =>
        id(sql`insert into sales (passenger_name, client_id, seller_id, travel_date, sale_type, service_type,
          region, sale_price, status, currency, exchange_rate) values ('Antiguo', ${client}, ${seller.id},
          '2031-06-01', 'individual', 'package', 'national', '0', ${status}, ${currency}, ${rate}) returning id`);
      const item = (saleId: number, cost: string) =>
        db.execute(sql`insert into sale_items (sale_id, classification_id, supplier_id, operator_id, sale_price,
          cost_price) values (${saleId}, ${kind}, ${supplier}, ${operator}, ${cost}, ${cost})`);
      const pesos = await sale('confirmed', 'CLP', '0.001');
      await item(pesos, '1250000');
      await item(pesos, '250000');
      const dollars = await sale('completed', 'USD', '1');
      await item(dollars, '400.50');
      const draft = await sale('draft', 'CLP', '0.001');
      await item(draft, '999000');

      await database.migrate();

      const shares = rowsOf(
        await db.execute(sql`select sale_id, currency, own_cost, cost, counted from supplier_sales
          order by sale_id`),
      );
      expect(shares).toEqual([
        { sale_id: pesos, currency: 'CLP', own_cost: '1500000.00', cost: '1500.00', counted: true },
        { sale_id: dollars, currency: 'USD', own_cost: '400.50', cost: '400.50', counted: true },
        { sale_id: draft, currency: 'CLP', own_cost: '999000.00', cost: '999.00', counted: false },
      ]);
      const totals = rowsOf(
        await db.execute(sql`select currency, total_cost from supplier_currency_totals
          where supplier_id = ${supplier} order by currency`),
      );
      expect(totals).toEqual([
        { currency: 'CLP', total_cost: '1500000.00' },
        { currency: 'USD', total_cost: '400.50' },
      ]);
    } finally {
      await database.close();
    }
  });
});
