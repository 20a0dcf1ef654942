import { asc, eq, sql } from 'drizzle-orm';
import { foldText } from '../../../domain/import-cells';
import type { ImportKind, ImportResult, RecordKind } from '../../../domain/imports';
import { compactId } from '../../../domain/rut';
import type { Database } from '../../db/client';
import { classifications, clients, operators, passengers, suppliers } from '../../db/schema';
import { type AuditActor, record } from '../audit';

/** The table each kind writes. */
export const IMPORT_TABLES = { clients, passengers, suppliers, operators, classifications } as const;

/** How the audit trail names a record of each kind. */
export const IMPORT_ENTITIES: Record<ImportKind, string> = {
  clients: 'client',
  passengers: 'passenger',
  suppliers: 'supplier',
  operators: 'operator',
  classifications: 'classification',
  sales: 'sale',
};

export type SavedRow = Record<string, unknown> & { id: number };

/** Rows per insert statement: well under PostgreSQL's 65,535 parameters with every column. */
const INSERT_BATCH = 1000;

/**
 * The kind's saved records by the keys an imported row is matched on (`recordKey`): a client by its
 * ID/RUT's key (or, without one, by its name), a passenger by its ID's key, a catalog entry by its
 * name without accents or case. Where saved records share a key, the oldest is the one matched.
 */
export async function savedByKey(db: Database, kind: RecordKind): Promise<Map<string, SavedRow>> {
  const table = IMPORT_TABLES[kind];
  const rows = (await db.select().from(table).orderBy(asc(table.id))) as unknown as SavedRow[];
  const byKey = new Map<string, SavedRow>();
  for (const row of rows) {
    const id = kind === 'clients' ? row.clientId : kind === 'passengers' ? row.passengerId : null;
    const key =
      typeof id === 'string' && compactId(id) ? `id:${compactId(id)}` : `name:${foldText(String(row.name))}`;
    if (!byKey.has(key)) byKey.set(key, row);
  }
  return byKey;
}

/**
 * Keeps other writers of the kind's table out until the import commits: a client or passenger saved
 * meanwhile could otherwise share an ID with one the import creates.
 */
export async function lockForImport(tx: Database, kind: ImportKind) {
  await tx.execute(sql.raw(`lock table ${kind} in share row exclusive mode`));
}

export async function insertRecords(tx: Database, kind: RecordKind, records: Record<string, unknown>[]) {
  const table = IMPORT_TABLES[kind];
  for (let i = 0; i < records.length; i += INSERT_BATCH) {
    await tx.insert(table).values(records.slice(i, i + INSERT_BATCH) as never);
  }
}

export async function updateRecord(
  tx: Database,
  kind: RecordKind,
  id: number,
  values: Record<string, unknown>,
) {
  const table = IMPORT_TABLES[kind];
  await tx
    .update(table)
    .set({ ...values, updatedAt: new Date() } as never)
    .where(eq(table.id, id));
}

export const IMPORT_REFUSED_MESSAGE =
  'El archivo tiene errores: corríjalos y vuelva a enviarlo (no se importó nada)';

/** What an import did or would do. */
export type Outcome =
  | { status: 200; body: ImportResult }
  | { status: 422; body: ImportResult & { message: string } };

/** The import's one audit entry: the kind's entity and the four counts. */
export async function recordImport(tx: Database, actor: AuditActor, entity: string, result: ImportResult) {
  await record(tx, actor, {
    action: 'import',
    entity,
    entityId: null,
    changes: (['rows', 'created', 'updated', 'unchanged'] as const).map((field) => ({
      field,
      from: null,
      to: String(result[field]),
    })),
  });
}
