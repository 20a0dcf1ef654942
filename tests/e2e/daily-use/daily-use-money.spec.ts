import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createSaleViaApi } from '../sales/sales-fixtures';
import { apiLogin, DEMO, expectNoSeriousA11yViolations, signIn } from '../support/helpers';

// docs/decisions/0014-warnings-before-mistakes.md: warnings before money mistakes (the server stays the
// judge) and the invoice view.

const RUN = Date.now().toString(36);
const balance = (page: Page) => page.getByTestId('sale-balance');

async function pay(request: APIRequestContext, token: string, saleId: number, amount: number) {
  const response = await request.post('/api/payments', {
    headers: { Authorization: `Bearer ${token}` },
    data: { saleId, date: '2031-01-10', amount, method: 'transfer', reference: `E2E-${RUN}` },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test.describe('avisos antes de errores de dinero', () => {
  test('un pago mayor que lo pendiente pide confirmación y el servidor lo acepta como saldo a favor', async ({
    page,
    request,
  }) => {
    const saleId = await createSaleViaApi(request, await apiLogin(request, DEMO.sales), `Sobrepago ${RUN}`);
    await signIn(page, DEMO.sales, `/sales/${saleId}`);
    await expect(balance(page)).toHaveText('US$ 500.00');

    await page.getByRole('button', { name: 'Registrar Pago' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar Pago' });
    await dialog.getByLabel('Monto').fill('99999999999');
    await dialog.getByRole('button', { name: 'Guardar Pago' }).click();
    // The amount is also above the large-amount threshold, which asks in an alert of its own.
    const warning = dialog.getByRole('alert').filter({ hasText: 'Lo pendiente de la venta' });
    await expect(warning).toContainText('Lo pendiente de la venta es US$ 500.00');
    await expect(warning).toContainText('lo supera en US$ 99,999,999,499.00');
    await expect(warning).toContainText('saldo a favor del cliente');
    await expectNoSeriousA11yViolations(page);
    // Nothing was sent: the balance is unchanged behind the dialog.
    await expect(balance(page)).toHaveText('US$ 500.00');

    // A corrected amount no longer asks; going back to an excess asks again before sending.
    await dialog.getByLabel('Monto').fill('600');
    await expect(warning).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Guardar Pago' }).click();
    await expect(warning).toContainText('lo supera en US$ 100.00');
    await dialog.getByRole('button', { name: 'Confirmar pago' }).click();
    await expect(dialog).toBeHidden();
    await expect(balance(page)).toContainText('100.00');
    await expect(page.getByText('Saldo a favor', { exact: true })).toBeVisible();
  });

  test('cancelar una venta pagada dice cuánto pagó el cliente, con los botones Volver y Cancelar Venta', async ({
    page,
    request,
  }) => {
    const token = await apiLogin(request, DEMO.sales);
    const saleId = await createSaleViaApi(request, token, `Cancelación ${RUN}`);
    await pay(request, token, saleId, 150.25);
    await signIn(page, DEMO.sales, `/sales/${saleId}`);

    const cancel = page.getByRole('button', { name: 'Cancelar Venta' });
    await cancel.click();
    const dialog = page.getByRole('dialog', { name: 'Cancelar Venta' });
    await expect(dialog).toContainText('El cliente ya pagó US$ 150.25 en esta venta');
    await expect(dialog).toContainText('quedan registrados');
    await expect(dialog.getByRole('button')).toHaveText(['Volver', 'Cancelar Venta', '']);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Volver' }).click();
    await expect(dialog).toBeHidden();
    await expect(cancel).toBeFocused();
    await expect(page.getByText('Confirmada', { exact: true })).toBeVisible();

    await cancel.click();
    await dialog.getByRole('button', { name: 'Cancelar Venta' }).click();
    await expect(page.getByText('Cancelada', { exact: true })).toBeVisible();
    // The payment stays recorded on the cancelled sale.
    await expect(page.getByRole('list', { name: 'Pagos de la venta' })).toContainText('US$ 150.25');
  });

  test('liquidar con saldo pendiente lo muestra; la factura se ve una vez emitida', async ({
    page,
    request,
  }) => {
    const token = await apiLogin(request, DEMO.sales);
    const saleId = await createSaleViaApi(request, token, `Liquidar ${RUN}`);
    await pay(request, token, saleId, 120);
    await signIn(page, DEMO.sales, `/sales/${saleId}`);

    await page.getByRole('button', { name: 'Liquidar Venta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Liquidar Venta' });
    await expect(dialog).toContainText('Aún queda un saldo pendiente de US$ 380.00 por cobrar al cliente');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Liquidar Venta' }).click();
    await expect(page.getByText('Liquidada', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Generar Factura' }).click();
    await expect(page).toHaveURL(/\/invoices\/\d+$/);
    const invoiceUrl = page.url();
    // An item without a description is named once, not twice.
    const item = page.getByRole('table').getByRole('row').nth(1);
    const described = await item.getByRole('cell').first().innerText();
    expect(described.split('\n').filter((line) => line.trim())).toHaveLength(1);
    // 'Total' and its amount are apart, not "TotalUS$ 500.00".
    const gap = await page.getByRole('rowheader', { name: 'Total' }).evaluate((header) => {
      const amount = header.nextElementSibling as HTMLElement;
      const range = document.createRange();
      range.selectNodeContents(header);
      const labelEnd = range.getBoundingClientRect().right;
      range.selectNodeContents(amount);
      return range.getBoundingClientRect().left - labelEnd;
    });
    expect(gap).toBeGreaterThanOrEqual(12);

    await page.goto(`/sales/${saleId}`);
    const view = page.getByRole('link', { name: 'Ver Factura' });
    await expect(view).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generar Factura' })).toHaveCount(0);
    await view.click();
    await expect(page).toHaveURL(invoiceUrl);
  });
});
