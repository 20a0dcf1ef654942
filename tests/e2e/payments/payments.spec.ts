import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiLogin, DEMO, expectNoSeriousA11yViolations, signIn } from '../support/helpers';

const RUN = Date.now().toString(36);

/** A sale of the demo seller worth exactly 1000, made through the API from the seeded master data. */
async function createSale(request: APIRequestContext): Promise<{ id: number; clientName: string }> {
  const token = await apiLogin(request, DEMO.sales);
  const headers = { Authorization: `Bearer ${token}` };
  const get = async (path: string) => {
    const response = await request.get(path, { headers });
    expect(response.status(), await response.text()).toBe(200);
    return response.json();
  };
  type Rows = Array<{ id: number; name: string }>;
  const first = async (path: string) => {
    // Clients and passengers page in the body, the catalogs reply a bare array (docs/decisions/0044).
    const body = (await get(`${path}?page=1&limit=1`)) as Rows | { data: Rows };
    const data = Array.isArray(body) ? body : body.data;
    expect(data.length, `${path} has no records`).toBeGreaterThan(0);
    return data[0] as { id: number; name: string };
  };
  const me = (await get('/api/users/me')) as { user: { id: number } };
  const client = await first('/api/clients');
  const classification = await first('/api/classifications');
  const supplier = await first('/api/suppliers');
  const operator = await first('/api/operators');
  const passenger = await first('/api/passengers');
  const response = await request.post('/api/sales', {
    headers,
    data: {
      saleData: {
        passengerName: passenger.name,
        clientId: client.id,
        travelDate: '2031-05-10',
        saleType: 'individual',
        serviceType: 'package',
        region: 'national',
        passengerCount: 1,
        sellerId: me.user.id,
      },
      items: [
        {
          classificationId: String(classification.id),
          supplierId: String(supplier.id),
          operatorId: String(operator.id),
          passengers: [passenger.id],
          salePrice: 1000,
          costPrice: 700,
        },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { sale } = (await response.json()) as { sale: { id: number } };
  return { id: sale.id, clientName: client.name };
}

const balance = (page: Page) => page.getByTestId('sale-balance');

test('a seller registers a payment, completes it, and finds it on /payments', async ({ page, request }) => {
  const sale = await createSale(request);
  const reference = `E2E-${RUN}`;
  await signIn(page, DEMO.sales, `/sales/${sale.id}`);
  const history = page.getByRole('region', { name: 'Historial de Pagos' });
  await expect(history.getByText('No hay pagos registrados para esta venta')).toBeVisible();
  await expect(balance(page)).toHaveText('US$ 1,000.00');

  // Register part of the total.
  await page.getByRole('button', { name: 'Registrar Pago' }).click();
  let dialog = page.getByRole('dialog', { name: 'Registrar Pago' });
  await expect(dialog).toBeVisible();
  const today = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  await expect(dialog.getByLabel('Fecha de pago')).toHaveValue(today);
  await expect(dialog.getByLabel('Método de pago')).toHaveValue('cash');
  await expectNoSeriousA11yViolations(page);

  await dialog.getByLabel('Monto').fill('0');
  await dialog.getByRole('button', { name: 'Guardar Pago' }).click();
  await expect(dialog.getByText('Please enter a valid amount')).toBeVisible();

  await dialog.getByLabel('Monto').fill('400');
  await dialog.getByLabel('Método de pago').selectOption({ label: 'Transferencia' });
  await dialog.getByLabel('Referencia').fill(reference);
  await dialog.getByRole('button', { name: 'Guardar Pago' }).click();
  await expect(dialog).toBeHidden();

  const row = history.getByRole('listitem').filter({ hasText: reference });
  await expect(row).toContainText('US$ 400.00');
  await expect(row).toContainText('Transferencia');
  await expect(balance(page)).toHaveText('US$ 600.00');
  await expect(balance(page)).toHaveClass(/text-red-700/);

  // Edit it to the full total: nothing is owed any more.
  await row.getByRole('button', { name: 'Editar pago' }).click();
  dialog = page.getByRole('dialog', { name: 'Editar Pago' });
  await expect(dialog.getByLabel('Monto')).toHaveValue('400');
  await dialog.getByLabel('Monto').fill('1000');
  await dialog.getByRole('button', { name: 'Guardar Pago' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('US$ 1,000.00');
  await expect(balance(page)).toHaveText('US$ 0.00');
  await expect(balance(page)).toHaveClass(/text-green-700/);

  // The payment is listed on /payments and leads back to its sale.
  await page.goto('/payments');
  await expect(page.getByRole('heading', { name: 'Pagos', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar pagos por cliente o referencia' }).fill(reference);
  const cards = page.getByRole('link').filter({ hasText: reference });
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText(sale.clientName);
  await expect(cards).toContainText('US$ 1,000.00');
  await expect(cards).toContainText('Confirmado');
  await expect(page.getByText('Total confirmado')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Pendientes' }).click();
  await expect(page.getByText('No se encontraron pagos')).toBeVisible();
  await page.getByRole('button', { name: 'Todos' }).click();
  await cards.click();
  await expect(page).toHaveURL(new RegExp(`/sales/${sale.id}$`));
});

test('finance reads payments and may register them, but not edit them', async ({ page, request }) => {
  const sale = await createSale(request);
  const reference = `E2E-FIN-${RUN}`;
  const token = await apiLogin(request, DEMO.sales);
  const created = await request.post('/api/payments', {
    headers: { Authorization: `Bearer ${token}` },
    data: { saleId: sale.id, date: '2026-01-15', amount: 1250, method: 'cash', reference },
  });
  expect(created.status(), await created.text()).toBe(201);

  await signIn(page, DEMO.finance, `/sales/${sale.id}`);
  const history = page.getByRole('region', { name: 'Historial de Pagos' });
  await expect(history.getByRole('listitem').filter({ hasText: reference })).toContainText('Efectivo');
  // Paid 250 more than the total: a credit in favour of the client, in green.
  await expect(page.getByText('Saldo a favor', { exact: true })).toBeVisible();
  await expect(balance(page)).toHaveText(/^\D*250\.00$/);
  await expect(balance(page)).toHaveClass(/text-green-700/);
  // Finance registers what a client pays (decision 0043); editing stays with the sale's editors.
  await expect(page.getByRole('button', { name: 'Registrar Pago' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Editar pago' })).toHaveCount(0);

  await page.goto('/payments');
  await page.getByLabel('Método de pago').selectOption({ label: 'Efectivo' });
  await page.getByRole('searchbox', { name: 'Buscar pagos por cliente o referencia' }).fill(reference);
  await expect(page.getByRole('link').filter({ hasText: reference })).toHaveCount(1);
  await page.getByLabel('Método de pago').selectOption({ label: 'Transferencia' });
  await expect(page.getByText('No se encontraron pagos')).toBeVisible();
});

test('a client pays in pesos: the dialog values it in USD live, the sale counts the USD value', async ({
  page,
  request,
}) => {
  const sale = await createSale(request);
  const reference = `E2E-CLP-${RUN}`;
  await signIn(page, DEMO.sales, `/sales/${sale.id}`);
  const history = page.getByRole('region', { name: 'Historial de Pagos' });
  await expect(balance(page)).toHaveText('US$ 1,000.00');

  await page.getByRole('button', { name: 'Registrar Pago' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar Pago' });
  // A new payment starts in the sale's currency; the demo's peso is worth 0.00105 USD.
  await expect(dialog.getByLabel('Moneda')).toHaveValue('USD');
  await dialog.getByLabel('Moneda').selectOption('CLP');
  const rate = dialog.getByLabel('Tasa de cambio (US$ por 1 CLP)');
  await expect(rate).toHaveValue('0.00105');
  await dialog.getByLabel('Monto').fill('500.000');
  await expect(dialog.getByTestId('payment-usd')).toContainText('≈ US$ 525.00');
  // A rate agreed with the client is typed over the one of Configuraciones.
  await rate.fill('0,0011');
  await expect(dialog.getByTestId('payment-usd')).toContainText('≈ US$ 550.00');
  await dialog.getByLabel('Referencia').fill(reference);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Guardar Pago' }).click();
  await expect(dialog).toBeHidden();

  const row = history.getByRole('listitem').filter({ hasText: reference });
  await expect(row).toContainText('CLP 500,000 (US$ 550.00)');
  await expect(row).toContainText('Tasa: 0.0011 US$ por CLP (ingresada a mano)');
  await expect(page.getByText('Total Pagado').locator('..')).toContainText('US$ 550.00');
  await expect(balance(page)).toHaveText('US$ 450.00');

  await page.goto('/payments');
  await page.getByRole('searchbox', { name: 'Buscar pagos por cliente o referencia' }).fill(reference);
  await expect(page.getByRole('link').filter({ hasText: reference })).toContainText(
    'CLP 500,000 (US$ 550.00)',
  );
});
