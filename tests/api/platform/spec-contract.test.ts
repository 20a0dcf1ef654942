import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSaleRefs, type SaleRefs } from '../../helpers/sales';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/**
 * The calls the original client (docs/product.md#api) makes, sent as it sends them: a JSON content type and a
 * bearer token on every call (bodiless GETs, DELETEs, PATCHes and the logout included), the bodies its forms
 * build (blank optional fields, `saleData.client`, the flat sale edit, items carrying names and
 * `{ passengerId }` passengers), and each reply read at the field that client reads.
 */
let ctx: TestContext;
let refs: SaleRefs;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  refs = await createSaleRefs(ctx, 'contrato');
  token = await ctx.tokenFor('admin');
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
async function call(method: Method, url: string, body?: unknown, bearer = token) {
  const res = await ctx.app.inject({
    method,
    url,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  if (res.statusCode >= 400) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

describe('auth and users', () => {
  it('signs in reading data.user and data.token, and signs out with no body', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: ctx.users.sales.email, password: ctx.users.sales.password }),
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.user.email).toBe(ctx.users.sales.email);
    expect(typeof data.token).toBe('string');
    expect((await call('GET', '/api/users/me', undefined, data.token)).user.role).toBe('sales');
    expect((await call('POST', '/api/auth/logout', undefined, data.token)).message).toBeTruthy();
  });

  it('reads users, filters them by role, and a seller gets their own record for the seller picker', async () => {
    expect((await call('GET', '/api/users?page=1&limit=100')).users.length).toBeGreaterThanOrEqual(3);
    const finance = (await call('GET', '/api/users?role=finance')).users;
    expect(finance.map((u: { role: string }) => u.role)).toEqual(['finance']);
    const own = (await call('GET', '/api/users?page=1&limit=100', undefined, await ctx.tokenFor('sales')))
      .users;
    expect(own.map((u: { id: number }) => u.id)).toEqual([ctx.users.sales.id]);
    const created = (
      await call('POST', '/api/users', {
        username: 'contrato',
        email: 'contrato@test.cl',
        password: 'secreto123',
        role: 'sales',
      })
    ).user;
    expect((await call('GET', `/api/users/${created.id}`)).user.username).toBe('contrato');
    expect((await call('PUT', `/api/users/${created.id}`, { username: 'contrato2' })).user.username).toBe(
      'contrato2',
    );
    expect((await call('DELETE', `/api/users/${created.id}`)).user.isActive).toBe(false);
  });
});

describe('clients and passengers', () => {
  it('takes blank optional fields as not given and leaves them out of the reply', async () => {
    const { client } = await call('POST', '/api/clients', {
      name: 'Cliente Contrato',
      email: '',
      address: '',
    });
    expect(client).toEqual({ id: client.id, name: 'Cliente Contrato' });
    const edited = await call('PUT', `/api/clients/${client.id}`, {
      name: 'Cliente Contrato',
      clientId: '',
      email: 'cc@test.cl',
      address: '',
    });
    expect(edited.client.email).toBe('cc@test.cl');
    expect((await call('GET', `/api/clients/${client.id}`)).data.name).toBe('Cliente Contrato');
    expect((await call('GET', '/api/clients?page=1&limit=100')).data.length).toBeGreaterThan(0);
    expect((await call('GET', '/api/clients/search?q=contrato')).clients[0].id).toBeTruthy();
    expect((await call('DELETE', `/api/clients/${client.id}`)).message).toBeTruthy();
  });

  it('creates, reads, edits and deletes a passenger; no e-mail means no email field', async () => {
    const { passenger } = await call('POST', '/api/passengers', {
      name: 'Pasajera Contrato',
      passengerId: '9.876.543-3',
      email: '',
      dateOfBirth: '1991-03-04',
    });
    expect('email' in passenger).toBe(false);
    expect((await call('GET', '/api/passengers?page=1&limit=100')).data.length).toBeGreaterThan(0);
    expect((await call('GET', `/api/passengers/${passenger.id}`)).data.passengerId).toBe('9.876.543-3');
    const edited = await call('PUT', `/api/passengers/${passenger.id}`, {
      name: 'Pasajera Contrato',
      passengerId: '9.876.543-3',
      email: 'pc@test.cl',
      dateOfBirth: '04/03/1991',
    });
    expect(edited.passenger.dateOfBirth).toBe('1991-03-04');
    expect((await call('GET', '/api/passengers/search?q=pasajera%20contrato')).passengers).toHaveLength(1);
    expect((await call('DELETE', `/api/passengers/${passenger.id}`)).message).toBeTruthy();
  });

  it('manages suppliers, operators and classifications with { name }', async () => {
    for (const [path, key] of [
      ['suppliers', 'supplier'],
      ['operators', 'operator'],
      ['classifications', 'classification'],
    ] as const) {
      const created = (await call('POST', `/api/${path}`, { name: `Contrato ${key}` }))[key];
      // The original client reads a bare array and a bare record (docs/decisions/0044).
      expect((await call('GET', `/api/${path}`)).length).toBeGreaterThan(0);
      expect((await call('GET', `/api/${path}/${created.id}`)).name).toBe(`Contrato ${key}`);
      expect((await call('PUT', `/api/${path}/${created.id}`, { name: `Contrato ${key} 2` }))[key].name).toBe(
        `Contrato ${key} 2`,
      );
      expect((await call('GET', `/api/${path}/search?q=contrato%20${key}`))[path]).toHaveLength(1);
      expect((await call('DELETE', `/api/${path}/${created.id}`)).message).toBeTruthy();
    }
  });
});

/**
 * The item as the original client's item form keeps it: ids and payment date as strings, names and records.
 */
function specItem(salePrice: number) {
  return {
    classificationId: String(refs.classification.id),
    supplierId: String(refs.supplier.id),
    operatorId: String(refs.operator.id),
    classificationName: refs.classification.name,
    supplierName: refs.supplier.name,
    operatorName: refs.operator.name,
    classification: [{ id: refs.classification.id, name: refs.classification.name }],
    supplier: [{ id: refs.supplier.id, name: refs.supplier.name }],
    operator: [{ id: refs.operator.id, name: refs.operator.name }],
    dateIn: '2031-05-01',
    dateOut: '2031-05-08',
    passengerCount: 2,
    description: '',
    salePrice,
    costPrice: 800,
    reservationCode: '',
    paymentDate: '2031-04-20',
    // One passenger as its record, the other by the ID/RUT the form keeps, written another way.
    passengers: [
      { id: refs.passengers[0]?.id, name: refs.passengers[0]?.name, email: null },
      { passengerId: ` ${String(`P2-contrato`).toLowerCase()} `, name: 'Pasajera Dos' },
    ],
  };
}

const saleFields = () => ({
  passengerName: refs.client.name,
  travelDate: '2031-05-01',
  saleType: 'individual',
  serviceType: 'package',
  region: 'national',
  passengerCount: 2,
  sellerId: String(ctx.users.sales.id),
  totalCost: 800,
  totalSale: 1000,
});

describe('sales', () => {
  it('creates from saleData with client { id }, edits flat without a version, changes status', async () => {
    const created = await call('POST', '/api/sales', {
      saleData: {
        ...saleFields(),
        clientId: String(refs.client.id),
        client: { ...refs.client, email: null },
      },
      items: [specItem(1000)],
    });
    const id = created.sale.id;
    expect(created.sale.salePrice).toBe(1000);
    expect(created.sale.items[0].passengers).toHaveLength(2);

    const loaded = await call('GET', `/api/sales/${id}`);
    const flat = await call('PUT', `/api/sales/${id}`, {
      ...loaded,
      ...saleFields(),
      passengerName: 'Edición plana',
      clientId: '',
      client: { id: refs.client.id },
      items: [{ ...specItem(1200), id: loaded.items[0].id }],
    });
    expect(flat.sale.id).toBe(id);
    expect(flat.sale.passengerName).toBe('Edición plana');
    expect(flat.sale.salePrice).toBe(1200);

    expect((await call('PUT', `/api/sales/${id}`, { status: 'cancelled' })).sale.status).toBe('cancelled');
    expect((await call('GET', '/api/sales')).sales.some((s: { id: number }) => s.id === id)).toBe(true);
    expect((await call('GET', '/api/sales/my-sales')).sales).toBeDefined();
    expect(typeof (await call('GET', '/api/sales/total')).total).toBe('number');
    expect((await call('GET', '/api/sales/stats')).salesByStatus.cancelled).toBeGreaterThanOrEqual(1);
    expect((await call('GET', '/api/sales/stats-by-type')).salesBySaleType).toBeDefined();
    expect((await call('GET', '/api/sales/upcoming-departures')).departures).toBeDefined();
    expect((await call('GET', '/api/sales/sales-overview')).chartData).toHaveLength(30);
    expect((await call('DELETE', `/api/sales/${id}`)).message).toBeTruthy();
  });

  it('refuses a client id that disagrees with client.id', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/sales',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      payload: {
        saleData: { ...saleFields(), clientId: refs.client.id, client: { id: refs.client.id + 1000 } },
        items: [specItem(1000)],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('clientId no coincide con client.id');
  });
});

describe('payments, supplier payments and company', () => {
  it('registers, reads, edits and deletes a payment on a sale', async () => {
    const { sale } = await call('POST', '/api/sales', {
      saleData: { ...saleFields(), client: { id: refs.client.id } },
      items: [specItem(500)],
    });
    const { payment } = await call('POST', '/api/payments', {
      saleId: String(sale.id),
      date: '2031-04-01',
      amount: '200.50',
      method: 'transfer',
      reference: '',
    });
    expect(payment.amount).toBe(200.5);
    expect('reference' in payment).toBe(false);
    expect((await call('GET', `/api/payments/${payment.id}`)).payment.id).toBe(payment.id);
    const edited = await call('PUT', `/api/payments/${payment.id}`, {
      amount: 250,
      method: 'cash',
      reference: 'R-1',
      date: '2031-04-02',
    });
    expect(edited.payment.amount).toBe(250);
    expect(await call('GET', `/api/payments/sale/${sale.id}`)).toHaveLength(1);
    expect((await call('GET', '/api/payments?status=confirmed')).payments.length).toBeGreaterThan(0);
    expect((await call('GET', '/api/payments')).payments.length).toBeGreaterThan(0);
    expect((await call('GET', '/api/payments/stats')).stats.count).toBeGreaterThan(0);
    expect((await call('DELETE', `/api/payments/${payment.id}`)).message).toBeTruthy();
  });

  it('pays a supplier and reads its summaries and history', async () => {
    await call('PUT', '/api/company/currency-rates', { rates: [{ currency: 'USD', rate: 1 }] });
    const { payment } = await call('POST', '/api/supplier-payments', {
      supplierId: String(refs.supplier.id),
      amount: 100,
      currency: 'USD',
      paymentDate: '2031-04-03',
      description: 'Anticipo',
      relatedSales: [],
      paymentMethod: 'transfer',
      reference: '',
    });
    expect((await call('GET', '/api/supplier-payments')).payments.length).toBeGreaterThan(0);
    expect((await call('GET', `/api/supplier-payments/${payment.id}`)).payment.id).toBe(payment.id);
    const summary = await call('GET', `/api/supplier-payments/supplier/${refs.supplier.id}/sales`);
    expect(summary.supplierName).toBe(refs.supplier.name);
    expect((await call('GET', '/api/supplier-payments/suppliers/sales')).suppliers.length).toBeGreaterThan(0);
    expect(
      (await call('GET', `/api/supplier-payments/supplier/${refs.supplier.id}/history`)).payments,
    ).toHaveLength(1);
    expect((await call('GET', '/api/supplier-payments/stats')).stats).toBeDefined();
    const edited = await call('PUT', `/api/supplier-payments/${payment.id}`, {
      supplierId: refs.supplier.id,
      amount: '150.00',
      currency: 'USD',
      paymentDate: '2031-04-03',
      description: 'Anticipo',
      relatedSales: [],
      paymentMethod: 'cash',
      reference: '',
    });
    expect(edited.payment.amount).toBe(150);
    expect((await call('DELETE', `/api/supplier-payments/${payment.id}`)).message).toBeTruthy();
  });

  it('keeps company settings and currency rates through the rate forms', async () => {
    expect((await call('PUT', '/api/company/settings', { name: 'Agencia Contrato' })).data.name).toBe(
      'Agencia Contrato',
    );
    expect((await call('GET', '/api/company/settings')).data.name).toBe('Agencia Contrato');
    const rate = (
      await call('POST', '/api/company/currency-rates', { currency: 'GBP', rate: 1.27, isActive: true })
    ).data;
    // The edit form sends the locked currency back with the rate.
    expect(
      (
        await call('PUT', `/api/company/currency-rates/${rate.id}`, {
          currency: 'GBP',
          rate: 1.3,
          isActive: true,
        })
      ).data.rate,
    ).toBe(1.3);
    expect((await call('PATCH', `/api/company/currency-rates/${rate.id}/toggle`)).data.isActive).toBe(false);
    expect(
      (await call('PUT', '/api/company/currency-rates', { rates: [{ currency: 'GBP', rate: 1.31 }] })).data,
    ).toBeDefined();
    expect((await call('GET', '/api/company/currency-rates')).data.length).toBeGreaterThan(0);
    expect((await call('DELETE', `/api/company/currency-rates/${rate.id}`)).message).toBeTruthy();
  });
});
