import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rutCheckDigit } from '../../../src/domain/rut';
import { clients, passengers } from '../../../src/server/db/schema';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/**
 * docs/decisions/0042-server-refuses-wrong-input.md: the server refuses a client ID/RUT with a wrong check
 * digit or that another client has (dots, dashes, spaces and case ignored), also under concurrency; a
 * passenger ID written like a RUT needs its check digit. Rows saved before stay editable and are listed for
 * the admin.
 */
let ctx: TestContext;
let admin: Record<string, string>;
let sales: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth('admin');
  sales = await ctx.auth('sales');
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, payload?: object, headers = admin) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

let body = 20_000_000;
/** A RUT no other test here uses, dotted with its right check digit, and the same one plain. */
function newRut() {
  const digits = String(++body);
  const digit = rutCheckDigit(digits);
  return {
    dotted: `${digits.slice(0, 2)}.${digits.slice(2, 5)}.${digits.slice(5)}-${digit}`,
    plain: `${digits}${digit.toLowerCase()}`,
    wrong: `${digits}-${digit === '1' ? '2' : '1'}`,
  };
}

describe('client ID/RUT on create and update', () => {
  it('refuses a RUT with a wrong check digit, and accepts IDs that are not RUTs', async () => {
    const rut = newRut();
    const res = await call('POST', '/api/clients', { name: 'Dígito Malo', clientId: rut.wrong });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'El dígito verificador del RUT no es válido',
      errors: [{ path: 'clientId', message: 'El dígito verificador del RUT no es válido' }],
    });
    expect((await call('POST', '/api/clients', { name: 'Pasaporte', clientId: 'AB123456' })).statusCode).toBe(
      201,
    );
  });

  it('refuses an ID another client has, written otherwise, naming that client', async () => {
    const rut = newRut();
    const first = (await call('POST', '/api/clients', { name: 'Primera', clientId: rut.dotted })).json()
      .client;
    const dup = await call('POST', '/api/clients', { name: 'Segunda', clientId: ` ${rut.plain} ` }, sales);
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      message: 'Ya existe un cliente con este ID/RUT',
      errors: [{ path: 'clientId', message: 'Ya existe un cliente con este ID/RUT' }],
      existing: { id: first.id, name: 'Primera' },
    });

    const other = (await call('POST', '/api/clients', { name: 'Otra', clientId: newRut().dotted })).json()
      .client;
    const moved = await call('PUT', `/api/clients/${other.id}`, { name: 'Otra', clientId: rut.plain });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().existing).toEqual({ id: first.id, name: 'Primera' });

    // Its own ID, written another way, is no duplicate (and is stored in its one form, decision 0087).
    const same = await call('PUT', `/api/clients/${first.id}`, { name: 'Primera', clientId: rut.plain });
    expect(same.statusCode).toBe(200);
    expect(same.json().client.clientId).toBe(rut.dotted);
  });

  it('lets only one of several parallel creates of one RUT through', async () => {
    const rut = newRut();
    const replies = await Promise.all(
      [rut.dotted, rut.plain, rut.dotted, rut.plain, rut.dotted].map((clientId, n) =>
        call('POST', '/api/clients', { name: `Paralelo ${n}`, clientId }),
      ),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
  });
});

describe('rows saved before the rules', () => {
  it('stay editable in their other fields and are listed for the admin', async () => {
    const rut = newRut();
    const [legacyBad] = await ctx.db
      .insert(clients)
      .values({ name: 'Antiguo Dígito', clientId: rut.wrong })
      .returning();
    const twin = newRut();
    const [twinA, twinB] = await ctx.db
      .insert(clients)
      .values([
        { name: 'Gemelo A', clientId: twin.dotted },
        { name: 'Gemelo B', clientId: twin.plain },
      ])
      .returning();
    if (!legacyBad || !twinA || !twinB) throw new Error('insert failed');

    const renamed = await call('PUT', `/api/clients/${legacyBad.id}`, {
      name: 'Antiguo Renombrado',
      clientId: rut.wrong,
    });
    expect(renamed.statusCode).toBe(200);
    const twinEdit = await call('PUT', `/api/clients/${twinB.id}`, {
      name: 'Gemelo B',
      clientId: twin.plain,
      address: 'Calle 2',
    });
    expect(twinEdit.statusCode).toBe(200);
    expect((await call('GET', `/api/clients/${legacyBad.id}`)).json().data.clientId).toBe(rut.wrong);

    expect((await call('GET', '/api/clients/id-problems', undefined, sales)).statusCode).toBe(403);
    const problems = await call('GET', '/api/clients/id-problems');
    expect(problems.statusCode).toBe(200);
    expect(problems.json().invalid).toContainEqual({
      id: legacyBad.id,
      name: 'Antiguo Renombrado',
      clientId: rut.wrong,
    });
    expect(problems.json().duplicates).toContainEqual({
      key: twin.plain.toUpperCase(),
      clients: [
        { id: twinA.id, name: 'Gemelo A', clientId: twin.dotted },
        // Its edit above stored its RUT in the one form: still the same ID as A's.
        { id: twinB.id, name: 'Gemelo B', clientId: twin.dotted },
      ],
    });

    // Fixed by the admin: the right digit, then no longer listed.
    const fixed = await call('PUT', `/api/clients/${legacyBad.id}`, {
      name: 'Antiguo Renombrado',
      clientId: rut.dotted,
    });
    expect(fixed.statusCode).toBe(200);
    const after = (await call('GET', '/api/clients/id-problems')).json();
    expect(after.invalid.map((c: { id: number }) => c.id)).not.toContain(legacyBad.id);
  });
});

describe('passenger IDs written like a RUT', () => {
  it('need the right check digit when new or changed; passports and saved rows pass', async () => {
    const rut = newRut();
    const bad = await call('POST', '/api/passengers', {
      name: 'Pasajero Malo',
      passengerId: rut.wrong,
      dateOfBirth: '1990-01-01',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { path: 'passengerId', message: 'El dígito verificador del RUT no es válido' },
    ]);
    const good = await call('POST', '/api/passengers', {
      name: 'Pasajero Bueno',
      passengerId: rut.dotted,
      dateOfBirth: '1990-01-01',
    });
    expect(good.statusCode).toBe(201);
    const passport = { name: 'Pasaporte', passengerId: 'X1234567', dateOfBirth: '1990-01-01' };
    expect((await call('POST', '/api/passengers', passport)).statusCode).toBe(201);

    const other = newRut();
    const [legacy] = await ctx.db
      .insert(passengers)
      .values({ name: 'Pasajero Antiguo', passengerId: other.wrong, dateOfBirth: '1980-01-01' })
      .returning();
    const edit = { name: 'Pasajero Antiguo Editado', passengerId: other.wrong, dateOfBirth: '1980-01-01' };
    expect((await call('PUT', `/api/passengers/${legacy?.id}`, edit)).statusCode).toBe(200);
    const changed = await call('PUT', `/api/passengers/${good.json().passenger.id}`, {
      name: 'Pasajero Bueno',
      passengerId: newRut().wrong,
      dateOfBirth: '1990-01-01',
    });
    expect(changed.statusCode).toBe(400);
  });
});
