import { dteApi } from '../../src/domain/api/dte';
import { rutCheckDigit } from '../../src/domain/rut';
import { COMPANY_RUT, makeCaf, makeP12 } from './dte-fixtures';
import type { ExampleEntry } from './route-examples';

export const taxBody = () => ({
  rut: COMPANY_RUT,
  businessName: 'Agencia Ejemplo SpA',
  businessActivity: 'Agencia de viajes',
  activityCode: 791100,
  address: 'Calle Ejemplo 123',
  commune: 'Santiago',
  resolutionNumber: 0,
  resolutionDate: '2031-01-10',
  environment: 'certification',
});

let range = 0;

/**
 * The SII setup's example calls (docs/product.md#company-api); a CAF example saves the tax data first and
 * takes a new range.
 */
export function dteExamples(
  api: (method: 'POST' | 'PUT', url: string, payload: object) => Promise<unknown>,
): ExampleEntry[] {
  // Made on first use: the other users of the examples (fuzz, dates) need no key pair.
  let certificate: ReturnType<typeof makeP12> | undefined;
  return [
    [dteApi.tax, async () => ({ url: '/api/company/tax' })],
    [dteApi.saveTax, async () => ({ url: '/api/company/tax', body: taxBody() })],
    [dteApi.certificate, async () => ({ url: '/api/company/certificate' })],
    [
      dteApi.uploadCertificate,
      async () => {
        certificate ??= makeP12();
        return {
          url: '/api/company/certificate',
          body: { file: certificate.base64, password: certificate.password },
        };
      },
    ],
    [dteApi.cafs, async () => ({ url: '/api/company/cafs' })],
    [
      dteApi.salesRegister,
      async () => ({
        url: '/api/reports/sales-register?month=2031-03&format=csv',
        as: 'finance',
      }),
    ],
    [
      dteApi.uploadCaf,
      async () => {
        await api('PUT', '/api/company/tax', taxBody());
        const from = ++range * 1000 + 1;
        return { url: '/api/company/cafs', body: { xml: makeCaf({ type: 33, from, to: from + 99 }).xml } };
      },
    ],
  ];
}

type Api = (method: 'POST' | 'PUT', url: string, payload: object) => Promise<unknown>;

/** What a DTE invoice asks that an example client's record lacks. */
export const receiverBody = () => ({ receiverActivity: 'Turismo', receiverCommune: 'Santiago' });

let clientSeq = 0;
/** A client with a RUT of its own (a factura needs one), new each call. */
export async function rutClient(api: Api): Promise<number> {
  const body = 20_000_000 + (Date.now() % 1_000_000) * 10 + (++clientSeq % 10);
  const reply = (await api('POST', '/api/clients', {
    name: `Cliente con RUT ${body}`,
    clientId: `${body}-${rutCheckDigit(body)}`,
    address: 'Calle Ejemplo 1',
  })) as { client: { id: number } };
  return reply.client.id;
}

/**
 * Electronic invoicing set up as an admin would (tax data, certificate, CAFs of 33, 34 and 61 far from
 * the CAF examples' ranges, the peso's rate): from then on "Generar Factura" issues DTEs.
 */
export async function setUpDteInvoicing(api: Api) {
  await api('PUT', '/api/company/tax', taxBody());
  const p12 = makeP12();
  await api('POST', '/api/company/certificate', { file: p12.base64, password: p12.password });
  for (const type of [33, 34, 61]) {
    await api('POST', '/api/company/cafs', { xml: makeCaf({ type, from: 900_001, to: 999_999 }).xml });
  }
  await api('PUT', '/api/company/currency-rates', {
    rates: [
      { currency: 'USD', rate: 1 },
      { currency: 'CLP', rate: 0.00105 },
    ],
  });
  return p12;
}
