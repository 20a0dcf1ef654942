import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_RUT_MESSAGE } from '../../../src/domain/rut';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/**
 * docs/decisions/0087-ruts-in-one-form.md: a valid RUT is stored and returned as 12.345.678-5 however it
 * was typed, for clients, passengers, the company and its tax data; searches still find it by any
 * spelling; other IDs stay as typed; the company's RUTs need their check digit.
 */
let ctx: TestContext;
let admin: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.auth('admin');
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });

const newClient = (clientId: string) =>
  call('POST', '/api/clients', { name: `Cliente ${clientId}`, clientId });
const newPassenger = (passengerId: string) =>
  call('POST', '/api/passengers', {
    name: `Pasajero ${passengerId}`,
    passengerId,
    dateOfBirth: '1985-04-02',
  });

describe('clients', () => {
  it('stores a valid RUT as 12.345.678-5 however it was typed, and keeps it so on edit', async () => {
    const created = await newClient('123456785');
    expect(created.statusCode).toBe(201);
    const { id, clientId } = created.json().client;
    expect(clientId).toBe('12.345.678-5');
    expect((await call('GET', `/api/clients/${id}`)).json().data.clientId).toBe('12.345.678-5');

    const edited = await call('PUT', `/api/clients/${id}`, {
      name: 'Cliente editado',
      clientId: '12345678-5',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().client.clientId).toBe('12.345.678-5');
    expect((await call('GET', `/api/clients/${id}`)).json().data).toMatchObject({
      name: 'Cliente editado',
      clientId: '12.345.678-5',
    });

    expect((await newClient(' 10000013-k ')).json().client.clientId).toBe('10.000.013-K');
    expect((await newClient('9.876.545k')).json().client.clientId).toBe('9.876.545-K');
  });

  it('finds it by 123456785, 12345678-5 and 12.345.678-5', async () => {
    for (const q of ['123456785', '12345678-5', '12.345.678-5']) {
      const found = (await call('GET', `/api/clients?q=${encodeURIComponent(q)}`)).json().data;
      expect(
        found.map((c: { clientId: string }) => c.clientId),
        q,
      ).toEqual(['12.345.678-5']);
      const picked = (await call('GET', `/api/clients/search?q=${encodeURIComponent(q)}`)).json().clients;
      expect(
        picked.map((c: { clientId: string }) => c.clientId),
        q,
      ).toEqual(['12.345.678-5']);
    }
  });

  it('treats two spellings of one RUT as the same client', async () => {
    const dup = await newClient('12.345.678-5');
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Ya existe un cliente con este ID/RUT');
  });

  it('keeps an ID that is not a RUT as typed, and still refuses a wrong check digit', async () => {
    expect((await newClient('AB-123.456')).json().client.clientId).toBe('AB-123.456');
    const wrong = await newClient('22222222-3');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ path: 'clientId', message: INVALID_RUT_MESSAGE }]);
  });
});

describe('passengers', () => {
  it('stores a RUT document as 12.345.678-5, a passport as typed, and finds the RUT by any spelling', async () => {
    const created = await newPassenger('151112226');
    expect(created.statusCode).toBe(201);
    const { id, passengerId } = created.json().passenger;
    expect(passengerId).toBe('15.111.222-6');
    const edited = await call('PUT', `/api/passengers/${id}`, {
      name: 'Pasajera editada',
      passengerId: '15111222-6',
      dateOfBirth: '1985-04-02',
    });
    expect(edited.json().passenger.passengerId).toBe('15.111.222-6');
    expect((await newPassenger('15.111.222-6')).statusCode).toBe(409);
    expect((await newPassenger('x1234567')).json().passenger.passengerId).toBe('x1234567');

    for (const q of ['151112226', '15111222-6', '15.111.222-6']) {
      const found = (await call('GET', `/api/passengers?q=${encodeURIComponent(q)}`)).json().data;
      expect(
        found.map((p: { passengerId: string }) => p.passengerId),
        q,
      ).toEqual(['15.111.222-6']);
    }
  });
});

describe("the company's RUT", () => {
  it('refuses a wrong check digit on the field and stores a right one as 12.345.678-5', async () => {
    const wrong = await call('PUT', '/api/company/settings', { name: 'Agencia RUT', taxId: '76.123.456-7' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ path: 'taxId', message: INVALID_RUT_MESSAGE }]);

    const saved = await call('PUT', '/api/company/settings', { name: 'Agencia RUT', taxId: '761234560' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.taxId).toBe('76.123.456-0');
    expect((await call('GET', '/api/company/settings')).json().data.taxId).toBe('76.123.456-0');

    // Another country's tax ID is not a RUT: kept as typed.
    const foreign = await call('PUT', '/api/company/settings', { name: 'Agencia RUT', taxId: 'B-12345678' });
    expect(foreign.json().data.taxId).toBe('B-12345678');
  });

  it('stores the tax data RUT as 12.345.678-5 and refuses a wrong check digit', async () => {
    const tax = {
      rut: '96555453k',
      businessName: 'Viajes RUT SpA',
      businessActivity: 'Agencia de viajes',
      activityCode: 791100,
      address: 'Av. Providencia 1234',
      commune: 'Providencia',
      resolutionNumber: 0,
      resolutionDate: '2026-01-10',
      environment: 'certification',
    };
    const wrong = await call('PUT', '/api/company/tax', { ...tax, rut: '96.555.453-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      { path: 'rut', message: 'El RUT de la empresa no es válido (por ejemplo 76.123.456-0)' },
    ]);
    const saved = await call('PUT', '/api/company/tax', tax);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.rut).toBe('96.555.453-K');
    expect((await call('GET', '/api/company/tax')).json().data.rut).toBe('96.555.453-K');
  });
});
