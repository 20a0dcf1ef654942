import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { createSaleViaApi } from '../sales/sales-fixtures';
import { apiLogin, DEMO, signIn } from '../support/helpers';

// docs/decisions/0039-named-currency-and-screens-that-fit.md: the money columns fit a laptop with the sidebar
// open, no page pans sideways on a phone, and a keyboard user can skip the menu.

const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

/**
 * Whether the element is shown whole: inside the window and inside every box that clips it (a table
 * that scrolls sideways hides the columns past its right edge).
 */
const shownWhole = (locator: Locator) =>
  locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    let right = document.documentElement.clientWidth;
    let left = 0;
    for (let box = element.parentElement; box; box = box.parentElement) {
      if (getComputedStyle(box).overflowX === 'visible') continue;
      const clip = box.getBoundingClientRect();
      left = Math.max(left, clip.left);
      right = Math.min(right, clip.right);
    }
    return rect.width > 0 && rect.left >= left - 0.5 && rect.right <= right + 0.5;
  });

const expectShownWhole = async (locator: Locator, what: string) => {
  await expect(locator).toBeVisible();
  expect(await shownWhole(locator), `${what} se ve entero`).toBe(true);
};

const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function getJson<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/** A completed sale of the demo seller with its invoice; returns the invoice's id. */
async function invoicedSale(request: APIRequestContext) {
  const saleId = await createSaleViaApi(
    request,
    await apiLogin(request, DEMO.sales),
    'Pasajera Factura Móvil',
  );
  const admin = { Authorization: `Bearer ${await apiLogin(request, DEMO.admin)}` };
  const completed = await request.put(`/api/sales/${saleId}`, {
    headers: admin,
    data: { status: 'completed' },
  });
  expect(completed.status(), await completed.text()).toBe(200);
  const invoice = await request.post(`/api/sales/${saleId}/invoice`, { headers: admin, data: {} });
  expect(invoice.status(), await invoice.text()).toBeLessThan(300);
  const issued = (
    (await invoice.json()) as { invoice: { id: number; items: Array<{ passengers: string[] }> } }
  ).invoice;
  return { saleId, invoiceId: issued.id, passenger: issued.items[0]?.passengers[0] ?? '' };
}

test.describe('a 1366 x 768 con el menú abierto', () => {
  test.use({ viewport: LAPTOP });

  test('la tabla de ventas muestra Total y Pendiente', async ({ page }) => {
    await signIn(page, DEMO.admin, '/sales');
    await page.getByRole('button', { name: 'Tabla' }).click();
    await expect(page.getByRole('button', { name: 'Contraer menú' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Ventas' });
    for (const name of ['Total', 'Pendiente']) {
      await expectShownWhole(table.getByRole('columnheader', { name, exact: true }), `La columna ${name}`);
    }
    await expectShownWhole(table.getByRole('row').nth(1).getByRole('cell').last(), 'El monto pendiente');
    await expect(table.getByRole('row').nth(1)).toContainText('US$ ');
    expect(await sidewaysOverflow(page)).toBe(0);
  });

  test('Cobranza muestra todas las columnas de antigüedad', async ({ page }) => {
    await signIn(page, DEMO.finance, '/receivables');
    const table = page.getByRole('table', { name: 'Clientes con saldo pendiente' });
    for (const name of [
      'Pendiente',
      'Por vencer',
      '1-30 días',
      '31-60 días',
      '61-90 días',
      'Más de 90 días',
    ]) {
      await expectShownWhole(table.getByRole('columnheader', { name, exact: true }), `La columna ${name}`);
    }
    await expectShownWhole(table.getByRole('row').nth(1).getByRole('cell').last(), 'El último tramo');
    expect(await sidewaysOverflow(page)).toBe(0);
  });
});

test.describe('en un teléfono de 390 px', () => {
  test.use({ viewport: PHONE });

  test('la factura muestra sus importes y el total', async ({ page, request }) => {
    const { invoiceId, passenger } = await invoicedSale(request);
    await signIn(page, DEMO.admin, `/invoices/${invoiceId}`);
    const detail = page.getByRole('table');
    await expectShownWhole(detail.getByRole('columnheader', { name: 'Importe' }), 'El encabezado Importe');
    const itemAmount = detail.locator('tbody td').last();
    await expectShownWhole(itemAmount, 'El importe del ítem');
    await expect(itemAmount).toHaveText('US$ 500.00');
    // The item's passengers are still shown, under its description.
    expect(passenger).not.toBe('');
    await expect(detail.locator('tbody td').first().getByText(passenger)).toBeVisible();
    await expectShownWhole(detail.getByRole('rowheader', { name: 'Total' }), 'La palabra Total');
    await expectShownWhole(detail.locator('tfoot td'), 'El total');
    await expect(detail.locator('tfoot td')).toHaveText('US$ 500.00');
    expect(await sidewaysOverflow(page)).toBe(0);
  });

  test('ninguna de estas páginas se desplaza de lado', async ({ page, request }) => {
    test.setTimeout(90_000);
    const { saleId, invoiceId } = await invoicedSale(request);
    const token = await apiLogin(request, DEMO.admin);
    const debtor = (
      await getJson<{ clients: Array<{ clientId: number }> }>(request, token, '/api/reports/receivables')
    ).clients[0];
    const supplier = (
      await getJson<{ suppliers: Array<{ supplierId: number }> }>(
        request,
        token,
        '/api/supplier-payments/suppliers/sales',
      )
    ).suppliers[0];
    expect(debtor, 'la demo tiene clientes con saldo').toBeTruthy();
    expect(supplier, 'la demo tiene proveedores con ventas').toBeTruthy();
    await signIn(page, DEMO.admin);
    for (const path of [
      '/dashboard',
      '/receivables',
      `/receivables/${debtor?.clientId}`,
      '/payables',
      '/reports',
      '/supplier-payments',
      `/supplier-payments/supplier/${supplier?.supplierId}`,
      `/invoices/${invoiceId}`,
      `/sales/${saleId}`,
      '/sales',
      '/payments',
    ]) {
      await page.goto(path);
      await expect(page.locator('main h1').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect.soft(width, `${path} se desplaza de lado`).toBeLessThanOrEqual(PHONE.width);
    }
  });
});

test('"Saltar al contenido" es lo primero al tabular y lleva el foco al contenido', async ({ page }) => {
  await signIn(page, DEMO.admin, '/sales');
  const skip = page.getByRole('link', { name: 'Saltar al contenido' });
  await expect(skip).not.toBeInViewport();
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  // The next Tab goes on inside the page, not back to the menu.
  await page.keyboard.press('Tab');
  const inMain = await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement));
  expect(inMain).toBe(true);
});
