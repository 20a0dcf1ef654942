import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { countValue } from '../../db/money';
import { emails } from '../../db/schema';
import type { Metrics } from '../metrics';

/**
 * The outbox's depth for /metrics: messages waiting, and how long the oldest has waited (0 when none waits). A depth that
 * only grows, or an old oldest, means SMTP is down or unset. Both read the partial index of pending
 * messages, so a scrape costs the same with a million sent ones.
 */
export function outboxGauges(metrics: Metrics, db: Database) {
  const pending = async () => {
    const [row] = await db
      .select({
        count: countValue(sql`count(*)`),
        oldest: countValue(sql`coalesce(extract(epoch from now() - min(${emails.createdAt})), 0)`),
      })
      .from(emails)
      .where(eq(emails.status, 'pending'));
    return row;
  };
  metrics.gauge('emails_outbox_pending', 'Correos en cola sin enviar', async () => (await pending())?.count);
  metrics.gauge(
    'emails_outbox_oldest_pending_seconds',
    'Segundos que espera el correo más antiguo en cola',
    async () => (await pending())?.oldest,
  );
}
