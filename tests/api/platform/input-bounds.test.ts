import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taxBody } from '../../helpers/dte-examples';
import { makeCaf } from '../../helpers/dte-fixtures';
import { databaseFingerprint } from '../../helpers/fingerprint';
import { createSaleRefs, type SaleRefs, saleBody } from '../../helpers/sales';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/**
 * Names stay on one line and amounts, folios and dates stay within what the columns and the business
 * hold: each refusal is a 400 on the field, in Spanish, and writes nothing
 * (docs/decisions/0082-single-line-names-and-input-bounds.md).
 */
let ctx: TestContext;
let refs: SaleRefs;
let admin: Record<string, string>;
let saleId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  refs = await createSaleRefs(ctx, 'limites');
  admin = await ctx.auth('admin');
  const sale = await send('POST', '/api/sales', saleBody(refs, ctx.users.sales.id));
  expect(sale.statusCode, sale.body).toBe(201);
  saleId = sale.json().sale.id;
  const tax = await send('PUT', '/api/company/tax', taxBody());
  expect(tax.statusCode, tax.body).toBe(200);
});
afterAll(() => ctx.close());

/** A string payload is sent as it is: `1e309` must reach the server as JSON's own text. */
const send = (method: 'POST' | 'PUT', url: string, payload: object | string) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...admin, 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

type Issue = { path: string; message: string };

/** Sends a request that must be refused on `path` with `reason`, and checks that it changed nothing. */
async function refused(method: 'POST' | 'PUT', url: string, payload: object | string, path: string) {
  const before = await databaseFingerprint(ctx.db);
  const res = await send(method, url, payload);
  expect(res.statusCode, `${url} ${res.body}`).toBe(400);
  expect(await databaseFingerprint(ctx.db)).toBe(before);
  const body = res.json() as { message: string; errors: Issue[] };
  const onField = body.errors.filter((issue) => issue.path === path).map((issue) => issue.message);
  expect(onField.length, res.body).toBeGreaterThan(0);
  return { message: body.message, reasons: onField };
}

const BREAKS = { 'CR LF': '\r\n', NEL: '\u0085', 'U+2028': '\u2028', 'U+2029': '\u2029', tab: '\t' };

describe('names with a line break are refused when saved, on the field', () => {
  const cases: [string, 'POST' | 'PUT', () => string, (name: string) => object, string, string][] = [
    ['a new client', 'POST', () => '/api/clients', (name) => ({ name }), 'name', 'El nombre'],
    [
      'an edited client',
      'PUT',
      () => `/api/clients/${refs.client.id}`,
      (name) => ({ name }),
      'name',
      'El nombre',
    ],
    [
      "a client's ID",
      'POST',
      () => '/api/clients',
      (clientId) => ({ name: 'Bien', clientId }),
      'clientId',
      'El ID/RUT',
    ],
    [
      'a passenger',
      'POST',
      () => '/api/passengers',
      (name) => ({ name, passengerId: 'PX-77', dateOfBirth: '1980-01-01' }),
      'name',
      'El nombre',
    ],
    ['a supplier', 'POST', () => '/api/suppliers', (name) => ({ name }), 'name', 'El nombre'],
    ['an operator', 'POST', () => '/api/operators', (name) => ({ name }), 'name', 'El nombre'],
    ['a classification', 'POST', () => '/api/classifications', (name) => ({ name }), 'name', 'El nombre'],
    ["the company's name", 'PUT', () => '/api/company/settings', (name) => ({ name }), 'name', 'El nombre'],
    [
      'the razón social',
      'PUT',
      () => '/api/company/tax',
      (businessName) => ({ ...taxBody(), businessName }),
      'businessName',
      'La razón social',
    ],
    [
      'the giro',
      'PUT',
      () => '/api/company/tax',
      (businessActivity) => ({ ...taxBody(), businessActivity }),
      'businessActivity',
      'El giro',
    ],
    [
      "a user's name",
      'POST',
      () => '/api/users',
      (username) => ({ username, email: 'nuevo@test.cl', password: 'secreto123', role: 'sales' }),
      'username',
      'El nombre de usuario',
    ],
    [
      "a sale's passenger name",
      'POST',
      () => '/api/sales',
      (passengerName) => saleBody(refs, ctx.users.sales.id, { saleData: { passengerName } }),
      'saleData.passengerName',
      'El nombre del pasajero',
    ],
  ];
  for (const [what, method, url, body, path, label] of cases) {
    it(`refuses ${what} with CR LF, NEL, U+2028, U+2029 or a tab`, async () => {
      for (const [kind, brk] of Object.entries(BREAKS)) {
        // In the middle ("Ana<CR LF>Bcc: ...") and at the end, which trimming must not hide.
        for (const name of [`Ana${brk}Bcc: todos@spam.cl`, `Ana_Paz${brk}`]) {
          const { message, reasons } = await refused(method, url(), body(name), path);
          expect(message, kind).toBe(`${label} no puede tener saltos de línea ni caracteres de control`);
          expect(reasons, kind).toContain(message);
        }
      }
    });
  }

  it('so a later statement e-mail is queued: the error is never found there', async () => {
    const name = 'Viajes\r\nBcc: todos@spam.cl';
    await refused('PUT', '/api/company/settings', { name }, 'name');
    await refused('PUT', `/api/clients/${refs.client.id}`, { name: `Cliente\u2028${name}` }, 'name');
    const statement = await send('POST', '/api/emails', {
      kind: 'statement',
      clientId: refs.client.id,
      to: ['cliente@correo.cl'],
    });
    expect(statement.statusCode, statement.body).toBe(202);
  });
});

describe('amounts within what their numeric(14,2) columns hold', () => {
  const payment = (amount: string) =>
    `{"saleId": ${saleId}, "date": "2031-01-05", "amount": ${amount}, "method": "transfer"}`;
  const supplierPayment = (amount: string) =>
    `{"supplierId": ${refs.supplier.id}, "amount": ${amount}, "currency": "USD", ` +
    `"paymentDate": "2031-01-10", "description": "Pago"}`;

  it("a payment keeps the product's message, with the Spanish reason beside it", async () => {
    for (const [amount, reason] of [
      ['1e309', 'El monto no puede superar 999,999,999,999.99'],
      ['1e15', 'El monto no puede superar 999,999,999,999.99'],
      ['0.001', 'El monto admite como máximo 2 decimales'],
      ['0', 'El monto debe ser un número mayor que 0'],
    ] as const) {
      const { message, reasons } = await refused('POST', '/api/payments', payment(amount), 'amount');
      expect(message, amount).toBe('Please enter a valid amount');
      expect(reasons, amount).toEqual(['Please enter a valid amount', reason]);
    }
  });

  it('a supplier payment says what is wrong with the amount', async () => {
    for (const [amount, reason] of [
      ['1e309', 'El monto no puede superar 999,999,999,999.99'],
      ['1000000000000', 'El monto no puede superar 999,999,999,999.99'],
      ['0.001', 'El monto admite como máximo 2 decimales'],
    ] as const) {
      const url = '/api/supplier-payments';
      expect((await refused('POST', url, supplierPayment(amount), 'amount')).message, amount).toBe(reason);
    }
  });

  it('a sale price of 1e309 is too large, and says the maximum; the maximum itself is taken', async () => {
    const item = (salePrice: string) =>
      JSON.stringify(saleBody(refs, ctx.users.sales.id)).replace(
        '"salePrice":1500.5',
        `"salePrice":${salePrice}`,
      );
    const { message } = await refused('POST', '/api/sales', item('1e309'), 'items.0.salePrice');
    expect(message).toBe('El precio de venta no puede superar 999,999,999,999.99');
    const largest = await send('POST', '/api/sales', item('999999999999.99'));
    expect(largest.statusCode, largest.body).toBe(201);
    expect(largest.json().sale.salePrice).toBe(999999999999.99);
  });
});

describe('CAF folios within the integer columns', () => {
  it('refuses a range beyond 2,147,483,646 (next_folio is the last + 1) with a Spanish 400 and takes one up to it', async () => {
    const before = await databaseFingerprint(ctx.db);
    const res = await send('POST', '/api/company/cafs', { xml: makeCaf({ from: 1, to: 9_999_999_999 }).xml });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(
      'Los folios del CAF no pueden superar 2.147.483.646: revisa que sea el archivo que entregó el SII',
    );
    expect(await databaseFingerprint(ctx.db)).toBe(before);
    const last = makeCaf({ from: 2_147_483_600, to: 2_147_483_646 }).xml;
    const taken = await send('POST', '/api/company/cafs', { xml: last });
    expect(taken.statusCode, taken.body).toBe(201);
  });
});

describe('dates of sales and payments between 2000 and 2100', () => {
  const range = (label: string) => `${label} debe estar entre el 01/01/2000 y el 31/12/2100`;

  it('refuses a sale travelling in 1899 or 9999, or an item dated so', async () => {
    for (const day of ['1899-12-31', '9999-12-31', '31/12/1999', '2101-01-01']) {
      const sale = saleBody(refs, ctx.users.sales.id, { saleData: { travelDate: day } });
      const travel = await refused('POST', '/api/sales', sale, 'saleData.travelDate');
      expect(travel.message, day).toBe(range('La fecha de viaje'));
      const [item] = saleBody(refs, ctx.users.sales.id).items as object[];
      for (const [field, label] of [
        ['dateIn', 'La fecha de entrada'],
        ['dateOut', 'La fecha de salida'],
        ['paymentDate', 'La fecha de pago'],
      ] as const) {
        const body = saleBody(refs, ctx.users.sales.id, { items: [{ ...item, [field]: day }] });
        expect((await refused('POST', '/api/sales', body, `items.0.${field}`)).reasons, day).toContain(
          range(label),
        );
      }
    }
  });

  it('refuses payments dated out of range and takes the first and last day', async () => {
    const pay = (date: string) => ({ saleId, date, amount: 10 });
    for (const day of ['1899-12-31', '9999-12-31']) {
      expect((await refused('POST', '/api/payments', pay(day), 'date')).message).toBe(
        range('La fecha de pago'),
      );
      const supplier = { supplierId: refs.supplier.id, amount: 10, paymentDate: day, description: 'Pago' };
      expect((await refused('POST', '/api/supplier-payments', supplier, 'paymentDate')).message).toBe(
        range('La fecha de pago'),
      );
    }
    for (const day of ['2000-01-01', '2100-12-31']) {
      const res = await send('POST', '/api/payments', pay(day));
      expect(res.statusCode, res.body).toBe(201);
    }
  });
});
