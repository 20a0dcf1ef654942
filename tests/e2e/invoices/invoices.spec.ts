import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { agencyToday } from '../../../src/domain/agency-day';
import { apiLogin, DEMO, expectNoSeriousA11yViolations, signIn } from '../support/helpers';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

async function getJson<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

async function firstId(request: APIRequestContext, token: string, path: string): Promise<number> {
  // Clients and passengers page in the body, the catalogs reply a bare array (docs/decisions/0044).
  const body = await getJson<{ data: Array<{ id: number }> } | Array<{ id: number }>>(
    request,
    token,
    `${path}?page=1&limit=1`,
  );
  const data = Array.isArray(body) ? body : body.data;
  const [first] = data;
  if (!first) throw new Error(`${path} has no demo records`);
  return first.id;
}

/** A confirmed sale of the admin, made through the API: this test is about invoicing it. */
async function createSaleViaApi(request: APIRequestContext, token: string, passengerName: string) {
  const [clientId, classificationId, supplierId, operatorId, passengerId] = await Promise.all(
    ['/api/clients', '/api/classifications', '/api/suppliers', '/api/operators', '/api/passengers'].map((p) =>
      firstId(request, token, p),
    ),
  );
  const { user } = await getJson<{ user: { id: number } }>(request, token, '/api/users/me');
  const response = await request.post('/api/sales', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      saleData: {
        passengerName,
        clientId,
        travelDate: '2031-05-20',
        saleType: 'individual',
        serviceType: 'package',
        region: 'national',
        passengerCount: 1,
        sellerId: user.id,
      },
      items: [
        {
          classificationId: String(classificationId),
          supplierId: String(supplierId),
          operatorId: String(operatorId),
          passengers: [passengerId],
          salePrice: 750.25,
          costPrice: 600,
        },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { sale: { id: number } }).sale.id;
}

test.describe('facturas', () => {
  test('un admin liquida una venta, la factura, la busca, descarga el PDF y la anula', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const token = await apiLogin(request, DEMO.admin);
    const saleId = await createSaleViaApi(request, token, `Pasajero Factura ${unique()}`);

    await signIn(page, DEMO.admin, `/sales/${saleId}`);
    await page.getByRole('button', { name: 'Liquidar Venta' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Liquidar Venta' }).click();
    await page.getByRole('button', { name: 'Generar Factura' }).click();

    await expect(page).toHaveURL(/\/invoices\/\d+$/);
    const invoiceUrl = new URL(page.url()).pathname;
    const heading = page.getByRole('heading', { name: /^Factura F-\d{4}-\d{6}$/ });
    await expect(heading).toBeVisible();
    const number = ((await heading.textContent()) ?? '').replace('Factura ', '').trim();
    expect(number).toMatch(new RegExp(`^F-${agencyToday().slice(0, 4)}-\\d{6}$`));
    await expect(page.getByText('US$ 750.25').first()).toBeVisible();
    await expect(page.getByRole('link', { name: `Ver venta #${saleId}` })).toHaveAttribute(
      'href',
      `/sales/${saleId}`,
    );
    await expectNoSeriousA11yViolations(page);

    // Once issued, the sale offers 'Ver Factura', which opens the same invoice.
    await page.goto(`/sales/${saleId}`);
    await expect(page.getByRole('button', { name: 'Generar Factura' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Ver Factura' }).click();
    await expect(page).toHaveURL(new RegExp(`${invoiceUrl}$`));
    await expect(page.getByRole('heading', { name: `Factura ${number}` })).toBeVisible();

    // The list finds it by its number and opens it.
    await page.goto('/invoices');
    await expect(page.getByRole('heading', { name: 'Facturas', level: 1 })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Buscar facturas por número o cliente' }).fill(number);
    const row = page.getByRole('link', { name: new RegExp(number) });
    await expect(row).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
    await row.click();
    await expect(page).toHaveURL(new RegExp(`${invoiceUrl}$`));

    // The PDF comes from the server with the bearer token, named after the invoice.
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar PDF' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const pdf = await readFile(await download.path());
    expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');

    // An admin annuls it with a reason; the reason is required.
    await page.getByRole('button', { name: 'Anular Factura' }).click();
    const dialog = page.getByRole('dialog', { name: 'Anular Factura' });
    await dialog.getByRole('button', { name: 'Anular Factura' }).click();
    await expect(dialog.getByText('El motivo es requerido')).toBeVisible();
    await dialog.getByLabel('Motivo de anulación').fill('Datos del cliente incorrectos');
    await dialog.getByRole('button', { name: 'Anular Factura' }).click();
    await expect(dialog).toBeHidden();
    const notice = page.getByRole('region', { name: 'Factura anulada' });
    await expect(notice).toContainText('Anulada');
    await expect(notice).toContainText('Motivo: Datos del cliente incorrectos');
    await expect(page.getByRole('button', { name: 'Anular Factura' })).toHaveCount(0);
  });

  test('una factura que no existe dice que no se encontró', async ({ page }) => {
    await signIn(page, DEMO.finance, '/invoices/999999');
    await expect(page.getByRole('alert')).toHaveText('Factura no encontrada');
  });
});
