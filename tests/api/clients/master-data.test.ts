import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSaleRefs, saleBody } from '../../helpers/sales';
import { createTestContext, type TestContext } from '../../helpers/test-app';

let ctx: TestContext;
let asAdmin: Record<string, string>;
let asSales: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  asAdmin = await ctx.auth('admin');
  asSales = await ctx.auth('sales');
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, headers = asAdmin) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('clients', () => {
  it("creates, reads, lists, updates and deletes, with the original client's bodies", async () => {
    const created = await call(
      'POST',
      '/api/clients',
      { name: '  José Núñez ', clientId: '12.345.678-5', email: 'JOSE@Correo.cl', address: 'Av. Italia 100' },
      asSales,
    );
    expect(created.statusCode).toBe(201);
    const client = created.json().client;
    expect(created.json().message).toBe('Cliente creado');
    expect(client).toEqual({
      id: expect.any(Number),
      name: 'José Núñez',
      clientId: '12.345.678-5',
      email: 'jose@correo.cl',
      address: 'Av. Italia 100',
    });
    expect((await call('GET', `/api/clients/${client.id}`)).json()).toEqual({ data: client });
    const updated = await call('PUT', `/api/clients/${client.id}`, { name: 'José Núñez Soto', email: '' });
    // Blank and absent optional fields are cleared, and a cleared field is left out of the reply.
    expect(updated.json().client).toEqual({ id: client.id, name: 'José Núñez Soto' });
    const list = await call('GET', '/api/clients?page=1&limit=10');
    expect(list.json().data.map((c: { id: number }) => c.id)).toContain(client.id);
    expect(list.json().pagination).toEqual(expect.objectContaining({ page: 1, limit: 10 }));
    expect((await call('DELETE', `/api/clients/${client.id}`)).json()).toEqual({
      message: 'Cliente eliminado',
    });
    const gone = await call('GET', `/api/clients/${client.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Cliente no encontrado');
  });

  it("gives the product's validation messages and stores nothing", async () => {
    const before = (await call('GET', '/api/clients')).json().pagination.total;
    const res = await call('POST', '/api/clients', { name: ' ', email: 'no-es-correo', clientId: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Name is required' },
        { path: 'email', message: 'Invalid email address' },
      ]),
    );
    // A blank optional field is not given (the original client form sends empty fields,
    // docs/product.md#conventions).
    expect(res.json().errors.map((e: { path: string }) => e.path)).not.toContain('clientId');
    expect((await call('POST', '/api/clients', { name: 'X', isAdmin: true })).statusCode).toBe(400);
    expect((await call('GET', '/api/clients')).json().pagination.total).toBe(before);
  });

  it('searches ignoring case, accents, and dots and dashes in the RUT', async () => {
    const { client } = (
      await call('POST', '/api/clients', { name: 'María Peña', clientId: '9.876.545-K' })
    ).json();
    for (const q of ['maria pena', 'PEÑA', '9876545k', '9.876.545-k', '876 545']) {
      const found = await call('GET', `/api/clients/search?q=${encodeURIComponent(q)}`);
      expect(
        found.json().clients.map((c: { id: number }) => c.id),
        q,
      ).toContain(client.id);
    }
    const listed = await call('GET', '/api/clients?q=pena');
    expect(listed.json().data.map((c: { id: number }) => c.id)).toContain(client.id);
    const none = await call('GET', '/api/clients/search?q=zzzz%25');
    expect(none.json().clients).toEqual([]);
  });

  it('pages through results', async () => {
    for (let i = 0; i < 5; i++) await call('POST', '/api/clients', { name: `Paginado ${i}` });
    const first = (await call('GET', '/api/clients?q=paginado&limit=2&page=1')).json();
    const third = (await call('GET', '/api/clients?q=paginado&limit=2&page=3')).json();
    expect(first.pagination).toEqual({ page: 1, limit: 2, total: 5, totalPages: 3 });
    expect(first.data.map((c: { name: string }) => c.name)).toEqual(['Paginado 0', 'Paginado 1']);
    expect(third.data.map((c: { name: string }) => c.name)).toEqual(['Paginado 4']);
  });
});

describe('passengers', () => {
  it('accepts a dd/mm/yyyy birth date and stores it as yyyy-mm-dd', async () => {
    const res = await call(
      'POST',
      '/api/passengers',
      { name: 'Ana Rojas', passengerId: '15.111.222-6', dateOfBirth: '05/03/1988' },
      asSales,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().passenger).toEqual(expect.objectContaining({ dateOfBirth: '1988-03-05' }));
    expect('email' in res.json().passenger).toBe(false);
  });

  it("gives the product's messages for a new passenger", async () => {
    const res = await call('POST', '/api/passengers', {
      name: '',
      passengerId: '',
      dateOfBirth: '',
      email: 'x',
    });
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'El nombre es requerido' },
        { path: 'passengerId', message: 'El ID del pasajero es requerido' },
        { path: 'dateOfBirth', message: 'La fecha de nacimiento es requerida' },
        { path: 'email', message: 'Email inválido' },
      ]),
    );
    const badDate = await call('POST', '/api/passengers', {
      name: 'A',
      passengerId: 'P1',
      dateOfBirth: '31/02/1990',
    });
    expect(badDate.statusCode).toBe(400);
  });

  it('refuses a duplicate passenger ID written with other dots and dashes', async () => {
    const dup = await call('POST', '/api/passengers', {
      name: 'Otra',
      passengerId: '151112226',
      dateOfBirth: '1990-01-01',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Ya existe un pasajero con ese ID');
  });

  it('searches by name, e-mail and ID', async () => {
    await call('POST', '/api/passengers', {
      name: 'Íñigo Ibáñez',
      passengerId: 'X-99',
      dateOfBirth: '1970-12-31',
      email: 'inigo@viaje.es',
    });
    for (const q of ['inigo ibanez', 'viaje.es', 'x99']) {
      const found = (await call('GET', `/api/passengers/search?q=${encodeURIComponent(q)}`)).json();
      expect(
        found.passengers.map((p: { name: string }) => p.name),
        q,
      ).toContain('Íñigo Ibáñez');
    }
  });
});

describe.each(['suppliers', 'operators', 'classifications'] as const)('%s', (kind) => {
  const one = { suppliers: 'supplier', operators: 'operator', classifications: 'classification' }[kind];
  const required = kind === 'suppliers' ? 'Name is required' : 'El nombre es requerido';

  it('creates, renames, searches and deletes; names are unique ignoring case', async () => {
    const created = await call('POST', `/api/${kind}`, { name: `Línea Ñandú ${kind}` });
    expect(created.statusCode).toBe(201);
    const record = created.json()[one];
    // A classification also says whether its items pay IVA: by region unless told
    // (docs/decisions/0056-exempt-taxable-and-pesos.md).
    const tax = kind === 'classifications' ? { taxTreatment: 'byRegion' } : {};
    expect(record).toEqual({ id: expect.any(Number), name: `Línea Ñandú ${kind}`, ...tax });
    const dup = await call('POST', `/api/${kind}`, { name: `LÍNEA ÑANDÚ ${kind.toUpperCase()}` });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toMatch(/^Ya existe/);
    const found = await call('GET', `/api/${kind}/search?q=nandu`);
    expect(found.json()[kind]).toEqual([record]);
    const renamed = await call('PUT', `/api/${kind}/${record.id}`, { name: 'Renombrado' });
    expect(renamed.json()[one].name).toBe('Renombrado');
    expect((await call('DELETE', `/api/${kind}/${record.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/${kind}/${record.id}`)).statusCode).toBe(404);
  });

  it("requires a name with the product's message", async () => {
    const res = await call('POST', `/api/${kind}`, { name: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(required);
  });

  it('is read-only for sales and finance', async () => {
    expect((await call('GET', `/api/${kind}`, undefined, asSales)).statusCode).toBe(200);
    expect((await call('POST', `/api/${kind}`, { name: 'Intento' }, asSales)).statusCode).toBe(403);
  });
});

describe('deleting a record that a sale uses', () => {
  it('is refused with a Spanish reason and deletes nothing', async () => {
    const refs = await createSaleRefs(ctx, 'uso');
    const sale = await call('POST', '/api/sales', saleBody(refs, ctx.users.sales.id));
    expect(sale.statusCode).toBe(201);
    const ids = {
      clientId: refs.client.id,
      supplierId: refs.supplier.id,
      operatorId: refs.operator.id,
      classificationId: refs.classification.id,
    };
    const passengerId = refs.passengers[0]?.id as number;

    const cases: [string, number, RegExp][] = [
      ['clients', ids.clientId, /cliente.*ventas asociadas/],
      ['suppliers', ids.supplierId, /proveedor/],
      ['operators', ids.operatorId, /operador/],
      ['classifications', ids.classificationId, /clasificación/],
      ['passengers', passengerId, /pasajero.*ventas/],
    ];
    for (const [kind, id, message] of cases) {
      const res = await call('DELETE', `/api/${kind}/${id}`);
      expect(res.statusCode, kind).toBe(409);
      expect(res.json().message).toMatch(message);
      expect((await call('GET', `/api/${kind}/${id}`)).statusCode).toBe(200);
    }
  });
});
