import { eq } from 'drizzle-orm';
import type { PaymentCreate, PaymentUpdate } from '../../../domain/payments';
import type { Database } from '../../db/client';
import { payments } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-errors';
import { type AuditActor, diff, record } from '../audit';
import type { AuthUser } from '../auth';
import { lockSale, type SaleScope, scopeFor } from '../sales';
import { loadPayment, PAYMENT_NOT_FOUND } from './queries';
import { assertUsdValue, rateFor, saleAmountOf } from './valuation';

const CANCELLED_SALE_MESSAGE = 'No se pueden registrar pagos en una venta cancelada';

/**
 * Payments are registered by an admin, the seller of that sale, or finance (who sees every sale and
 * collects; docs/decisions/0043-finance-registers-payments.md). The sale row is locked first, so a
 * cancellation sent at the same moment either sees this payment (and is refused) or is seen by it
 * (docs/decisions/0012).
 */
export async function createPayment(db: Database, actor: AuthUser, input: PaymentCreate, audit: AuditActor) {
  const id = await db.transaction(async (tx) => {
    const sale = await lockSale(tx, input.saleId, scopeFor(actor));
    if (sale.status === 'cancelled') throw conflict(CANCELLED_SALE_MESSAGE);
    // The original client's body names no currency: the payment is then in the sale's.
    const currency = input.currency ?? sale.currency;
    const rate = await rateFor(tx, currency, input.exchangeRate, input.date);
    assertUsdValue(input.amount, rate.exchangeRate);
    const payment = { amount: input.amount, currency, ...rate, day: input.date };
    const saleAmount = await saleAmountOf(tx, payment, sale);
    const [row] = await tx
      .insert(payments)
      .values({
        saleId: sale.id,
        paymentDate: input.date,
        amount: input.amount,
        currency,
        ...rate,
        saleAmount,
        method: input.method,
        reference: input.reference,
        status: input.status,
        createdBy: actor.id,
      })
      .returning();
    if (!row) throw new Error('payment insert returned no row');
    await record(tx, audit, {
      action: 'create',
      entity: 'payment',
      entityId: row.id,
      changes: diff({}, row),
    });
    return row.id;
  });
  return loadPayment(db, id, {});
}

/**
 * Changes the fields the body names; the others keep their stored values. The frozen rate stays unless
 * the body changes the currency or the date (then that currency's rate of the payment's day, unless the
 * rate was typed) or types a rate.
 */
export async function updatePayment(
  db: Database,
  actor: AuthUser,
  id: number,
  input: PaymentUpdate,
  audit: AuditActor,
) {
  const scope = scopeFor(actor);
  await db.transaction(async (tx) => {
    const { payment: before, sale } = await lockPaymentOfOpenSale(tx, id, scope);
    const currency = input.currency ?? before.currency;
    const day = input.date ?? before.paymentDate;
    // A typed rate stays when only the date moves; a rate taken from Configuraciones follows the day.
    const redated = day !== before.paymentDate && !before.rateEdited;
    const rate =
      input.exchangeRate !== undefined || currency !== before.currency || redated
        ? await rateFor(tx, currency, input.exchangeRate, day)
        : { exchangeRate: before.exchangeRate, rateEdited: before.rateEdited };
    const amount = input.amount ?? before.amount;
    assertUsdValue(amount, rate.exchangeRate);
    const saleAmount = await saleAmountOf(tx, { amount, currency, ...rate, day }, sale);
    // Drizzle leaves a column whose value is undefined out of the SET list.
    const [after] = await tx
      .update(payments)
      .set({
        paymentDate: input.date,
        amount: input.amount,
        currency,
        ...rate,
        saleAmount,
        method: input.method,
        reference: input.reference,
        status: input.status,
        updatedAt: new Date(),
      })
      .where(eq(payments.id, id))
      .returning();
    const changes = diff(before, after ?? {});
    await record(tx, audit, { action: 'update', entity: 'payment', entityId: id, changes });
  });
  return loadPayment(db, id, scope);
}

/**
 * A pending payment becomes money received: it then counts toward the sale's Total Pagado. Finance
 * may do this too (docs/decisions/0043-finance-registers-payments.md); confirming twice is a 409.
 */
export async function confirmPayment(db: Database, actor: AuthUser, id: number, audit: AuditActor) {
  const scope = scopeFor(actor);
  await db.transaction(async (tx) => {
    const { payment: before } = await lockPaymentOfOpenSale(tx, id, scope);
    if (before.status !== 'pending') throw conflict('El pago ya está confirmado');
    await tx.update(payments).set({ status: 'confirmed', updatedAt: new Date() }).where(eq(payments.id, id));
    const changes = [{ field: 'status', from: 'pending', to: 'confirmed' }];
    await record(tx, audit, { action: 'status', entity: 'payment', entityId: id, changes });
  });
  return loadPayment(db, id, scope);
}

/**
 * The payment's row as stored, with its sale locked (so a cancellation cannot pass beside the change),
 * 404 outside the caller's scope and 409 on a cancelled sale.
 */
async function lockPaymentOfOpenSale(tx: Database, id: number, scope: SaleScope) {
  const current = await loadPayment(tx, id, scope);
  const sale = await lockSale(tx, current.saleId, scope);
  if (sale.status === 'cancelled') throw conflict(CANCELLED_SALE_MESSAGE);
  const [row] = await tx.select().from(payments).where(eq(payments.id, id));
  if (!row) throw notFound(PAYMENT_NOT_FOUND);
  return { payment: row, sale };
}

export async function deletePayment(db: Database, actor: AuthUser, id: number, audit: AuditActor) {
  await loadPayment(db, id, scopeFor(actor));
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(payments).where(eq(payments.id, id)).returning();
    // Deleted meanwhile by a parallel call: that call answered 200 and recorded it; this one did nothing.
    if (!row) throw notFound(PAYMENT_NOT_FOUND);
    await record(tx, audit, { action: 'delete', entity: 'payment', entityId: id, changes: diff(row, {}) });
  });
}
