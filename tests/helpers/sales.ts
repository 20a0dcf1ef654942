import type { TestContext } from './test-app';

/** Master data for sale tests, created through the API as an admin. */
export async function createSaleRefs(ctx: TestContext, tag: string) {
  const headers = await ctx.auth('admin');
  const post = async (url: string, payload: object) => {
    const res = await ctx.app.inject({ method: 'POST', url, headers, payload });
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return Object.values(res.json()).find((v) => typeof v === 'object') as { id: number; name: string };
  };
  const client = await post('/api/clients', { name: `Cliente ${tag}`, clientId: `11.111.${tag}-1` });
  const supplier = await post('/api/suppliers', { name: `Proveedor ${tag}` });
  const operator = await post('/api/operators', { name: `Operador ${tag}` });
  const classification = await post('/api/classifications', { name: `Clasificación ${tag}` });
  const pax1 = await post('/api/passengers', {
    name: `Pasajero Uno ${tag}`,
    passengerId: `P1-${tag}`,
    dateOfBirth: '1985-04-02',
  });
  const pax2 = await post('/api/passengers', {
    name: `Pasajera Dos ${tag}`,
    passengerId: `P2-${tag}`,
    dateOfBirth: '1990-09-30',
  });
  return { client, supplier, operator, classification, passengers: [pax1, pax2] };
}

export type SaleRefs = Awaited<ReturnType<typeof createSaleRefs>>;

/**
 * The one way tests build a sale's body (POST /api/sales), as the original client sends it: every
 * field valid, each overridable. Tests that need many sales at once insert them in SQL instead.
 */
export function saleBody(
  refs: SaleRefs,
  sellerId: number,
  overrides: { items?: object[]; saleData?: object } = {},
) {
  return {
    saleData: {
      passengerName: refs.client.name,
      clientId: refs.client.id,
      travelDate: '2031-02-10',
      saleType: 'individual',
      serviceType: 'package',
      region: 'international',
      passengerCount: 2,
      sellerId,
      ...overrides.saleData,
    },
    items: overrides.items ?? [itemBody(refs)],
  };
}

/** One item of a sale's body, on the refs' supplier, operator, classification and passengers. */
export function itemBody(refs: SaleRefs, overrides: object = {}) {
  return {
    classificationId: String(refs.classification.id),
    supplierId: String(refs.supplier.id),
    operatorId: String(refs.operator.id),
    passengers: refs.passengers.map((p) => p.id),
    dateIn: '2031-02-10',
    dateOut: '2031-02-17',
    description: 'Paquete Madrid 7 noches',
    salePrice: 1500.5,
    costPrice: '1200.25',
    reservationCode: 'ABC123',
    paymentDate: '2031-01-30',
    ...overrides,
  };
}
