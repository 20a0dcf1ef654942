import { expect, type Page, test } from '@playwright/test';
import { createSaleViaApi } from '../sales/sales-fixtures';
import { apiLogin, DEMO, expectNoSeriousA11yViolations, signIn } from '../support/helpers';

// docs/decisions/0015-phone-layout-currencies-and-retries.md: one rule per figure, ISO currencies, rates with
// 4 decimals, errors shown quickly.

/** Today's sales count in the chart's text alternative (its last row is today). */
async function todaysChartCount(page: Page): Promise<number> {
  const table = page.locator('table').filter({ hasText: 'Ventas y monto vendido por día' });
  const today = table.locator('tbody tr').last();
  return Number(await today.locator('td').first().textContent());
}

test('el gráfico de 30 días no cuenta ventas canceladas y lo dice debajo', async ({ page, request }) => {
  const token = await apiLogin(request, DEMO.sales);
  await signIn(page, DEMO.sales);
  await expect(page.getByText('No incluye ventas canceladas.')).toBeVisible();
  const before = await todaysChartCount(page);

  const saleId = await createSaleViaApi(request, token, 'Venta que se cancela');
  await page.reload();
  await expect(page.getByText('No incluye ventas canceladas.')).toBeVisible();
  expect(await todaysChartCount(page)).toBe(before + 1);

  const cancelled = await request.put(`/api/sales/${saleId}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { status: 'cancelled' },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await page.reload();
  await expect(page.getByText('No incluye ventas canceladas.')).toBeVisible();
  expect(await todaysChartCount(page)).toBe(before);
});

test('la moneda de una tasa se elige de la lista ISO 4217 y las tasas muestran 4 decimales', async ({
  page,
}) => {
  await signIn(page, DEMO.admin, '/company-settings');
  await page.getByRole('button', { name: 'Agregar Tasa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Agregar Tasa' });
  const currency = dialog.getByLabel('Moneda', { exact: true });
  await currency.fill('POUNDS');
  await expect(dialog.getByText('Ninguna moneda ISO 4217 coincide con «POUNDS»')).toBeVisible();
  // The list covers the side's choice below it: Escape closes the list only.
  await page.keyboard.press('Escape');
  // A new rate starts as "1 USD = ___" (decision 0086); this one is typed the spec's way.
  await dialog.getByLabel(/= ___ USD$/).check();
  await dialog.getByLabel('Tasa a USD').fill('0.0067');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('La moneda es requerida')).toBeVisible();

  await currency.fill('yen');
  await expect(dialog.getByRole('option', { name: 'JPY Yen japonés' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // Escape closes the list only; the dialog and what was typed stay.
  await page.keyboard.press('Escape');
  await expect(dialog.getByRole('listbox')).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await currency.fill('yen');
  await dialog.getByRole('option', { name: 'JPY Yen japonés' }).click();
  await expect(currency).toHaveValue('JPY - Yen japonés');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  const row = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'JPY', exact: true }) });
  await expect(row).toContainText('1 JPY = 0.0067 USD');

  // The seeded CLP rate (0.00105) reads with 4 decimals in the list, as in the supplier payment history.
  const clp = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'CLP', exact: true }) });
  await expect(clp).toContainText('1 CLP = 0.0011 USD');

  page.once('dialog', (confirm) => confirm.accept());
  await row.getByRole('button', { name: 'Eliminar JPY' }).click();
  await expect(row).toHaveCount(0);
});

test('un error del servidor se muestra en menos de 3 segundos', async ({ page }) => {
  await signIn(page, DEMO.admin);
  // A page number far past the end: the server refuses it, a real error answer.
  const refused = page.waitForResponse((r) => r.url().includes('/api/sales?') && r.status() >= 400);
  await page.goto('/sales?page=100000000000000000000');
  await refused;
  const started = Date.now();
  await expect(page.getByText('Failed to fetch sales')).toBeVisible({ timeout: 3_000 });
  expect(Date.now() - started).toBeLessThan(3_000);
});
