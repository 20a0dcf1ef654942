import { and, lte, sql } from 'drizzle-orm';
import { compactId } from '../../../domain/rut';
import type { Database } from '../../db/client';
import { countValue } from '../../db/money';
import { dteCafs } from '../../db/schema';

/**
 * A CAF row of `rut`, the RUTs compared as every ID is (f_id_key in SQL, compactId in JS: no dots,
 * dash or spaces, K in upper case): the TED of a document stamped with another RUT's CAF names
 * another issuer, which the SII rejects (decision 0081).
 */
export const cafOfRut = (rut: string) => sql`f_id_key(${dteCafs.issuerRut}) = ${compactId(rut)}`;

/** The folios left, of every type, in the CAFs of `rut`. */
export async function foliosLeftOf(db: Database, rut: string): Promise<number> {
  const [row] = await db
    .select({ left: countValue(sql`coalesce(sum(${dteCafs.folioTo} - ${dteCafs.nextFolio} + 1), 0)`) })
    .from(dteCafs)
    .where(and(cafOfRut(rut), lte(dteCafs.nextFolio, dteCafs.folioTo)));
  return row?.left ?? 0;
}
