import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { normalizeRut, rutCheckDigit } from '../../../src/domain/rut';
import { releaseBefore, rowsOf } from '../../helpers/scratch-databases';

/*
 * Migration ruts_one_form (docs/decisions/0087-ruts-in-one-form.md) on a database of the release before
 * it: every valid RUT saved as a client's or passenger's ID, the company's RUT and the tax data's RUT
 * becomes 12.345.678-5; passports and RUTs with a wrong check digit stay as typed; IDs compare as before.
 */

const start = releaseBefore('0034_ruts_one_form');

const clientIds = ['123456785', '12345678-5', ' 9876545k ', '22222222-3', 'AB123456', '12.345.678-5'];
const passengerIds = ['151112226', '1.000.001-7', '11111111-2', 'x1234567'];

describe('upgrading saved RUTs to one form', () => {
  it('rewrites the valid RUTs and leaves every other ID as typed', async () => {
    const database = await start.open();
    try {
      const { db } = database;
      for (const id of [...clientIds, null])
        await db.execute(sql`insert into clients (name, client_id) values ('Cliente', ${id})`);
      for (const id of passengerIds)
        await db.execute(sql`insert into passengers (name, passenger_id, date_of_birth)
          values ('Pasajero', ${id}, '1980-01-01')`);
      await db.execute(sql`insert into company_settings (name, tax_id) values ('Agencia', '761234560')`);
      await db.execute(sql`insert into company_tax (rut, business_name, business_activity, activity_code,
        address, commune, resolution_number, resolution_date, environment)
        values ('96555453-k', 'Agencia SpA', 'Turismo', 791100, 'Calle 1', 'Santiago', 0, '2026-01-10',
        'certification')`);
      const keys = async () =>
        rowsOf<{ kind: string; id: number; key: string | null; search: string }>(
          await db.execute(sql`select 'client' as kind, id, f_id_key(client_id) as key, search_text as search
            from clients union all select 'passenger', id, f_id_key(passenger_id), search_text from passengers
            order by kind, id`),
        );
      const keysBefore = await keys();

      await database.migrate();

      const values = async (query: ReturnType<typeof sql>) =>
        rowsOf<{ value: string | null }>(await db.execute(query)).map((r) => r.value);
      expect(await values(sql`select client_id as value from clients order by id`)).toEqual([
        '12.345.678-5',
        '12.345.678-5',
        '9.876.545-K',
        '22222222-3',
        'AB123456',
        '12.345.678-5',
        null,
      ]);
      expect(await values(sql`select passenger_id as value from passengers order by id`)).toEqual([
        '15.111.222-6',
        '1.000.001-7',
        '11111111-2',
        'x1234567',
      ]);
      expect(await values(sql`select tax_id as value from company_settings`)).toEqual(['76.123.456-0']);
      expect(await values(sql`select rut as value from company_tax`)).toEqual(['96.555.453-K']);
      // Searches and duplicate checks compare the same keys as before.
      expect(await keys()).toEqual(keysBefore);
    } finally {
      await database.close();
    }
  });

  it('writes in SQL what normalizeRut writes, for RUTs right and wrong and other IDs', async () => {
    const database = await start.open();
    try {
      await database.migrate();
      const bodies = Array.from({ length: 300 }, (_, i) => 1_000_000 + ((i * 7_654_321) % 98_999_999));
      const samples = [
        ...bodies.flatMap((body) => {
          const digit = rutCheckDigit(body);
          const wrong = digit === '1' ? '2' : '1';
          return [`${body}${digit.toLowerCase()}`, `${body}-${digit}`, `${body}-${wrong}`];
        }),
        '12.345.678-5',
        '12.345678-5',
        ' 12345678 - 5 ',
        '10000013K',
        '123456-0',
        '123456789-0',
        '12.34.5678-5',
        'AB123456',
        'P-12345678-5',
        '',
      ];
      const rows = rowsOf<{ sample: string; canonical: string | null }>(
        await database.db.execute(
          sql`select s as sample, f_rut_canonical(s) as canonical
            from json_array_elements_text(${JSON.stringify(samples)}::json) as s`,
        ),
      );
      for (const { sample, canonical } of rows)
        expect(canonical ?? sample, sample).toBe(normalizeRut(sample));
      expect(rows.filter((r) => r.canonical !== null).length).toBeGreaterThan(600);
    } finally {
      await database.close();
    }
  });
});
