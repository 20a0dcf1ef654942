import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { releaseBefore, rowsOf } from '../../helpers/scratch-databases';
import { insertUser } from '../../helpers/test-app';

/*
 * Migration email_scope_seller (decision 0079) on a database of the release before it: a message a
 * seller queued keeps that seller as its scope, any other (an admin's or finance's statement, a
 * reminder) gets none, so no seller reads a statement of the whole client.
 */

const start = releaseBefore('0032_email_scope_seller');

describe("upgrading the queued messages to their attachment's scope", () => {
  it("gives a seller's messages that seller's scope and every other message none", async () => {
    const database = await start.open();
    try {
      const { db } = database;
      const seller = await insertUser(db, 'sales', 'antes_alcance');
      const admin = await insertUser(db, 'admin', 'antes_alcance');
      const finance = await insertUser(db, 'finance', 'antes_alcance');
      const [client] = rowsOf<{ id: number }>(
        await db.execute(sql`insert into clients (name) values ('Cliente antiguo') returning id`),
      );
      const queued = async (kind: string, createdBy: number | null) =>
        rowsOf<{ id: number }>(
          await db.execute(sql`insert into emails (kind, client_id, to_addresses, subject, body, message_id,
            created_by) values (${kind}, ${client?.id}, '{a@b.cl}', 'Asunto', 'Cuerpo',
            ${`<${kind}-${createdBy}@agencia.invalid>`}, ${createdBy}) returning id`),
        )[0]?.id;
      const ids = {
        seller: await queued('statement', seller.id),
        admin: await queued('statement', admin.id),
        finance: await queued('statement', finance.id),
        reminder: await queued('reminder', null),
      };

      await database.migrate();

      const scopes = rowsOf<{ id: number; scope_seller_id: number | null }>(
        await db.execute(sql`select id, scope_seller_id from emails order by id`),
      );
      expect(scopes).toEqual([
        { id: ids.seller, scope_seller_id: seller.id },
        { id: ids.admin, scope_seller_id: null },
        { id: ids.finance, scope_seller_id: null },
        { id: ids.reminder, scope_seller_id: null },
      ]);
    } finally {
      await database.close();
    }
  });
});
