// Configuraciones for electronic tax documents: tax data, certificate, CAFs
// (docs/product.md#company-settings).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { companyCertificate, dteCafs } from '../../../src/server/db/schema';
import { CAF_MESSAGES, CERTIFICATE_MESSAGES } from '../../../src/server/modules/dte';
import {
  COMPANY_RUT,
  COMPANY_RUT_STORED,
  HOLDER_RUT,
  makeCaf,
  makeP12,
  rsaPair,
} from '../../helpers/dte-fixtures';
import { createTestContext, type TestContext } from '../../helpers/test-app';

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

const tax = {
  rut: '76.123.456-0',
  businessName: 'Viajes Demo SpA',
  businessActivity: 'Agencia de viajes y turismo',
  activityCode: 791100,
  address: 'Av. Providencia 1234',
  commune: 'Providencia',
  resolutionNumber: 0,
  resolutionDate: '2026-01-10',
  environment: 'certification',
};

describe('tax data', () => {
  it('is absent until saved, then keeps the RUT as 76.123.456-0 however it was written', async () => {
    expect((await call('GET', '/api/company/tax')).json()).toEqual({});
    const saved = await call('PUT', '/api/company/tax', { ...tax, rut: COMPANY_RUT });
    expect(saved.statusCode).toBe(200);
    const expected = { ...tax, rut: COMPANY_RUT_STORED };
    expect(saved.json().data).toEqual(expected);
    expect((await call('GET', '/api/company/tax')).json().data).toEqual(expected);
  });

  it('refuses a wrong check digit, an unknown environment, an unknown field, and changes nothing', async () => {
    const before = (await call('GET', '/api/company/tax')).json();
    const wrongDigit = await call('PUT', '/api/company/tax', {
      ...tax,
      rut: '76.123.456-1',
      businessName: 'X',
    });
    expect(wrongDigit.statusCode).toBe(400);
    expect(wrongDigit.json().message).toContain('RUT de la empresa no es válido');
    for (const body of [
      { ...tax, environment: 'prod' },
      { ...tax, activityCode: '79a' },
      { ...tax, resolutionNumber: -1 },
      { ...tax, extra: 1 },
      { ...tax, businessName: '' },
    ]) {
      expect((await call('PUT', '/api/company/tax', body)).statusCode).toBe(400);
    }
    expect((await call('GET', '/api/company/tax')).json()).toEqual(before);
  });
});

describe('certificate', () => {
  const p12 = makeP12({ notAfter: new Date('2027-03-31T23:59:59Z') });

  it('refuses a wrong password and an expired certificate, storing nothing', async () => {
    const wrong = await call('POST', '/api/company/certificate', { file: p12.base64, password: 'no' });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, CERTIFICATE_MESSAGES.password]);
    const old = makeP12({ notBefore: new Date('2023-01-01Z'), notAfter: new Date('2024-01-01Z') });
    const expired = await call('POST', '/api/company/certificate', {
      file: old.base64,
      password: old.password,
    });
    expect([expired.statusCode, expired.json().message]).toEqual([400, CERTIFICATE_MESSAGES.expired]);
    expect((await call('GET', '/api/company/certificate')).json()).toEqual({});
  });

  it('answers the holder and expiry, keeps the key sealed and never returns it', async () => {
    const saved = await call('POST', '/api/company/certificate', {
      file: p12.base64,
      password: p12.password,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ data: { holderRut: HOLDER_RUT, validTo: '2027-03-31T23:59:59.000Z' } });
    const status = await call('GET', '/api/company/certificate');
    expect(status.json()).toEqual({
      data: { holderRut: HOLDER_RUT, validTo: '2027-03-31T23:59:59.000Z', usable: true },
    });
    const [row] = await ctx.db.select().from(companyCertificate);
    expect(row?.encryptedKey).toMatch(/^v1:/);
    expect(row?.encryptedKey).not.toContain('PRIVATE KEY');
    for (const body of [saved.body, status.body]) expect(body).not.toContain(row?.encryptedKey.slice(3, 40));
    const trail = await call('GET', '/api/audit?entity=certificate');
    const changes = trail.json().entries[0].changes.map((c: { field: string }) => c.field);
    expect(changes.sort()).toEqual(['holderRut', 'validTo']);
  });

  it('says the key cannot be opened on a server with another SECRET_KEY (a restore elsewhere)', async () => {
    const other = await buildApp({
      database: ctx.database,
      demo: false,
      secretKey: 'otra-clave-de-otro-servidor',
    });
    try {
      const status = await other.inject({ method: 'GET', url: '/api/company/certificate', headers: admin });
      expect(status.json().data.usable).toBe(false);
    } finally {
      await other.close();
    }
  });
});

describe('CAF', () => {
  const upload = (xml: string) => call('POST', '/api/company/cafs', { xml });

  it('stores a CAF of the company and lists its folios left per type', async () => {
    const first = await upload(makeCaf({ type: 33, from: 1, to: 100 }).xml);
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toEqual({
      id: expect.any(Number),
      type: 33,
      from: 1,
      to: 100,
      left: 100,
      authorizedOn: '2026-01-15',
    });
    expect((await upload(makeCaf({ type: 61, from: 1, to: 20 }).xml)).statusCode).toBe(201);
    expect((await upload(makeCaf({ type: 33, from: 101, to: 150 }).xml)).statusCode).toBe(201);
    const list = (await call('GET', '/api/company/cafs')).json().data;
    expect(list.map((c: { type: number; from: number; left: number }) => [c.type, c.from, c.left])).toEqual([
      [33, 1, 100],
      [33, 101, 50],
      [61, 1, 20],
    ]);
  });

  it('refuses an overlapping range, another RUT, another type, keys that do not match; nothing is stored', async () => {
    const before = await ctx.db.select().from(dteCafs);
    const overlap = await upload(makeCaf({ type: 33, from: 150, to: 200 }).xml);
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().message).toContain('se superponen');
    const refusals = [
      [makeCaf({ rut: '11111111-1' }).xml, CAF_MESSAGES.rut],
      [makeCaf({ type: 52, from: 500, to: 600 }).xml, CAF_MESSAGES.type],
      [makeCaf({ from: 900, to: 950, wrongPrivateKey: rsaPair(512).privateKey }).xml, CAF_MESSAGES.key],
      ['<AUTORIZACION></AUTORIZACION>', CAF_MESSAGES.format],
    ] as const;
    for (const [xml, message] of refusals) {
      const refused = await upload(xml);
      expect([refused.statusCode, refused.json().message]).toEqual([400, message]);
    }
    expect(await ctx.db.select().from(dteCafs)).toEqual(before);
  });

  it('lets only one of two uploads of one range in at once', async () => {
    const file = makeCaf({ type: 34, from: 1, to: 10 }).xml;
    const statuses = (await Promise.all([upload(file), upload(file)])).map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409]);
  });
});
