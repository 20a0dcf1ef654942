import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial } from 'drizzle-orm/pg-core';
import { money } from './columns';
import { sales } from './sales';

/**
 * A sale's payment plan (docs/decisions/0104-payment-plans.md): the deposit and the staged balances
 * the client owes before departure, in the sale's currency. Only the due dates and amounts are kept:
 * what each instalment has received is computed from the confirmed payments, filling the oldest
 * first, so a payment recorded, edited or voided never leaves a stored figure behind.
 */
export const saleInstalments = pgTable(
  'sale_instalments',
  {
    id: serial('id').primaryKey(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [
    check('sale_instalments_amount_check', sql`${t.amount} > 0`),
    // A sale's instalments in due order, with the amount in the key: the detail and Cobranza read it alone.
    index('sale_instalments_sale_due_idx').on(t.saleId, t.dueDate, t.id, t.amount),
  ],
);
