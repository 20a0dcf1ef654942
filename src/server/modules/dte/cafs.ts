import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { CafReply } from '../../../domain/dte';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import type { Database } from '../../db/client';
import { dteCafs } from '../../db/schema';
import { conflict } from '../../lib/http-errors';
import { type AuditActor, diff, record } from '../audit';
import { assertCafOf, parseCaf } from './caf';
import { getCompanyTax } from './setup';

export const NO_TAX_DATA = 'Guarda primero los datos tributarios de la empresa: el CAF debe ser de su RUT';
export const overlapMessage = (type: number, from: number, to: number) =>
  `Los folios se superponen con un CAF ya cargado del tipo ${type} (folios ${from} a ${to})`;

function cafReply(row: typeof dteCafs.$inferSelect): CafReply {
  return {
    id: row.id,
    type: row.type,
    from: row.folioFrom,
    to: row.folioTo,
    left: row.folioTo - row.nextFolio + 1,
    authorizedOn: row.authorizedOn,
  };
}

/** Every CAF, by type and range, with its folios left. */
export async function listCafs(db: Database): Promise<CafReply[]> {
  const rows = await db.select().from(dteCafs).orderBy(asc(dteCafs.type), asc(dteCafs.folioFrom));
  return rows.map(cafReply);
}

/**
 * Stores an SII CAF once it is checked: a usable file whose keys match (400), of the company's RUT
 * (400), with a range no CAF of its type already covers (409). The lock makes two uploads of one
 * type queue, so the second sees the first's range.
 */
export async function addCaf(db: Database, xml: string, audit: AuditActor): Promise<CafReply> {
  const caf = parseCaf(xml);
  const tax = await getCompanyTax(db);
  if (!tax) throw conflict(NO_TAX_DATA);
  assertCafOf(caf, tax.rut);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.dteCafs})`);
    const [overlap] = await tx
      .select()
      .from(dteCafs)
      .where(and(eq(dteCafs.type, caf.type), lte(dteCafs.folioFrom, caf.to), gte(dteCafs.folioTo, caf.from)))
      .limit(1);
    if (overlap) throw conflict(overlapMessage(overlap.type, overlap.folioFrom, overlap.folioTo));
    const [row] = await tx
      .insert(dteCafs)
      .values({
        type: caf.type,
        folioFrom: caf.from,
        folioTo: caf.to,
        nextFolio: caf.from,
        authorizedOn: caf.authorizedOn,
        issuerRut: caf.issuerRut,
        xml,
      })
      .returning();
    if (!row) throw new Error('CAF not stored');
    const { xml: _xml, ...shown } = row;
    await record(tx, audit, { action: 'create', entity: 'caf', entityId: row.id, changes: diff({}, shown) });
    return cafReply(row);
  });
}
