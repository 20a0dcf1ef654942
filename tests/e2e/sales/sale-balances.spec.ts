import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { formatMoney } from '../../../src/domain/format';
import { apiLogin, DEMO, expectNoSeriousA11yViolations, signIn } from '../support/helpers';
import { createSaleViaApi } from './sales-fixtures';

// docs/decisions/0040-figures-that-agree.md: what a sale owes reads the same everywhere; a credit is never a
// negative Pendiente and a cancelled sale owes nothing, with what it paid to give back.

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

async function pay(request: APIRequestContext, token: string, saleId: number, amount: number) {
  const response = await request.post('/api/payments', {
    headers: { Authorization: `Bearer ${token}` },
    data: { saleId, date: '2031-01-10', amount, method: 'transfer', reference: `SALDO-${RUN}` },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** The payment summary's third figure: its label (dt) and its amount (dd). */
const balanceLabel = (page: Page) =>
  page.getByRole('region', { name: 'Historial de Pagos' }).locator('dt').nth(2);
const balance = (page: Page) => page.getByTestId('sale-balance');

/** The sale's row in the sales list's table, found by its passenger name. */
async function listRow(page: Page, passengerName: string, saleId: number) {
  await page.goto('/sales');
  await page.getByRole('button', { name: 'Tabla' }).click();
  await page.getByLabel('Buscar ventas').fill(passengerName);
  return page
    .getByRole('table', { name: 'Ventas' })
    .getByRole('row')
    .filter({ hasText: `#${saleId}` });
}

test.describe('saldos de una venta', () => {
  test('una venta pagada de más muestra Saldo a favor en verde, en el detalle y en la lista', async ({
    page,
    request,
  }) => {
    const token = await apiLogin(request, DEMO.sales);
    const passengerName = `Sobrepagada ${RUN}`;
    const saleId = await createSaleViaApi(request, token, passengerName, 500);
    await pay(request, token, saleId, 900);

    await signIn(page, DEMO.sales, `/sales/${saleId}`);
    await expect(balanceLabel(page)).toHaveText('Saldo a favor');
    await expect(balance(page)).toHaveText(formatMoney(400));
    await expect(balance(page)).toHaveClass(/text-green-700/);
    await expect(page.getByTestId('sale-refund')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    const row = await listRow(page, passengerName, saleId);
    const pending = row.getByText(`Saldo a favor ${formatMoney(400)}`);
    await expect(pending).toBeVisible();
    await expect(pending).toHaveClass(/text-green-700/);
  });

  test('una venta cancelada con un pago no debe nada y dice cuánto hay que devolver', async ({
    page,
    request,
  }) => {
    const token = await apiLogin(request, DEMO.sales);
    const passengerName = `Anulada ${RUN}`;
    const saleId = await createSaleViaApi(request, token, passengerName, 500);
    await pay(request, token, saleId, 300);
    const cancel = await request.put(`/api/sales/${saleId}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { status: 'cancelled' },
    });
    expect(cancel.status(), await cancel.text()).toBe(200);

    await signIn(page, DEMO.sales, `/sales/${saleId}`);
    await expect(page.getByText('Cancelada', { exact: true })).toBeVisible();
    await expect(balanceLabel(page)).toHaveText('Pendiente');
    await expect(balance(page)).toHaveText(formatMoney(0));
    await expect(page.getByTestId('sale-refund')).toHaveText(`A devolver ${formatMoney(300)}`);
    // The payment stays listed on the cancelled sale.
    await expect(page.getByRole('list', { name: 'Pagos de la venta' })).toContainText(formatMoney(300));
    await expectNoSeriousA11yViolations(page);

    const row = await listRow(page, passengerName, saleId);
    await expect(row.getByRole('cell').last()).toHaveText(formatMoney(0));
  });
});
