import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { type DatabaseHandle, openPostgres } from '../../../src/server/db/client';
import { emailAttempts, emails } from '../../../src/server/db/schema';
import { type EmailInput, enqueueEmail } from '../../../src/server/modules/emails';
import { claimNext } from '../../../src/server/modules/emails/outbox';
import { startSmtp, type TestSmtp } from '../../helpers/smtp';
import { createTestContext, type TestContext, until } from '../../helpers/test-app';

/**
 * The outbox (docs/decisions/0053-email-outbox.md): a real SMTP server (smtp-server) receives what the worker
 * sends. Timings are short here (OutboxOptions); the rules are the production ones.
 */
let smtp: TestSmtp;
let ctx: TestContext;
const fast = (smtpUrl: string) => ({
  smtpUrl,
  pollMs: 40,
  leaseMs: 10_000,
  backoff: { baseMs: 30, maxMs: 120 },
  timeoutMs: 10_000,
});

beforeAll(async () => {
  smtp = await startSmtp();
  ctx = await createTestContext({ outbox: fast(smtp.url) });
});
afterAll(async () => {
  await ctx.close();
  await smtp.stop();
});
afterEach(async () => {
  smtp.refuseWith(undefined);
  await ctx.app.outbox?.idle();
  // Nothing left for the next test's worker to send.
  await ctx.db.update(emails).set({ status: 'cancelled' }).where(eq(emails.status, 'pending'));
  smtp.received.length = 0;
});

const message = (extra: Partial<EmailInput> = {}): EmailInput => ({
  kind: 'quote',
  to: ['cliente@correo.cl'],
  cc: ['copia@correo.cl'],
  subject: 'Cotización COT-12-1 · Viaje a Puerto Natales',
  body: 'Estimada Ñuñoa:\nAdjuntamos la cotización de su viaje. Válida hasta el 15 de enero.\n\nSaludos',
  attachments: [
    { filename: 'COT-12-1.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4 cotización') },
  ],
  ...extra,
});
const enqueue = (db = ctx.db, input = message()) => db.transaction((tx) => enqueueEmail(tx, input));
const row = async (id: number, db = ctx.db) => {
  const [found] = await db.select().from(emails).where(eq(emails.id, id));
  if (!found) throw new Error(`email ${id} missing`);
  return found;
};
const attemptsOf = (id: number) =>
  ctx.db.select().from(emailAttempts).where(eq(emailAttempts.emailId, id)).orderBy(emailAttempts.id);

describe('the outbox worker', () => {
  it('sends a queued message with its recipients, headers, Spanish body and attachment', async () => {
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/company/settings',
      headers: await ctx.auth('admin'),
      payload: { name: 'Viajes Australes', emailFrom: 'reservas@australes.cl' },
    });
    expect(saved.statusCode).toBe(200);
    const { id } = await enqueue();
    const [received] = await smtp.until(1);
    const sent = await until(
      () => row(id),
      (r) => r.status === 'sent',
    );
    expect(received?.rcptTo.sort()).toEqual(['cliente@correo.cl', 'copia@correo.cl']);
    const mail = received?.mail;
    expect(mail?.subject).toBe('Cotización COT-12-1 · Viaje a Puerto Natales');
    expect(mail?.from?.value).toEqual([{ name: 'Viajes Australes', address: 'reservas@australes.cl' }]);
    expect(mail?.text?.trim()).toBe(message().body);
    expect(mail?.messageId).toBe(sent.messageId);
    expect(sent.messageId).toMatch(/^<[0-9a-f-]{36}@australes\.cl>$/);
    expect(mail?.attachments.map((a) => [a.filename, a.contentType, a.content.toString()])).toEqual([
      ['COT-12-1.pdf', 'application/pdf', '%PDF-1.4 cotización'],
    ]);
    expect(sent).toMatchObject({ attempts: 1, lastError: null, lockedUntil: null });
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect((await attemptsOf(id)).map((a) => a.ok)).toEqual([true]);
  });

  it('keeps trying while the SMTP server is down, and sends once it is back', async () => {
    await smtp.stop();
    const { id } = await enqueue();
    const failing = await until(
      () => row(id),
      (r) => r.attempts >= 3,
    );
    expect(failing.status).toBe('pending');
    expect(failing.lastError).toMatch(/ECONNREFUSED|ECONNECTION|conex/i);
    await smtp.start();
    await smtp.until(1);
    const sent = await until(
      () => row(id),
      (r) => r.status === 'sent',
    );
    const log = await attemptsOf(id);
    expect(log.at(-1)?.ok).toBe(true);
    expect(log.filter((a) => !a.ok).length).toBe(sent.attempts - 1);
    expect(smtp.received).toHaveLength(1);
  });

  it('retries a temporary refusal (451) and stops at a permanent one (550)', async () => {
    smtp.refuseWith(451);
    const temporary = await enqueue();
    await until(
      () => row(temporary.id),
      (r) => r.attempts >= 2,
    );
    expect((await row(temporary.id)).status).toBe('pending');
    smtp.refuseWith(550);
    const permanent = await enqueue(ctx.db, message({ subject: 'Rechazo permanente' }));
    const failed = await until(
      () => row(permanent.id),
      (r) => r.status === 'failed',
    );
    expect(failed.lastError).toMatch(/^550/);
    // The temporary one hits the 550 too on its next try, and fails with it.
    await until(
      () => row(temporary.id),
      (r) => r.status === 'failed',
    );
    const attempts = failed.attempts;
    await new Promise((resolve) => setTimeout(resolve, 300));
    ctx.app.outbox?.wake();
    await ctx.app.outbox?.idle();
    expect((await row(permanent.id)).attempts).toBe(attempts);
    expect((await attemptsOf(permanent.id)).length).toBe(attempts);
    expect(smtp.received).toHaveLength(0);
  });

  it('fails a message after the most temporary failures, keeping each try', async () => {
    smtp.refuseWith(421);
    const { id } = await enqueue();
    const failed = await until(
      () => row(id),
      (r) => r.status === 'failed',
    );
    expect(failed.attempts).toBe(10);
    expect(await attemptsOf(id)).toHaveLength(10);
  });

  it('sends what an admin retried, and nothing cancelled', async () => {
    smtp.refuseWith(550);
    const { id } = await enqueue();
    await until(
      () => row(id),
      (r) => r.status === 'failed',
    );
    smtp.refuseWith(undefined);
    const admin = await ctx.auth('admin');
    const retried = await ctx.app.inject({ method: 'POST', url: `/api/emails/${id}/retry`, headers: admin });
    expect(retried.json().email.status).toBe('pending');
    await smtp.until(1);
    await until(
      () => row(id),
      (r) => r.status === 'sent',
    );
    expect(smtp.received[0]?.mail.messageId).toBe((await row(id)).messageId);
  });
});

describe('a server that dies mid-send', () => {
  it('another instance on the same database sends what a dead one had claimed, once each, in 20 tries', async () => {
    await ctx.app.outbox?.stop();
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push((await enqueue(ctx.db, message({ subject: `Mensaje ${i}` }))).id);
    // The dead server's claims: leased for a moment, counted as tried, never settled. The lease outlasts
    // the 20 claims on a loaded machine: one expiring sooner would be claimed twice here.
    for (let i = 0; i < 20; i++) expect(await claimNext(ctx.database, 1_000)).toBeDefined();
    const next = await buildApp({ database: ctx.database, demo: false, outbox: fast(smtp.url) });
    try {
      await smtp.until(20);
      await until(
        () => Promise.all(ids.map((id) => row(id))),
        (rows) => rows.every((r) => r.status === 'sent'),
      );
      for (let i = 0; i < 5; i++) {
        next.outbox?.wake();
        await next.outbox?.idle();
      }
      const received = smtp.received.map((r) => r.mail.messageId).sort();
      const stored = (await Promise.all(ids.map((id) => row(id)))).map((r) => r.messageId).sort();
      expect(received).toEqual(stored);
      expect((await Promise.all(ids.map((id) => row(id)))).every((r) => r.attempts === 2)).toBe(true);
    } finally {
      await next.close();
    }
  });
});

describe('a resend after a lease expired', () => {
  it('carries the same Message-ID, and is the only one more', async () => {
    const { id } = await enqueue(ctx.db, message({ subject: 'Enviado justo antes de morir' }));
    const claimed = await claimNext(ctx.database, 300);
    expect(claimed?.id).toBe(id);
    // The dead server got the message out, then died before recording it.
    const transport = nodemailer.createTransport(smtp.url);
    await transport.sendMail({ envelope: { from: 'a@b.cl', to: claimed?.to ?? [] }, raw: await rawOf(id) });
    transport.close();
    const next = await buildApp({ database: ctx.database, demo: false, outbox: fast(smtp.url) });
    try {
      await smtp.until(2);
      await until(
        () => row(id),
        (r) => r.status === 'sent',
      );
      for (let i = 0; i < 5; i++) {
        next.outbox?.wake();
        await next.outbox?.idle();
      }
      expect(smtp.received.map((r) => r.mail.messageId)).toEqual([claimed?.messageId, claimed?.messageId]);
    } finally {
      await next.close();
    }
  });
});

/** The .eml of a message as the API serves it: the bytes the worker sends. */
async function rawOf(id: number) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/emails/${id}/eml`,
    headers: await ctx.auth('admin'),
  });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

describe('closing the app', () => {
  it('waits for a send under way and records it before the database closes', async () => {
    await ctx.app.outbox?.stop();
    const app = await buildApp({ database: ctx.database, demo: false, outbox: fast(smtp.url) });
    smtp.answerAfter(400);
    try {
      const { id } = await enqueue(ctx.db, message({ subject: 'En vuelo al cerrar' }));
      await until(
        () => row(id),
        (r) => r.attempts === 1,
      );
      await app.close();
      expect(await row(id)).toMatchObject({ status: 'sent', lockedUntil: null });
      expect(smtp.received).toHaveLength(1);
    } finally {
      smtp.answerAfter(0);
    }
  });
});

describe('two servers on one database', () => {
  it('drain 50 messages between them, each received exactly once', async () => {
    const second: DatabaseHandle = ctx.database.url ? await openPostgres(ctx.database.url, 5) : ctx.database;
    const apps = [
      await buildApp({ database: ctx.database, demo: false, outbox: fast(smtp.url) }),
      await buildApp({ database: second, demo: false, outbox: fast(smtp.url) }),
    ];
    try {
      const ids: number[] = [];
      for (let i = 0; i < 50; i++) ids.push((await enqueue(ctx.db, message({ subject: `Lote ${i}` }))).id);
      await smtp.until(50);
      await until(
        () => Promise.all(ids.map((id) => row(id))),
        (rows) => rows.every((r) => r.status === 'sent'),
      );
      const rows = await Promise.all(ids.map((id) => row(id)));
      expect(rows.every((r) => r.attempts === 1)).toBe(true);
      const received = smtp.received.map((r) => r.mail.messageId).sort();
      expect(received).toEqual(rows.map((r) => r.messageId).sort());
      expect(new Set(received).size).toBe(50);
    } finally {
      for (const app of apps) await app.close();
      if (second !== ctx.database) await second.close();
    }
  });
});

describe('SMTP_URL', () => {
  it('is optional (messages then wait), must be smtp:// or smtps://, and the reminders clock can be turned off', () => {
    expect(loadConfig({})).toMatchObject({ smtpUrl: undefined, reminderSchedule: true });
    expect(loadConfig({ SMTP_URL: 'smtps://agencia:clave@mail.agencia.cl:465' }).smtpUrl).toBe(
      'smtps://agencia:clave@mail.agencia.cl:465',
    );
    expect(loadConfig({ REMINDER_SCHEDULE: 'false' }).reminderSchedule).toBe(false);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.agencia.cl' })).toThrow(
      'SMTP_URL: SMTP_URL debe empezar con smtp:// o smtps://',
    );
  });
});
