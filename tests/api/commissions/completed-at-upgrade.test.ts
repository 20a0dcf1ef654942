import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GENESIS_HASH } from '../../../src/server/modules/audit';
import { releaseBefore, rowsOf } from '../../helpers/scratch-databases';

/**
 * Migration 0043 dates the sales liquidated before it (docs/decisions/0100-seller-commissions.md): the
 * audit trail's last change to completed, else the sale's last update; other sales get none.
 */
const start = releaseBefore('0043_seller_commissions');

describe('upgrading to completed_at', () => {
  it('takes the moment from the audit trail, else from updated_at', async () => {
    const database = await start.open();
    try {
      const { db } = database;
      await db.execute(sql`insert into users (id, username, email, password_hash, role)
        values (1, 'vendedora', 'v@test.cl', 'x', 'sales')`);
      await db.execute(sql`insert into clients (id, name) values (1, 'Cliente')`);
      await db.execute(sql`
        insert into sales (id, status, passenger_name, client_id, seller_id, travel_date, sale_type,
                           service_type, region, updated_at)
        values (1, 'completed', 'Uno', 1, 1, '2026-03-01', 'individual', 'package', 'national', '2026-05-05T10:00:00Z'),
               (2, 'completed', 'Dos', 1, 1, '2026-03-01', 'individual', 'package', 'national', '2026-04-04T10:00:00Z'),
               (3, 'confirmed', 'Tres', 1, 1, '2026-03-01', 'individual', 'package', 'national', '2026-04-04T10:00:00Z')`);
      // Sale 1 was liquidated on 1 March at 02:30 UTC (still February in Santiago), then touched again.
      // Each entry follows the head of the chain, as the trail's guard requires.
      const entry = (at: string, from: string, to: string, hash: string) =>
        db.execute(sql`
          insert into audit_log (at, action, entity, entity_id, changes, prev_hash, hash)
          select ${at}::timestamptz, 'status', 'sale', 1,
                 ${JSON.stringify([{ field: 'status', from, to }])}::jsonb,
                 coalesce((select last_hash from audit_head), ${GENESIS_HASH}), ${hash}`);
      await entry('2026-01-01T00:00:00Z', 'draft', 'confirmed', 'a'.repeat(64));
      await entry('2026-03-01T02:30:00Z', 'confirmed', 'completed', 'b'.repeat(64));
      await database.migrate();
      const rows = rowsOf<{ id: number; completed_at: string | null }>(
        await db.execute(sql`select id, to_char(completed_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as completed_at
          from sales order by id`),
      );
      expect(rows).toEqual([
        { id: 1, completed_at: '2026-03-01 02:30' },
        { id: 2, completed_at: '2026-04-04 10:00' },
        { id: 3, completed_at: null },
      ]);
    } finally {
      await database.close();
    }
  });
});
