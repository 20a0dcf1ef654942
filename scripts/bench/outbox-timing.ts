import { sql } from 'drizzle-orm';
import { openPostgres } from '../../src/server/db/client';
import { enqueueEmail } from '../../src/server/modules/emails';
import type { TestSmtp } from '../../tests/helpers/smtp';
import { cpuMs } from './cpu-time';
import { loadAverage } from './timing';

/*
 * The e-mail outbox (docs/decisions/0053-email-outbox.md): `count` messages queued in one transaction, as the
 * app queues them (enqueueEmail), each with the quote's PDF attached, and the bench's server sending
 * them one at a time to a local SMTP server (tests/helpers/smtp.ts, in this process). Timed from the
 * commit, whose NOTIFY wakes the server's worker, to the last message marked sent.
 */

export interface OutboxFigures {
  count: number;
  seconds: number;
  perSecond: number;
  received: number;
  /** CPU ms the server's process spent per message (composing, SMTP, the outbox's rows). */
  serverCpu: number;
  load: number;
}

export async function outboxTiming(
  databaseUrl: string,
  serverPid: number,
  smtp: TestSmtp,
  attachment: Buffer,
  count: number,
): Promise<OutboxFigures> {
  const database = await openPostgres(databaseUrl, 2);
  try {
    const before = smtp.received.length;
    const stamp = Date.now();
    let firstId = 0;
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < count; i++) {
        const queued = await enqueueEmail(tx, {
          kind: 'quote',
          to: [`cliente${i}@correo.cl`],
          subject: `Cotización ${stamp}-${i}`,
          body: 'Estimado cliente:\n\nAdjuntamos la cotización de su viaje.\n\nSaludos cordiales.',
          attachments: [
            { filename: `Cotizacion-${i}.pdf`, contentType: 'application/pdf', content: attachment },
          ],
          createdBy: null,
        });
        if (i === 0) firstId = queued.id;
      }
    });
    const from = performance.now();
    const cpuBefore = cpuMs(serverPid);
    for (;;) {
      const result = (await database.db.execute(
        sql`select count(*)::int as n from emails where id >= ${firstId} and status <> 'pending'`,
      )) as unknown as { rows: { n: number }[] };
      if ((result.rows[0]?.n ?? 0) >= count) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - from) / 1000;
    return {
      count,
      seconds,
      perSecond: count / seconds,
      received: smtp.received.length - before,
      serverCpu: (cpuMs(serverPid) - cpuBefore) / count,
      load: loadAverage(),
    };
  } finally {
    await database.close();
  }
}
