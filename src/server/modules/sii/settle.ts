import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { siiAttempts, siiSubmissions } from '../../db/schema';
import { type Backoff, backoffMs } from '../../lib/outbox-worker';
import type { Settled } from './outcome';

type Changes = Partial<typeof siiSubmissions.$inferInsert>;
/** The submission tried: its tries of the current step (this one included) and that step. */
interface Tried {
  id: number;
  attempts: number;
  status: 'pending' | 'sent';
}

/** What a try's outcome writes on its submission, and what its log line says. */
function changesFor(
  submission: Tried,
  outcome: Settled,
  timing: { backoff: Backoff; statusBackoff: Backoff },
): { ok: boolean; detail: string; set: Changes } {
  const now = new Date();
  const later = (backoff: Backoff) => new Date(now.getTime() + backoffMs(submission.attempts, backoff));
  if (outcome.kind === 'retry') {
    return {
      ok: false,
      detail: outcome.error,
      set: { nextAttemptAt: later(timing.backoff), lastError: outcome.error },
    };
  }
  const said = { siiCode: outcome.code, siiMessages: outcome.messages, lastError: null };
  const detail = outcome.messages.join(' · ');
  switch (outcome.kind) {
    case 'sent':
      return {
        ok: true,
        detail: `TRACKID ${outcome.trackId} · ${detail}`,
        set: {
          ...said,
          status: 'sent',
          trackId: outcome.trackId,
          sentAt: now,
          // Status queries count their own tries from here.
          attempts: 0,
          nextAttemptAt: new Date(now.getTime() + timing.statusBackoff.baseMs),
        },
      };
    case 'final':
      return { ok: true, detail, set: { ...said, status: outcome.status, settledAt: now } };
    case 'processing':
      return { ok: true, detail, set: { ...said, nextAttemptAt: later(timing.statusBackoff) } };
  }
}

/** Records a try and its outcome in one transaction: the submission and its log agree. */
export async function settle(
  db: Database,
  submission: Tried,
  outcome: Settled,
  timing: { backoff: Backoff; statusBackoff: Backoff },
) {
  const { ok, detail, set } = changesFor(submission, outcome, timing);
  const step = submission.status === 'pending' ? 'upload' : 'status';
  await db.transaction(async (tx) => {
    await tx.insert(siiAttempts).values({ submissionId: submission.id, step, ok, detail });
    await tx
      .update(siiSubmissions)
      .set({ ...set, lockedUntil: null })
      .where(eq(siiSubmissions.id, submission.id));
  });
}
