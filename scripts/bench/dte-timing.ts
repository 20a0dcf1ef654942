import { receiverBody, rutClient, setUpDteInvoicing } from '../../tests/helpers/dte-examples';
import { type Timing, timeEach } from './timing';

/*
 * "Generar Factura" (docs/decisions/0065-dte-invoices.md): a DTE 33 issued from a completed sale, its folio
 * taken, its XML built, stamped with the CAF's key (TED) and signed with the company's certificate. Set up as
 * the tests do (tests/helpers/dte-examples.ts: the tax data, a certificate and CAFs of our own, the peso's
 * rate); the SII's outbox is off in the bench's server, so nothing leaves the machine.
 */

type Api = (method: 'POST' | 'PUT', path: string, payload: object) => Promise<unknown>;

function apiOf(url: string, token: string): Api {
  return async (method, path, payload) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    // A later run on the same database finds the CAFs of the same range loaded already.
    if (response.status === 409 && path === '/api/company/cafs') return {};
    if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${await response.text()}`);
    return response.json();
  };
}

/** Completed USD sales of a client with a RUT, one taxable item each: what a factura is issued from. */
async function completedSales(api: Api, count: number, sellerId: number): Promise<number[]> {
  const id = async (path: string, body: object, key: string) =>
    ((await api('POST', path, body)) as Record<string, { id: number }>)[key]?.id as number;
  const stamp = Date.now();
  const clientId = await rutClient(api);
  const classificationId = await id(
    '/api/classifications',
    { name: `Hotel DTE ${stamp}`, taxTreatment: 'taxable' },
    'classification',
  );
  const supplierId = await id('/api/suppliers', { name: `Proveedor DTE ${stamp}` }, 'supplier');
  const operatorId = await id('/api/operators', { name: `Operador DTE ${stamp}` }, 'operator');
  const passengerId = await id(
    '/api/passengers',
    { name: 'Pasajero DTE', passengerId: `P-DTE-${stamp}`, dateOfBirth: '1980-01-01' },
    'passenger',
  );
  const sales: number[] = [];
  for (let i = 0; i < count; i++) {
    const saleId = await id(
      '/api/sales',
      {
        saleData: {
          passengerName: 'Pasajero DTE',
          clientId,
          travelDate: '2031-02-10',
          saleType: 'individual',
          serviceType: 'package',
          region: 'national',
          passengerCount: 1,
          sellerId,
        },
        items: [
          {
            classificationId: String(classificationId),
            supplierId: String(supplierId),
            operatorId: String(operatorId),
            passengers: [passengerId],
            description: 'Hotel 3 noches',
            salePrice: `${100 + i}.50`,
            costPrice: '80.00',
          },
        ],
      },
      'sale',
    );
    await api('PUT', `/api/sales/${saleId}`, { status: 'completed' });
    sales.push(saleId);
  }
  return sales;
}

export async function dteTiming(
  url: string,
  serverPid: number,
  token: string,
  sellerId: number,
  count: number,
): Promise<Timing> {
  const api = apiOf(url, token);
  await setUpDteInvoicing(api);
  const warmUp = 3;
  const sales = await completedSales(api, count + warmUp, sellerId);
  return timeEach(
    'Emisión DTE 33 con firma (1 cliente)',
    serverPid,
    count,
    async (i) => {
      await api('POST', `/api/sales/${sales[i]}/invoice`, receiverBody());
    },
    warmUp,
  );
}
