import { and, eq, inArray } from 'drizzle-orm';
import { agencyHour, agencyToday } from '../../../domain/agency-day';
import { ALERTS_DEFAULT_DAYS, ALERTS_DEFAULT_LIMIT } from '../../../domain/alerts';
import { addDays } from '../../../domain/report-params';
import type { Database } from '../../db/client';
import { clients, reminderSlots, sales, users } from '../../db/schema';
import { loadAlerts } from '../alerts';
import { getCompanySettings } from '../company';
import { enqueueEmail } from '../emails';
import { clientReminderText, digestText } from './texts';

/** What one tick did: too early in the agency's day, the day's reminders queued already, or queued now. */
export type ReminderOutcome = 'before-hour' | 'claimed-already' | 'queued';

/** Client reminders read at most this many sales departing on the day (a day's departures of one agency). */
const CLIENT_REMINDERS_LIMIT = 500;

/**
 * The day's reminders, queued in `tx`: one digest per active seller with alerts on their sales, one
 * company digest per active admin, and, when Configuraciones asks for them, one payment reminder per
 * client with a balance on a sale departing in `clientReminderDays` days. Each carries an idempotency
 * key of its person (or sale) and day, so queueing the same day twice queues nothing more.
 */
export async function queueDayReminders(tx: Database, today: string): Promise<number> {
  const company = await getCompanySettings(tx);
  const staff = await tx
    .select({ id: users.id, username: users.username, email: users.email, role: users.role })
    .from(users)
    .where(and(eq(users.isActive, true), inArray(users.role, ['sales', 'admin'])))
    .orderBy(users.id);
  let queued = 0;
  for (const person of staff) {
    const own = person.role === 'sales';
    const alerts = await loadAlerts(tx, own ? { sellerId: person.id } : {}, {
      today,
      days: ALERTS_DEFAULT_DAYS,
      limit: ALERTS_DEFAULT_LIMIT,
      numberFormat: company.numberFormat,
    });
    const digest = digestText({ username: person.username, company: !own }, today, alerts);
    // Nothing to do today is no e-mail: a daily "nothing" teaches people to ignore the reminders.
    if (digest.total === 0) continue;
    const result = await enqueueEmail(tx, {
      kind: 'reminder',
      to: [person.email],
      subject: digest.subject,
      body: digest.body,
      idempotencyKey: `reminder:${person.id}:${today}`,
    });
    if (result.created) queued++;
  }
  if (company.clientPaymentReminders) queued += await queueClientReminders(tx, today, company);
  return queued;
}

async function queueClientReminders(
  tx: Database,
  today: string,
  company: Awaited<ReturnType<typeof getCompanySettings>>,
) {
  // The balances alert of the day `clientReminderDays` ahead: the sales departing that very day.
  const departing = await loadAlerts(
    tx,
    {},
    {
      today: addDays(today, company.clientReminderDays),
      days: 0,
      limit: CLIENT_REMINDERS_LIMIT,
      numberFormat: company.numberFormat,
    },
  );
  const due = departing.alerts.filter((a) => a.kind === 'client-balance');
  if (due.length === 0) return 0;
  const recipients = await tx
    .select({ saleId: sales.id, name: clients.name, email: clients.email })
    .from(sales)
    .innerJoin(clients, eq(clients.id, sales.clientId))
    .where(
      inArray(
        sales.id,
        due.map((a) => a.saleId),
      ),
    );
  let queued = 0;
  for (const alert of due) {
    const client = recipients.find((r) => r.saleId === alert.saleId);
    // A client without an e-mail gets no reminder; the seller's digest lists the balance anyway.
    if (!client?.email) continue;
    const text = clientReminderText(
      client,
      {
        id: alert.saleId,
        travelDate: alert.travelDate,
        pending: alert.amount ?? 0,
        currency: alert.currency ?? 'USD',
      },
      company,
    );
    const result = await enqueueEmail(tx, {
      kind: 'reminder',
      saleId: alert.saleId,
      to: [client.email],
      ...text,
      idempotencyKey: `client-reminder:${alert.saleId}:${today}`,
    });
    if (result.created) queued++;
  }
  return queued;
}

/**
 * One look at the clock: from the agency's reminder hour on, the first tick of the agency's day claims
 * the day and queues its reminders, in one transaction. Of several servers ticking at once the claim's
 * primary key lets one through (the others wait for its commit, then find the day taken); a server that
 * fails half way rolls its claim back with its messages, and the next tick tries again.
 */
export async function tickReminders(db: Database, now: Date): Promise<ReminderOutcome> {
  const company = await getCompanySettings(db);
  if (agencyHour(company.timeZone, now) < company.reminderHour) return 'before-hour';
  const agencyDay = agencyToday(company.timeZone, now);
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(reminderSlots)
      .values({ agencyDay })
      .onConflictDoNothing()
      .returning({ agencyDay: reminderSlots.agencyDay });
    if (claimed.length === 0) return 'claimed-already';
    await queueDayReminders(tx, agencyDay);
    return 'queued';
  });
}
