import { asc, gt } from 'drizzle-orm';
import type { AuditVerifyResult } from '../../../domain/audit';
import type { Database } from '../../db/client';
import { auditHead, auditLog } from '../../db/schema';
import { entryHash, GENESIS_HASH } from './chain';

const VERIFY_BATCH = 1000;

type Head = typeof auditHead.$inferSelect;

const broken = (checked: number, problem: NonNullable<AuditVerifyResult['problem']>, message: string) => ({
  ok: false,
  checked,
  problem,
  message,
});

/**
 * Walks the chain in id order from the head's anchor (docs/decisions/0020, 0045): the oldest entry
 * must link to the anchor (the last purged entry, or genesis), each entry's hash must match its
 * content and its prevHash the hash before it, and the walk must end at the head's newest entry with
 * the head's count. So an edit, or entries removed in the middle or at either end, are reported.
 */
async function walk(tx: Database, head: Head): Promise<AuditVerifyResult> {
  let checked = 0;
  let previous = head.anchorHash;
  let lastId = 0;
  for (;;) {
    const rows = await tx
      .select()
      .from(auditLog)
      .where(gt(auditLog.id, lastId))
      .orderBy(asc(auditLog.id))
      .limit(VERIFY_BATCH);
    for (const row of rows) {
      if (row.prevHash !== previous && checked === 0) {
        const message = `Faltan las entradas más antiguas: la ${row.id} no sigue a la última purgada`;
        return { ...broken(checked, 'missingOldest', message), firstBrokenId: row.id };
      }
      if (row.prevHash !== previous || entryHash(row) !== row.hash) {
        const message = `La entrada ${row.id} fue modificada, o faltan o sobran entradas antes de ella`;
        return { ...broken(checked, 'altered', message), firstBrokenId: row.id };
      }
      previous = row.hash;
      lastId = row.id;
      checked++;
    }
    if (rows.length < VERIFY_BATCH) break;
  }
  if (previous !== head.lastHash || (checked > 0 && lastId !== head.lastId)) {
    const message = `Faltan las entradas más recientes: la última registrada es la ${head.lastId}`;
    return { ...broken(checked, 'missingNewest', message), expectedLastId: head.lastId };
  }
  if (checked !== head.entries) {
    const message = `La auditoría tiene ${checked} entradas y el registro de la cadena dice ${head.entries}`;
    return broken(checked, 'countMismatch', message);
  }
  return { ok: true, checked };
}

/** One snapshot for the head and the trail, so entries appended meanwhile are not taken for a gap. */
export function verifyAudit(db: Database): Promise<AuditVerifyResult> {
  return db.transaction(
    async (tx) => {
      // The head's row is refused deletion; were it gone all the same, the trail is checked from genesis.
      const [head] = await tx.select().from(auditHead);
      return walk(
        tx,
        head ?? { id: 1, lastId: 0, lastHash: GENESIS_HASH, anchorHash: GENESIS_HASH, entries: 0 },
      );
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
