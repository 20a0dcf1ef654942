import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { rutCheckDigit } from '../../../src/domain/rut';
import { makeCaf, makeP12 } from '../../helpers/dte-fixtures';
import { mainNav } from '../support/helpers';
import { fillTaxData } from './dte-forms';

/**
 * What the DTE specs share: a sale ready to invoice and the company's electronic invoicing
 * set up in Configuraciones. Each call makes names, RUTs and CAF ranges of its own, so the specs of the
 * chromium-dte project may run one after another on one server.
 */

/** A suffix of its own per call (a millisecond apart at least: the calls are seconds apart). */
const fresh = () => Date.now() % 1_000_000;

export async function api(
  request: APIRequestContext,
  token: string,
  method: 'POST' | 'PUT',
  path: string,
  data: object,
) {
  const response = await request.fetch(path, { method, headers: { Authorization: `Bearer ${token}` }, data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json();
}

async function firstId(request: APIRequestContext, token: string, path: string): Promise<number> {
  const response = await request.get(`${path}?page=1&limit=1`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { data: { id: number }[] } | { id: number }[];
  const [first] = Array.isArray(body) ? body : body.data;
  if (!first) throw new Error(`${path} has no demo records`);
  return first.id;
}

/** One item of the sale: its classification (an id, or 'taxable' for a new always-taxable one), USD price, description. */
export type SaleLine = [classification: number | 'taxable', salePrice: string, description: string];

/**
 * A completed national USD sale of a new client with a RUT (and an address, no giro nor comuna), with
 * `lines`; the peso at 952.38 per dollar. Returns the sale's id.
 */
export async function invoiceableSale(request: APIRequestContext, token: string, lines: SaleLine[]) {
  const unique = fresh();
  const rutBody = 30_000_000 + unique;
  const client = await api(request, token, 'POST', '/api/clients', {
    name: `Empresa Cliente ${unique} SpA`,
    clientId: `${rutBody}-${rutCheckDigit(rutBody)}`,
    address: 'Av. Apoquindo 3000',
  });
  let taxableId: number | undefined;
  if (lines.some(([classification]) => classification === 'taxable')) {
    const taxable = await api(request, token, 'POST', '/api/classifications', {
      name: `Hotel nacional ${unique}`,
      taxTreatment: 'taxable',
    });
    taxableId = taxable.classification.id;
  }
  const [supplierId, operatorId, passengerId] = await Promise.all(
    ['/api/suppliers', '/api/operators', '/api/passengers'].map((p) => firstId(request, token, p)),
  );
  const { user } = await (
    await request.get('/api/users/me', { headers: { Authorization: `Bearer ${token}` } })
  ).json();
  const { sale } = await api(request, token, 'POST', '/api/sales', {
    saleData: {
      passengerName: 'Pasajero DTE',
      clientId: client.client.id,
      travelDate: '2031-05-20',
      saleType: 'individual',
      serviceType: 'package',
      region: 'national',
      passengerCount: 1,
      sellerId: user.id,
    },
    items: lines.map(([classification, salePrice, description]) => ({
      classificationId: String(classification === 'taxable' ? taxableId : classification),
      supplierId: String(supplierId),
      operatorId: String(operatorId),
      passengers: [passengerId],
      description,
      salePrice,
      costPrice: '1.00',
    })),
  });
  await api(request, token, 'PUT', `/api/sales/${sale.id}`, { status: 'completed' });
  await api(request, token, 'PUT', '/api/company/currency-rates', {
    rates: [
      { currency: 'USD', rate: 1 },
      { currency: 'CLP', rate: 0.00105 },
    ],
  });
  return sale.id as number;
}

/**
 * Configuraciones > Facturación Electrónica, as an admin fills it: tax data, certificate, and a CAF of
 * each of `types`, in a range of its own far from dte-setup.spec.ts's.
 */
export async function configureCompany(page: Page, types: number[]) {
  const from = 200_000_000 + fresh() * 100 + 1;
  await mainNav(page).getByRole('link', { name: 'Configuraciones' }).click();
  await page
    .getByRole('navigation', { name: 'Secciones de configuración' })
    .getByRole('link', { name: 'Facturación Electrónica' })
    .click();
  await fillTaxData(page);

  const p12 = makeP12();
  await page.getByLabel('Archivo del certificado (.p12 o .pfx)').setInputFiles({
    name: 'empresa.p12',
    mimeType: 'application/x-pkcs12',
    buffer: Buffer.from(p12.base64, 'base64'),
  });
  await page.getByLabel('Contraseña del certificado').fill(p12.password);
  await page.getByRole('button', { name: 'Subir certificado' }).click();
  await expect(page.getByText('Certificado digital guardado')).toBeVisible();

  for (const type of types) {
    const caf = makeCaf({ type, from, to: from + 99 });
    await page.getByLabel('Archivo CAF del SII (.xml)').setInputFiles({
      name: `caf${type}.xml`,
      mimeType: 'text/xml',
      buffer: Buffer.from(caf.xml, 'latin1'),
    });
    await page.getByRole('button', { name: 'Cargar CAF' }).click();
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: `${from} a ${from + 99}` })
        .filter({ hasText: `${type} ·` }),
    ).toBeVisible();
  }
}
