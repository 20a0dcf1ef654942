import { foldText } from '../../../domain/import-cells';
import {
  type ImportError,
  type ImportKind,
  type ImportRecord,
  type RecordKind,
  readImportRows,
  recordKey,
} from '../../../domain/imports';
import type { Database } from '../../db/client';
import type { AuthUser } from '../../plugins/current-user';
import type { AuditActor } from '../audit';
import { type ImportFile, readTable } from './files';
import {
  IMPORT_ENTITIES,
  IMPORT_REFUSED_MESSAGE,
  insertRecords,
  lockForImport,
  type Outcome,
  recordImport,
  type SavedRow,
  savedByKey,
  updateRecord,
} from './queries';
import { importSales } from './sales';

const same = (field: string, saved: unknown, given: unknown, byName: boolean) =>
  field === 'name' && byName
    ? foldText(String(saved ?? '')) === foldText(String(given ?? ''))
    : String(saved ?? '') === String(given ?? '');

/** The rows to create, the saved records to change (only the fields the row filled) and the unchanged. */
function plan(kind: RecordKind, records: ImportRecord[], saved: Map<string, SavedRow>) {
  const creates: Record<string, unknown>[] = [];
  const updates: { id: number; values: Record<string, unknown> }[] = [];
  let unchanged = 0;
  for (const { values, given } of records) {
    const key = recordKey(kind, values);
    const existing = saved.get(key);
    if (!existing) {
      creates.push(values);
      continue;
    }
    const changed = given.filter((f) => !same(f, existing[f], values[f], key.startsWith('name:')));
    if (changed.length)
      updates.push({ id: existing.id, values: Object.fromEntries(changed.map((f) => [f, values[f]])) });
    else unchanged++;
  }
  return { creates, updates, unchanged };
}

/**
 * Imports a file of `kind`: every row is read and checked first; any error answers 422 with all of
 * them and writes nothing. Otherwise the rows are matched with the saved records and, unless
 * `dryRun`, written in one transaction with one audit entry that holds the counts.
 */
export async function runImport(
  db: Database,
  kind: ImportKind,
  file: ImportFile,
  dryRun: boolean,
  user: AuthUser,
  actor: AuditActor,
): Promise<Outcome> {
  const table = await readTable(file);
  if (kind === 'sales') return importSales(db, table, dryRun, user, actor);
  const { records, errors, rows } = readImportRows(kind, table);
  const counts = (created: number, updated: number, unchanged: number, list: ImportError[] = []) => ({
    kind,
    rows,
    created,
    updated,
    unchanged,
    errors: list,
  });
  if (errors.length)
    return { status: 422, body: { ...counts(0, 0, 0, errors), message: IMPORT_REFUSED_MESSAGE } };
  if (dryRun) {
    const { creates, updates, unchanged } = plan(kind, records, await savedByKey(db, kind));
    return { status: 200, body: counts(creates.length, updates.length, unchanged) };
  }
  const body = await db.transaction(async (tx) => {
    await lockForImport(tx, kind);
    const { creates, updates, unchanged } = plan(kind, records, await savedByKey(tx, kind));
    await insertRecords(tx, kind, creates);
    for (const { id, values } of updates) await updateRecord(tx, kind, id, values);
    const result = counts(creates.length, updates.length, unchanged);
    await recordImport(tx, actor, IMPORT_ENTITIES[kind], result);
    return result;
  });
  return { status: 200, body };
}
