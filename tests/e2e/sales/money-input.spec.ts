import { expect, test } from '@playwright/test';
import { apiLogin, DEMO, expectNoSeriousA11yViolations, signIn } from '../support/helpers';
import { createSaleViaApi, detail } from './sales-fixtures';

// docs/decisions/0038-typed-decimals.md: amounts and rates typed the way Chile writes them; never a silent
// factor of 100.

const RUN = Date.now().toString(36);

test('precios y pagos escritos con coma decimal se guardan como se leen: 800,50 y 1.250,75', async ({
  page,
  request,
}) => {
  const saleId = await createSaleViaApi(request, await apiLogin(request, DEMO.sales), `Coma ${RUN}`);
  await signIn(page, DEMO.sales, `/sales/${saleId}/edit`);
  await page.getByRole('button', { name: 'Editar item 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar Item de Venta' });
  const salePrice = dialog.getByLabel('Precio de venta');
  const costPrice = dialog.getByLabel('Precio de costo');
  await salePrice.fill('1.250,75');
  await costPrice.fill('800,50');
  // Leaving a field shows what was understood, in the app's en-US format (docs/product.md#money).
  await expect(salePrice).toHaveValue('1,250.75');
  await costPrice.blur();
  await expect(costPrice).toHaveValue('800.50');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Guardar Item' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Guardar Venta' }).click();
  await expect(page).toHaveURL(new RegExp(`/sales/${saleId}$`));

  const item = page.getByRole('article', { name: /^Item 1/ });
  await expect(item.getByText(/1,250\.75/)).toBeVisible();
  await expect(item.getByText(/800\.50/)).toBeVisible();
  await expect(detail(page, 'Venta total')).toHaveText(/1,250\.75/);
  await expect(detail(page, 'Costo total')).toHaveText(/800\.50/);

  await page.getByRole('button', { name: 'Registrar Pago' }).click();
  const payment = page.getByRole('dialog', { name: 'Registrar Pago' });
  const amount = payment.getByLabel('Monto');
  await amount.fill('800,50');
  await amount.blur();
  await expect(amount).toHaveValue('800.50');
  await payment.getByRole('button', { name: 'Guardar Pago' }).click();
  await expect(payment).toBeHidden();
  const payments = page.getByRole('list', { name: 'Pagos de la venta' });
  await expect(payments.getByText(/800\.50/)).toBeVisible();
  // 1,250.75 - 800.50: the payment was read as 800.50, not 80,050.
  await expect(page.getByTestId('sale-balance')).toHaveText(/450\.25/);
});

test('un monto ilegible se rechaza con un mensaje que dice cómo escribirlo', async ({ page, request }) => {
  const saleId = await createSaleViaApi(request, await apiLogin(request, DEMO.sales), `Ilegible ${RUN}`);
  await signIn(page, DEMO.sales, `/sales/${saleId}`);
  await page.getByRole('button', { name: 'Registrar Pago' }).click();
  const payment = page.getByRole('dialog', { name: 'Registrar Pago' });
  await payment.getByLabel('Monto').fill('1,2,3');
  await payment.getByRole('button', { name: 'Guardar Pago' }).click();
  await expect(payment.getByText(/^Escribe el monto solo con números/)).toBeVisible();
  await expect(payment.getByLabel('Monto')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('sale-balance')).toHaveText(/500\.00/);
});

test('una tasa ambigua se rechaza; escrita con coma muestra su inversa al escribirla y en la lista', async ({
  page,
}) => {
  await signIn(page, DEMO.admin, '/company-settings');
  await page.getByRole('button', { name: 'Agregar Tasa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Agregar Tasa' });
  await dialog.getByLabel('Moneda', { exact: true }).fill('peso argentino');
  await dialog.getByRole('option', { name: 'ARS Peso argentino' }).click();
  // A new rate starts as "1 USD = ___ ARS" (decision 0086); this one is typed the spec's way.
  await dialog.getByLabel('1 ARS = ___ USD').check();
  const rate = dialog.getByLabel('Tasa a USD');
  await rate.fill('1.250');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(
    dialog.getByText(
      '«1.250» en una tasa puede ser 1,25 o 1250: escribe los decimales con 4 cifras (1,2500) ' +
        'o el número sin separador de miles (1250)',
    ),
  ).toBeVisible();
  await expect(rate).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page);

  await rate.fill('0,00105');
  await expect(dialog.getByText('1 ARS = 0.0011 USD · 1 USD = 952.38 ARS')).toBeVisible();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'ARS' }) });
  await expect(row).toContainText('1 ARS = 0.0011 USD');
  await expect(row).toContainText('1 USD = 952.38 ARS');
});
