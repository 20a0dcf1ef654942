import { and, asc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import { agencyToday } from '../../../domain/agency-day';
import type { StatementQuery } from '../../../domain/documents';
import type { ReceivableClientReply } from '../../../domain/reports';
import type { Database } from '../../db/client';
import { moneyValue } from '../../db/money';
import { clients, payments, sales } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import type { AuthUser } from '../auth';
import { getCompanySettings } from '../company';
import { receivableClient } from '../reports';
import { salePaid, salePaidAmount, salePending, scopeFor, sellerCondition } from '../sales';

/**
 * A client's statement: the sales created (on the agency's day) and the confirmed payments dated in
 * the range, and what the client owes today with its aging exactly as Cobranza computes it (the reports
 * module's `receivableClient`). A seller's statement holds only the seller's own sales.
 */
export async function statementData(db: Database, clientId: number, user: AuthUser, range: StatementQuery) {
  const scope = scopeFor(user);
  const [client] = await db
    .select({
      id: clients.id,
      name: clients.name,
      clientId: clients.clientId,
      email: clients.email,
      address: clients.address,
    })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (!client) throw notFound('Cliente no encontrado');
  const company = await getCompanySettings(db);
  const today = agencyToday(company.timeZone);
  const ofClient = and(
    eq(sales.clientId, clientId),
    ne(sales.status, 'cancelled'),
    sellerCondition(sales.sellerId, scope),
  );
  const creationDay = sql<string>`f_agency_day(${sales.creationDate})::text`;
  const [saleRows, paymentRows, receivable] = await Promise.all([
    db
      .select({
        id: sales.id,
        date: creationDay,
        passengerName: sales.passengerName,
        travelDate: sales.travelDate,
        status: sales.status,
        currency: sales.currency,
        total: moneyValue(sales.salePrice, sales.currency),
        paid: moneyValue(salePaidAmount, sales.currency),
        pending: moneyValue(salePending, sales.currency),
      })
      .from(sales)
      .innerJoinLateral(salePaid, sql`true`)
      .where(
        and(
          ofClient,
          range.from ? sql`${creationDay} >= ${range.from}` : undefined,
          range.to ? sql`${creationDay} <= ${range.to}` : undefined,
        ),
      )
      .orderBy(asc(sales.creationDate), asc(sales.id)),
    db
      .select({
        receiptNumber: payments.receiptNumber,
        date: payments.paymentDate,
        saleId: payments.saleId,
        method: payments.method,
        reference: payments.reference,
        currency: payments.currency,
        amount: moneyValue(payments.amount, payments.currency),
      })
      .from(payments)
      .innerJoin(sales, eq(sales.id, payments.saleId))
      .where(
        and(
          ofClient,
          eq(payments.status, 'confirmed'),
          range.from ? gte(payments.paymentDate, range.from) : undefined,
          range.to ? lte(payments.paymentDate, range.to) : undefined,
        ),
      )
      .orderBy(asc(payments.paymentDate), asc(payments.receiptNumber)),
    receivableClient(db, clientId, today, scope),
  ]);
  return { company, client, today, range, sales: saleRows, payments: paymentRows, receivable };
}

export type StatementData = Awaited<ReturnType<typeof statementData>>;
export type StatementAging = ReceivableClientReply['client'];
