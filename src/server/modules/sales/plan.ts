import { eq, sql } from 'drizzle-orm';
import { formatMoney } from '../../../domain/format';
import {
  CANCELLED_PLAN_MESSAGE,
  SALE_PLAN_SUM_MESSAGE,
  type SalePlanRequest,
} from '../../../domain/payment-plans';
import type { Database } from '../../db/client';
import { saleInstalments, sales } from '../../db/schema';
import { badRequest, conflict } from '../../lib/http-errors';
import { type AuditActor, record } from '../audit';
import type { AuthUser } from '../auth';
import { loadSale } from './detail';
import { amountsSum, lockSale } from './queries';
import { assertWhole } from './sale-currency';
import { COMPLETED_MESSAGE, scopeFor } from './service';

/** A plan in the audit trail: "2027-01-10 500.00; 2027-02-10 500.00", or null without one. */
const planText = (rows: readonly { dueDate: string; amount: string }[]) =>
  rows.length ? rows.map((r) => `${r.dueDate} ${r.amount}`).join('; ') : null;

/**
 * Replaces the plan (docs/decisions/0104-payment-plans.md) of a sale the actor may edit (a seller only their own), sorted by due date (the
 * order typed is kept among the same day's instalments). The amounts must add up to the sale's total
 * exactly; an empty list removes the plan.
 */
export async function savePlan(
  db: Database,
  actor: AuthUser,
  id: number,
  plan: SalePlanRequest,
  audit: AuditActor,
) {
  const scope = scopeFor(actor);
  await db.transaction(async (tx) => {
    const current = await lockSale(tx, id, scope);
    if (current.status === 'cancelled') throw conflict(CANCELLED_PLAN_MESSAGE);
    if (current.status === 'completed') throw conflict(COMPLETED_MESSAGE);
    assertWhole(
      current.currency,
      plan.instalments.map((instalment, index) => ({
        path: `instalments.${index}.amount`,
        amount: instalment.amount,
      })),
    );
    // A stable sort: the order typed stays among the same day's instalments.
    const rows = plan.instalments
      .map(({ dueDate, amount }) => ({ saleId: id, dueDate, amount }))
      .sort((a, b) => a.dueDate.localeCompare(b.dueDate));
    if (rows.length) {
      const [sum] = await tx
        .select({
          adds: sql<boolean>`${amountsSum(rows.map((r) => r.amount))} = ${sales.salePrice}`,
          total: sales.salePrice,
        })
        .from(sales)
        .where(eq(sales.id, id));
      if (!sum?.adds) {
        const message = SALE_PLAN_SUM_MESSAGE(formatMoney(sum?.total ?? 0, current.currency, 'es'));
        throw badRequest(message, [{ path: 'instalments', message }]);
      }
    }
    const before = await tx.delete(saleInstalments).where(eq(saleInstalments.saleId, id)).returning({
      dueDate: saleInstalments.dueDate,
      amount: saleInstalments.amount,
      id: saleInstalments.id,
    });
    before.sort((a, b) => (a.dueDate === b.dueDate ? a.id - b.id : a.dueDate < b.dueDate ? -1 : 1));
    const after = rows.length
      ? await tx.insert(saleInstalments).values(rows).returning({
          dueDate: saleInstalments.dueDate,
          amount: saleInstalments.amount,
        })
      : [];
    const from = planText(before);
    const to = planText(after);
    if (from === to) return;
    await tx
      .update(sales)
      .set({ version: sql`${sales.version} + 1`, updatedAt: new Date() })
      .where(eq(sales.id, id));
    const changes = [{ field: 'plan de pagos', from, to }];
    await record(tx, audit, { action: 'update', entity: 'sale', entityId: id, changes });
  });
  return loadSale(db, id, scope);
}
