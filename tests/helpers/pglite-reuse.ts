import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { type DatabaseHandle, pgliteHandle, startPglite } from '../../src/server/db/client';

/**
 * A worker's in-memory PGlite databases, kept between test files and emptied instead of closed.
 *
 * Starting PGlite from the migrated snapshot costs about a second of CPU per file (WebAssembly start-up
 * and 43 MB of data folder), a sixth of the API suite's time; emptying a used one costs a fraction of it
 * (the same 15 files took 40 s of CPU instead of 60).
 * A returned database is reused only if it is as the migrations left it: no transaction open, and the
 * same schema (tables, columns, triggers and whether they are enabled, functions' bodies, constraints,
 * indexes, database settings) as when it was opened. A test that changed any of that (the audit chain's
 * tampering does) gets its database closed, and the next file starts from the snapshot as before.
 */

interface Kept {
  client: PGlite;
  /** The engine's own handle, for emptying it between files. */
  handle: DatabaseHandle;
  schema: string;
  /** The rows the migrations left (the migrations' record, the audit chain's head) as JSON, by table. */
  baseline: Map<string, string>;
  /** Each sequence's state as the migrations left it. */
  sequences: Row[];
  tables: string[];
}

const idle: Kept[] = [];

type Row = Record<string, unknown>;
async function rows(handle: DatabaseHandle, query: string): Promise<Row[]> {
  const result = (await handle.db.execute(sql.raw(query))) as unknown as { rows: Row[] };
  return result.rows;
}

/** A digest of everything a test could change about the schema without changing the data. */
async function schemaDigest(handle: DatabaseHandle): Promise<string> {
  const [row] = await rows(
    handle,
    `select md5(string_agg(part, '|' order by part)) as digest from (
      select concat_ws(' ', 'c', c.oid::regclass, c.relkind, c.relnatts, c.relhastriggers, c.relrowsecurity) as part
        from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'
      union all select concat_ws(' ', 'a', attrelid::regclass, attname, atttypid, attnotnull, attisdropped, attgenerated)
        from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and a.attnum > 0
      union all select concat_ws(' ', 'd', adrelid::regclass, adnum, md5(adbin::text)) from pg_attrdef
      union all select concat_ws(' ', 't', tgrelid::regclass, tgname, tgenabled, tgfoid::regproc) from pg_trigger
      union all select concat_ws(' ', 'f', p.oid::regprocedure, md5(coalesce(prosrc, '')))
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'
      union all select concat_ws(' ', 'k', conrelid::regclass, conname, contype, convalidated, conkey, confkey, md5(coalesce(conbin::text, '')))
        from pg_constraint where connamespace = 'public'::regnamespace
      union all select concat_ws(' ', 'i', indexrelid::regclass, indisvalid) from pg_index i
        join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'
      union all select concat_ws(' ', 's', setdatabase, setrole, array_to_string(setconfig, ',')) from pg_db_role_setting
    ) parts`,
  );
  return String(row?.digest);
}

/** The app's relations, and the migrations' record (a test may add a newer migration to it). */
const relations = (kinds: string) =>
  `select c.oid::regclass::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname in ('public', 'drizzle') and c.relkind in (${kinds}) and not c.relispartition order by 1`;

async function open(): Promise<Kept> {
  const client = await startPglite(undefined, new Blob([readFileSync(inject('pgliteSnapshot'))]));
  const handle = pgliteHandle(client);
  const baseline = new Map<string, string>();
  const tables = (await rows(handle, relations(`'r', 'p'`))).map((t) => String(t.name));
  for (const name of tables) {
    // As PostgreSQL's JSON, not as the driver's values: every type goes back exactly.
    const [saved] = await rows(handle, `select json_agg(t)::text as json from ${name} t`);
    if (saved?.json) baseline.set(String(name), String(saved.json));
  }
  const sequences = [];
  for (const { name } of await rows(handle, relations(`'S'`))) {
    const [state] = await rows(handle, `select last_value::text, is_called from ${name}`);
    sequences.push({ name, ...state });
  }
  return { client, handle, schema: await schemaDigest(handle), baseline, sequences, tables };
}

/** Empties every table, puts the baseline rows back, and resets every sequence and the session. */
async function empty(kept: Kept): Promise<void> {
  const { handle } = kept;
  // Only the tables that hold rows (a test file writes to a few), deleted rather than truncated:
  // TRUNCATE must also name every table that references one (CASCADE), which is most of the schema,
  // and it makes new files for each table and index, seconds in PGlite.
  const used = await rows(
    handle,
    kept.tables
      .map((table) => `select '${table}' as name where exists (select 1 from ${table})`)
      .join(' union all '),
  );
  // Triggers off while emptying and refilling: the rows go back exactly as they were, and no kept
  // total is moved by putting back what the snapshot already counted.
  await handle.db.execute(sql.raw(`set session_replication_role = replica`));
  // Replica mode skips the foreign keys' checks too, so the order of the deletes does not matter.
  for (const { name } of used) await handle.db.execute(sql.raw(`delete from ${name}`));
  await handle.db.execute(
    sql.raw(
      `select ${kept.sequences.map((q) => `setval('${q.name}', ${q.last_value}, ${q.is_called})`).join(', ')}`,
    ),
  );
  for (const [table, saved] of kept.baseline) {
    // Generated columns cannot be written: they are computed again from the others.
    const columns = await rows(
      handle,
      `select string_agg(quote_ident(attname), ', ' order by attnum) as list from pg_attribute
        where attrelid = '${table}'::regclass and attnum > 0 and not attisdropped and attgenerated = ''`,
    );
    const list = String(columns[0]?.list);
    await handle.db.execute(
      sql.raw(`insert into ${table} (${list}) overriding system value
        select ${list} from json_populate_recordset(null::${table}, '${saved.replaceAll("'", "''")}'::json)`),
    );
  }
  // Settings, prepared statements, LISTENs, advisory locks and temporary tables of the last file go.
  await handle.db.execute(sql.raw(`discard all`));
  // The deleted rows' space is reused by the next file instead of growing each table file after file.
  if (used.length > 0) await handle.db.execute(sql.raw(`vacuum ${used.map((t) => t.name).join(', ')}`));
}

/**
 * A database as the migrations left it: a kept one emptied, or a new one from the snapshot. The file
 * gets the engine through a stand-in that refuses every call once the file has closed it, so a closed
 * database still behaves as closed (the readiness check's test relies on it), and the file's own
 * Drizzle instance: what the app keeps per Database (prepared statements, the agency's preferences)
 * does not carry over.
 */
export async function openReusedPglite(): Promise<DatabaseHandle> {
  const kept = idle.pop() ?? (await open());
  let closed = false;
  const engine = new Proxy(kept.client, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (closed) throw new Error('PGlite is closed');
        return value.apply(target, args);
      };
    },
  });
  return {
    ...pgliteHandle(engine),
    async close() {
      if (closed) return;
      closed = true;
      if (await reusable(kept)) idle.push(kept);
      else await kept.client.close();
    },
  };
}

async function reusable(kept: Kept): Promise<boolean> {
  try {
    // `discard all` refuses to run inside a transaction: a file that left one open is not reused.
    await empty(kept);
    return (await schemaDigest(kept.handle)) === kept.schema;
  } catch {
    return false;
  }
}
