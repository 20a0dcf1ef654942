import { eq } from 'drizzle-orm';
import type { PaymentCreate, PaymentUpdate } from '../../../domain/payments';
import type { Database } from '../../db/client';
import { payments } from '../../db/schema';
import { conflict } from '../../lib/http-errors';
import type { AuthUser } from '../auth';
import { loadSale, scopeFor } from '../sales';
import { loadPayment } from './queries';

/** Payments are written by whoever may edit the sale: an admin, or the seller of that sale. */
export async function createPayment(db: Database, actor: AuthUser, input: PaymentCreate) {
  const sale = await loadSale(db, input.saleId, scopeFor(actor));
  if (sale.status === 'cancelled') throw conflict('No se pueden registrar pagos en una venta cancelada');
  const [row] = await db
    .insert(payments)
    .values({
      saleId: sale.id,
      paymentDate: input.date,
      amount: input.amount,
      currency: sale.currency,
      method: input.method,
      reference: input.reference,
      status: input.status,
      createdBy: actor.id,
    })
    .returning({ id: payments.id });
  if (!row) throw new Error('payment insert returned no row');
  return loadPayment(db, row.id, {});
}

export async function updatePayment(db: Database, actor: AuthUser, id: number, input: PaymentUpdate) {
  const scope = scopeFor(actor);
  await loadPayment(db, id, scope);
  await db
    .update(payments)
    .set({
      paymentDate: input.date,
      amount: input.amount,
      method: input.method,
      reference: input.reference,
      status: input.status,
      updatedAt: new Date(),
    })
    .where(eq(payments.id, id));
  return loadPayment(db, id, scope);
}

export async function deletePayment(db: Database, actor: AuthUser, id: number) {
  await loadPayment(db, id, scopeFor(actor));
  await db.delete(payments).where(eq(payments.id, id));
}
