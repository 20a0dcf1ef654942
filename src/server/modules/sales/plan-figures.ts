import { type SQL, sql } from 'drizzle-orm';
import { saleInstalments, sales } from '../../db/schema';

/*
 * A sale's payment plan (docs/decisions/0104-payment-plans.md). Only due dates and amounts are
 * stored; each instalment's paid part is computed when read: the confirmed payments (`paid`, in the
 * sale's currency) fill the instalments in due order, so instalment n received
 * greatest(0, least(amount, paid - what the instalments before it add)). Numeric all along.
 */

/** The detail's `plan` as JSON text for the sale of the outer query, given what was paid on it. */
export function planJson(paid: SQL): SQL {
  const i = saleInstalments;
  const before = sql`(sum(${i.amount}) over (order by ${i.dueDate}, ${i.id}) - ${i.amount})`;
  const filled = sql`greatest(0, least(p.amount, ${paid} - p.before))`;
  const status = sql`case when p.amount - ${filled} <= 0 then 'paid'
    when p.due_date < f_agency_day(now()) then 'overdue' else 'due' end`;
  const object = sql`'{"id":' || p.id || ',"dueDate":' || to_json(p.due_date)::text || ',"amount":' || p.amount
    || ',"paidAmount":' || ${filled} || ',"pendingAmount":' || (p.amount - ${filled})
    || ',"status":"' || ${status} || '"}'`;
  return sql`'[' || coalesce((select string_agg(${object}, ',' order by p.due_date, p.id)
    from (select ${i.id} as id, ${i.dueDate} as due_date, ${i.amount} as amount, ${before} as before
      from ${i} where ${i.saleId} = ${sales.id}) p), '') || ']'`;
}

/** The plan adds up to something other than the sale's total (its items were edited since). */
export const planMismatch = sql`coalesce((select sum(${saleInstalments.amount}) <> ${sales.salePrice}
  from ${saleInstalments} where ${saleInstalments.saleId} = ${sales.id}), false)`;
