import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';

/**
 * A fingerprint of every table except sessions (reads refresh last_seen_at by design) and login
 * attempts (a wrong password is recorded by design); of the audit trail, every entry but the failed
 * sign-ins, which it records by design too (docs/product.md#audit-trail), and not its head, which moves with
 * them.
 */
export async function databaseFingerprint(db: Database): Promise<string> {
  const result = await db.execute(sql`
    select string_agg(table_name || ':' || n || ':' || h, ',' order by table_name) as fp from (
      select c.relname as table_name,
             (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from %I', c.relname), false, true, '')))[1]::text as n,
             (xpath('/row/h/text()', query_to_xml(format('select md5(coalesce(string_agg(t::text, %L order by t::text), %L)) as h from %I t', '|', '', c.relname), false, true, '')))[1]::text as h
      from pg_class c join pg_namespace s on s.oid = c.relnamespace
      where s.nspname = 'public' and c.relkind = 'r'
        and c.relname not in ('sessions', 'login_attempts', 'audit_log', 'audit_head')
      union all
      select 'audit_log', count(*)::text, md5(coalesce(string_agg(a::text, '|' order by a.id), ''))
      from audit_log a where a.action <> 'login_failed'
    ) x`);
  return String((result as unknown as { rows: { fp: string }[] }).rows[0]?.fp);
}
