import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../../src/domain/format';
import { buildApp } from '../../../src/server/app';
import { type DatabaseHandle, openPostgres } from '../../../src/server/db/client';
import { clients, emails, reminderSlots } from '../../../src/server/db/schema';
import { createSaleRefs, type SaleRefs, saleBody } from '../../helpers/sales';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/**
 * Reminders that go out by themselves (docs/decisions/0058-morning-reminders.md): at the company's hour of
 * the agency's day each seller with alerts gets one digest, each admin the company's, and (when asked) each
 * client with a balance a payment reminder N days before travel. Once per person or sale and day, with two
 * servers and after a restart. The clock is the test's: 12:00 UTC is 09:00 in Santiago in February.
 */
let ctx: TestContext;
let refs: SaleRefs;
let saleId: number;
const DAY = '2031-02-01';
const at = (day: string, utcHour: number) => new Date(`${day}T${String(utcHour).padStart(2, '0')}:00:00Z`);
const reminders = () => ctx.db.select().from(emails).where(eq(emails.kind, 'reminder')).orderBy(emails.id);

beforeAll(async () => {
  ctx = await createTestContext();
  refs = await createSaleRefs(ctx, 'recordatorios');
  await ctx.db.update(clients).set({ email: 'cliente@correo.cl' }).where(eq(clients.id, refs.client.id));
  // Departs on 2031-02-10, nothing paid: a client balance alert for the seller and the company.
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/sales',
    headers: await ctx.auth('admin'),
    payload: saleBody(refs, ctx.users.sales.id),
  });
  saleId = res.json().sale.id;
});
afterAll(() => ctx.close());

describe('the morning reminders', () => {
  it('wait for the company hour of the agency day', async () => {
    // 10:00 UTC is 07:00 in Santiago: before the default 08:00.
    expect(await ctx.app.tickReminders(at(DAY, 10))).toBe('before-hour');
    expect(await reminders()).toEqual([]);
  });

  it('two servers ticking at once queue one digest per seller and admin; a restart queues none again', async () => {
    const second: DatabaseHandle = ctx.database.url ? await openPostgres(ctx.database.url, 5) : ctx.database;
    const other = await buildApp({ database: second, demo: false });
    try {
      const outcomes = await Promise.all([
        ctx.app.tickReminders(at(DAY, 12)),
        other.tickReminders(at(DAY, 12)),
      ]);
      expect(outcomes.sort()).toEqual(['claimed-already', 'queued']);
    } finally {
      await other.close();
      if (second !== ctx.database) await second.close();
    }
    const queued = await reminders();
    expect(queued.map((e) => [e.to, e.idempotencyKey]).sort()).toEqual(
      [
        [[ctx.users.admin.email], `reminder:${ctx.users.admin.id}:${DAY}`],
        [[ctx.users.sales.email], `reminder:${ctx.users.sales.id}:${DAY}`],
      ].sort(),
    );
    const digest = queued.find((e) => e.to[0] === ctx.users.sales.email);
    // The unpaid client, the supplier payment due on 2031-01-30 (overdue by then) and the two
    // passengers of this international sale, who have no travel document (decision 0098).
    expect(digest?.subject).toBe('Alertas del 01 feb 2031: 4 pendientes');
    expect(digest?.body).toContain('Pago a proveedor vencido (1)');
    expect(digest?.body).toContain('Falta documento (2)');
    expect(digest?.body).toContain(`Falta el número de documento de ${refs.passengers[0]?.name}.`);
    expect(digest?.body).toContain('las alertas de tus ventas');
    expect(digest?.body).toContain('Cliente con saldo pendiente (1)');
    expect(digest?.body).toContain(
      `- Venta #${saleId} (${refs.client.name}): El cliente debe ${formatMoney(1500.5)}`,
    );

    // The same day, later, on a restarted server: the day is claimed.
    const restarted = await buildApp({ database: ctx.database, demo: false });
    try {
      expect(await restarted.tickReminders(at(DAY, 20))).toBe('claimed-already');
    } finally {
      await restarted.close();
    }
    expect(await reminders()).toHaveLength(2);
  });

  it('send clients with a balance a payment reminder the set days before travel, when asked', async () => {
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/company/settings',
      headers: await ctx.auth('admin'),
      payload: {
        name: 'Viajes Australes',
        phone: '+56 2 2345 6789',
        clientPaymentReminders: true,
        clientReminderDays: 9,
      },
    });
    expect(put.statusCode).toBe(200);
    // 2031-02-01 + 9 days is the sale's departure.
    expect(await ctx.app.tickReminders(at('2031-02-01', 23))).toBe('claimed-already');
    expect(await ctx.app.tickReminders(at('2031-02-02', 12))).toBe('queued');
    const clientMails = await ctx.db
      .select()
      .from(emails)
      .where(and(eq(emails.kind, 'reminder'), like(emails.idempotencyKey, 'client-reminder:%')));
    // The day after, 8 days remain: no client reminder that day.
    expect(clientMails).toEqual([]);
    await ctx.db.delete(emails);
    const day = '2031-02-01';
    await ctx.db.delete(reminderSlots).where(eq(reminderSlots.agencyDay, day));
    expect(await ctx.app.tickReminders(at(day, 12))).toBe('queued');
    const [reminder] = await ctx.db
      .select()
      .from(emails)
      .where(like(emails.idempotencyKey, 'client-reminder:%'));
    expect(reminder).toMatchObject({
      to: ['cliente@correo.cl'],
      saleId,
      clientId: refs.client.id,
      idempotencyKey: `client-reminder:${saleId}:${day}`,
      subject: 'Recordatorio de pago: su viaje del 10 feb 2031',
    });
    expect(reminder?.body).toContain(`tiene un saldo pendiente de ${formatMoney(1500.5)}`);
    expect(reminder?.body).toContain('Viajes Australes\n+56 2 2345 6789');
    // A seller reads it among the sale's messages ("Comunicaciones").
    const listed = await ctx.app.inject({
      method: 'GET',
      url: `/api/emails?saleId=${saleId}`,
      headers: await ctx.auth('sales'),
    });
    expect(listed.json().emails.map((e: { id: number }) => e.id)).toEqual([reminder?.id]);
  });
});
