import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { releaseBefore, rowsOf } from '../../helpers/scratch-databases';
import { insertUser } from '../../helpers/test-app';

/*
 * Migration supplier_dues_directed (docs/decisions/0088-supplier-payments-go-where-told.md) on a database
 * of the release before it: drafts leave the supplier figures, and the payments already made for some sales
 * are allocated to them in the order they were made.
 */

const start = releaseBefore('0035_supplier_dues_directed');

describe('upgrading the supplier dues to directed payments', () => {
  it('leaves drafts out and allocates the payments linked to sales, oldest payment first', async () => {
    const database = await start.open();
    try {
      const { db } = database;
      const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query))[0] as T;
      const id = async (query: ReturnType<typeof sql>) => (await one<{ id: number }>(query)).id;
      const seller = await insertUser(db, 'sales', 'antes_dirigidos');
      const client = await id(sql`insert into clients (name) values ('Cliente') returning id`);
      const supplier = await id(sql`insert into suppliers (name) values ('Proveedor') returning id`);
      const operator = await id(sql`insert into operators (name) values ('Operador') returning id`);
      const kind = await id(sql`insert into classifications (name) values ('Hotel') returning id`);
      const sale = (status: string) =>
        id(sql`insert into sales (passenger_name, client_id, seller_id, travel_date, sale_type, service_type,
          region, sale_price, status) values ('Antiguo', ${client}, ${seller.id}, '2031-06-01', 'individual',
          'package', 'national', '1000.00', ${status}) returning id`);
      const item = (saleId: number, cost: string, due: string) =>
        db.execute(sql`insert into sale_items (sale_id, classification_id, supplier_id, operator_id, sale_price,
          cost_price, payment_date) values (${saleId}, ${kind}, ${supplier}, ${operator}, '500.00', ${cost}, ${due})`);
      const older = await sale('confirmed');
      await item(older, '100.00', '2031-01-01');
      const newer = await sale('confirmed');
      await item(newer, '150.00', '2031-03-01');
      await item(newer, '50.00', '2031-03-05');
      const draft = await sale('draft');
      await item(draft, '300.00', '2031-02-01');
      const pay = (amount: string) =>
        id(sql`insert into supplier_payments (supplier_id, amount, currency, rate_to_usd, amount_usd, payment_date,
          description, payment_method) values (${supplier}, ${amount}, 'USD', 1, ${amount}, '2030-12-01',
          'Pago', 'transfer') returning id`);
      for (const amount of ['200.00', '50.00']) {
        await db.execute(sql`insert into supplier_payment_sales (supplier_payment_id, sale_id)
          values (${await pay(amount)}, ${newer})`);
      }

      await database.migrate();

      const allocated = rowsOf<{ allocated: string }>(
        await db.execute(sql`select allocated from supplier_payment_sales order by supplier_payment_id`),
      );
      expect(allocated.map((r) => r.allocated)).toEqual(['200.00', '0.00']);
      const dues = rowsOf(
        await db.execute(sql`select sale_id, cost, open_cost from supplier_dues order by item_id`),
      );
      expect(dues).toEqual([
        { sale_id: older, cost: '100.00', open_cost: '100.00' },
        { sale_id: newer, cost: '150.00', open_cost: '0.00' },
        { sale_id: newer, cost: '50.00', open_cost: '0.00' },
      ]);
      expect(
        await one(sql`select sales_count, total_cost from supplier_totals where supplier_id = ${supplier}`),
      ).toEqual({ sales_count: 2, total_cost: '300.00' });
      const months = rowsOf(
        await db.execute(sql`select month::text, cost, items_count, open_cost from supplier_due_months
          order by month`),
      );
      expect(months).toEqual([
        { month: '2031-01-01', cost: '100.00', items_count: 1, open_cost: '100.00' },
        { month: '2031-03-01', cost: '200.00', items_count: 2, open_cost: '0.00' },
      ]);
    } finally {
      await database.close();
    }
  });
});
