import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCsv } from '../../helpers/exports';
import { createSaleRefs, itemBody, saleBody } from '../../helpers/sales';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/** What a passenger travels with: nationality, document type, number and expiry, phone (decision 0096). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: await ctx.auth('sales'), ...(payload ? { payload } : {}) });

const base = { name: 'Valentina Rojas', passengerId: 'VR-100', dateOfBirth: '1992-03-14' };

describe('a passenger travel document', () => {
  it('is saved, listed, shown on the sale and exported; a RUT document is stored in its one form', async () => {
    const created = await call('POST', '/api/passengers', {
      ...base,
      nationality: 'cl',
      documentType: 'rut',
      documentNumber: '123456785',
      documentExpiry: '30/06/2031',
      phone: ' +56 9 8765 4321 ',
    });
    expect(created.statusCode, created.body).toBe(201);
    const passenger = created.json().passenger;
    const expected = {
      nationality: 'CL',
      documentType: 'rut',
      documentNumber: '12.345.678-5',
      documentExpiry: '2031-06-30',
      phone: '+56 9 8765 4321',
    };
    expect(passenger).toMatchObject(expected);
    expect((await call('GET', `/api/passengers/${passenger.id}`)).json().data).toMatchObject(expected);
    expect((await call('GET', '/api/passengers?q=Valentina')).json().data).toEqual([
      expect.objectContaining(expected),
    ]);

    const refs = await createSaleRefs(ctx, 'doc');
    const body = saleBody(refs, ctx.users.sales.id, {
      items: [itemBody(refs, { passengers: [passenger.id] })],
    });
    const sale = await call('POST', '/api/sales', body);
    expect(sale.statusCode, sale.body).toBe(201);
    const detail = (await call('GET', `/api/sales/${sale.json().sale.id}`)).json();
    expect(detail.items[0].passengers).toEqual([expect.objectContaining({ id: passenger.id, ...expected })]);

    const file = await call('GET', '/api/passengers/export?format=csv&q=Valentina');
    const sheet = readCsv(file.rawPayload);
    expect(sheet.header).toEqual([
      'Nombre',
      'ID',
      'Email',
      'Fecha de nacimiento',
      'Nacionalidad',
      'Tipo de documento',
      'Número de documento',
      'Vencimiento del documento',
      'Teléfono',
    ]);
    expect(sheet.rows[0]?.slice(4, 7)).toEqual(['Chile', 'RUT', '12.345.678-5']);
    // A leading + would make Excel read a formula: the export's quote keeps it text (decision 0022).
    expect(sheet.rows[0]?.[8]).toBe("'+56 9 8765 4321");
  });

  it("keeps the fields a PUT leaves out (the original client's body), and clears them when blank", async () => {
    const { passenger } = (
      await call('POST', '/api/passengers', {
        ...base,
        passengerId: 'VR-200',
        documentType: 'passport',
        documentNumber: 'F1234567',
        documentExpiry: '2030-01-15',
        nationality: 'AR',
      })
    ).json();
    // The spec's passenger body: name, passengerId, email, dateOfBirth only.
    const original = await call('PUT', `/api/passengers/${passenger.id}`, { ...base, passengerId: 'VR-200' });
    expect(original.statusCode, original.body).toBe(200);
    expect(original.json().passenger).toMatchObject({
      documentType: 'passport',
      documentNumber: 'F1234567',
      documentExpiry: '2030-01-15',
      nationality: 'AR',
    });
    const cleared = await call('PUT', `/api/passengers/${passenger.id}`, {
      ...base,
      passengerId: 'VR-200',
      documentNumber: '',
      documentExpiry: null,
    });
    const after = cleared.json().passenger;
    expect(after.documentNumber).toBeUndefined();
    expect(after.documentExpiry).toBeUndefined();
    expect(after).toMatchObject({ documentType: 'passport', nationality: 'AR' });
  });

  it('refuses a wrong RUT document, an impossible expiry, an unknown country or type, changing nothing', async () => {
    const refused = async (body: object, path: string, message: string | RegExp) => {
      const res = await call('POST', '/api/passengers', { ...base, passengerId: 'VR-300', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors).toContainEqual({ path, message: expect.stringMatching(message) });
    };
    await refused({ documentType: 'rut', documentNumber: '12.345.678-9' }, 'documentNumber', /RUT válido/);
    await refused({ documentType: 'rut', documentNumber: 'F1234567' }, 'documentNumber', /RUT válido/);
    await refused({ documentExpiry: '31/02/2030' }, 'documentExpiry', /no es válida/);
    await refused({ documentExpiry: '2030-13-01' }, 'documentExpiry', /no es válida/);
    await refused({ nationality: 'XX' }, 'nationality', /código de país/);
    await refused({ documentType: 'cedula' }, 'documentType', /RUT, Pasaporte, DNI u Otro/);
    await refused({ phone: 'llamar' }, 'phone', /teléfono/);
    await refused({ documentNumber: 'uno\ndos' }, 'documentNumber', /una línea|línea/);
    expect((await call('GET', '/api/passengers?q=VR-300')).json().data).toEqual([]);

    // A passport number that happens to look like a RUT stays as typed.
    const passport = await call('POST', '/api/passengers', {
      ...base,
      passengerId: 'VR-301',
      documentType: 'passport',
      documentNumber: '123456785',
    });
    expect(passport.json().passenger.documentNumber).toBe('123456785');
    // An edit turning that passport into a RUT document is checked against the saved number.
    const { id } = passport.json().passenger;
    const turned = await call('PUT', `/api/passengers/${id}`, {
      ...base,
      passengerId: 'VR-301',
      documentType: 'rut',
    });
    expect(turned.statusCode).toBe(200);
    const wrong = await call('POST', '/api/passengers', {
      ...base,
      passengerId: 'VR-302',
      documentType: 'passport',
      documentNumber: 'X9',
    });
    const edit = await call('PUT', `/api/passengers/${wrong.json().passenger.id}`, {
      ...base,
      passengerId: 'VR-302',
      documentType: 'rut',
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().errors).toContainEqual({
      path: 'documentNumber',
      message: expect.stringMatching(/RUT/),
    });
    expect((await call('GET', `/api/passengers/${wrong.json().passenger.id}`)).json().data.documentType).toBe(
      'passport',
    );
  });
});
