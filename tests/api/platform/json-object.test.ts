import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computed, jsonObjectText } from '../../../src/server/db/json-object';
import { auditLog, clients } from '../../../src/server/db/schema';
import { openTestDatabase, type TestDatabase } from '../../helpers/test-app';

/*
 * The JSON text PostgreSQL writes by concatenation (src/server/db/json-object.ts) must be what
 * JSON.stringify would write of the same values: escapes, numbers, dates, times and absent nulls.
 * Node sends it as it is, so a wrong escape would reach the browser as a broken reply.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const NASTY = 'Comillas " barra \\ / tab\t salto\n retorno\r ñandú 😀 \u0001 </script>';

async function objectOf(query: ReturnType<typeof sql>): Promise<{ text: string; value: unknown }> {
  // Both drivers answer raw SQL with { rows }; the shared type cannot say so.
  const result = (await database.db.execute(query)) as unknown as { rows: Array<{ text: string }> };
  const text = result.rows[0]?.text ?? '';
  return { text, value: JSON.parse(text) };
}

describe('jsonObjectText', () => {
  it('writes text, numbers, dates, times and JSON text as JSON.stringify would, nested, with nullable keys left out', async () => {
    const client = {
      id: 7,
      name: NASTY,
      clientId: null,
      email: 'a"b@c.cl',
    };
    const json = jsonObjectText({
      id: clients.id,
      name: clients.name,
      clientId: clients.clientId,
      email: clients.email,
      price: computed(sql`12345.60::numeric(14,2)`, 'number'),
      negative: computed(sql`-0.5::numeric`, 'number'),
      nothing: computed(sql`null::text`, 'text', true),
      day: computed(sql`'2027-03-09'::date`, 'text'),
      at: computed(sql`'2026-11-29 13:45:06.789123+00'::timestamptz`, 'time'),
      inner: { count: computed(sql`3`, 'number'), word: computed(sql`${NASTY}::text`, 'text') },
      list: computed(sql`'[' || ${jsonObjectText({ n: computed(sql`1`, 'number') })} || ']'`, 'json'),
    });
    const { value } = await objectOf(
      sql`select ${json} as text from (select ${client.id}::int as id, ${client.name}::text as name,
        null::text as client_id, ${client.email}::text as email) as ${clients}`,
    );
    expect(value).toEqual({
      id: 7,
      name: NASTY,
      email: 'a"b@c.cl',
      price: 12345.6,
      negative: -0.5,
      day: '2027-03-09',
      at: new Date('2026-11-29T13:45:06.789Z').toISOString(),
      inner: { count: 3, word: NASTY },
      list: [{ n: 1 }],
    });
    expect(Object.keys(value as object)).not.toContain('clientId');
    expect(Object.keys(value as object)).not.toContain('nothing');
  });

  it('keeps the keys in the order given, as the reply schemas list them', async () => {
    const json = jsonObjectText({ b: computed(sql`1`, 'number'), a: computed(sql`'x'::text`, 'text') });
    const { text } = await objectOf(sql`select ${json} as text`);
    expect(text).toBe('{"b":1,"a":"x"}');
  });

  it('refuses at build time a first field that may be null, a key it cannot write, and a column without a JSON form', () => {
    expect(() => jsonObjectText({ email: clients.email, id: clients.id })).toThrow(/primer campo/);
    expect(() => jsonObjectText({ id: clients.id, 'bad"key': clients.name })).toThrow(/clave no admitida/);
    expect(() => jsonObjectText({ id: auditLog.id, changes: auditLog.changes })).toThrow(
      /no tiene forma JSON/,
    );
  });
});
