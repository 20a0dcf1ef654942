import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { ClientIdProblems } from '../../../domain/client-ids';
import { compactId, DUPLICATE_CLIENT_ID_MESSAGE, hasWrongRutDigit } from '../../../domain/rut';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import type { Database } from '../../db/client';
import { clients } from '../../db/schema';
import { HttpError } from '../../lib/http-errors';
import { refuseWrongRutDigit } from '../../lib/rut-digit';

/** The ID as compared, in SQL: the same rule as compactId (migrations/0000_init.sql, indexed). */
const idKey = sql<string>`f_id_key(${clients.clientId})`;

/**
 * The server's rules for a client's ID/RUT on create and on update (decision 0042): the check digit,
 * and no other client with the same ID once dots, dashes, spaces and case are ignored. An update that
 * keeps the ID (as compared) is not re-checked, so a row saved before these rules stays editable.
 * The advisory lock on the normalised ID makes two saves of one ID queue, so the second sees the
 * first's row: no unique index, which existing duplicates would make fail to build.
 */
export async function checkClientId(
  tx: Database,
  id: string | null | undefined,
  before?: { id: number; clientId?: unknown },
) {
  const key = id ? compactId(id) : '';
  if (!key) return;
  if (before && compactId(String(before.clientId ?? '')) === key) return;
  refuseWrongRutDigit(id, 'clientId');
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.clientIds}, hashtext(${key}))`);
  const [existing] = await tx
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(and(eq(idKey, key), before ? ne(clients.id, before.id) : undefined))
    .orderBy(asc(clients.id))
    .limit(1);
  if (existing) {
    throw new HttpError(
      409,
      DUPLICATE_CLIENT_ID_MESSAGE,
      [{ path: 'clientId', message: DUPLICATE_CLIENT_ID_MESSAGE }],
      {
        existing,
      },
    );
  }
}

/** Saved IDs that break the rules: RUTs with a wrong check digit, and IDs several clients share. */
export async function clientIdProblems(db: Database): Promise<ClientIdProblems> {
  // Only IDs written like a RUT can have a wrong check digit; the digit itself is judged here.
  const rutLike = await db
    .select({ id: clients.id, name: clients.name, clientId: clients.clientId })
    .from(clients)
    .where(sql`${clients.clientId} ~ '^\\s*\\d{1,2}(\\.?\\d{3}){2}\\s*-?\\s*[0-9kK]\\s*$'`)
    .orderBy(asc(clients.name), asc(clients.id));
  const invalid = rutLike.filter((c) => hasWrongRutDigit(c.clientId)) as ClientIdProblems['invalid'];

  const shared = db
    .select({ key: idKey })
    .from(clients)
    .where(and(isNotNull(clients.clientId), sql`${idKey} <> ''`))
    .groupBy(idKey)
    .having(sql`count(*) > 1`);
  const twins = await db
    .select({ key: idKey, id: clients.id, name: clients.name, clientId: clients.clientId })
    .from(clients)
    .where(inArray(idKey, shared))
    .orderBy(idKey, asc(clients.id));
  const duplicates: ClientIdProblems['duplicates'] = [];
  for (const { key, ...client } of twins) {
    const last = duplicates.at(-1);
    const entry = last?.key === key ? last : duplicates[duplicates.push({ key, clients: [] }) - 1];
    entry?.clients.push(client as ClientIdProblems['invalid'][number]);
  }
  return { invalid, duplicates };
}
