import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiLogin, DEMO, expectNoSeriousA11yViolations, signIn } from '../support/helpers';
import { createSaleViaApi, firstId, pickFirst, searchAndPick } from './sales-fixtures';

// docs/decisions/0043-finance-registers-payments.md: states that can be left. A draft saved from the form and
// confirmed, a pending payment confirmed, and Liquidar on a cancelled sale for admins only, with its amounts
// in the dialog.

const RUN = Date.now().toString(36);

async function call(
  request: APIRequestContext,
  token: string,
  method: 'post' | 'put',
  url: string,
  data: object,
) {
  const response = await request[method](url, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json();
}

test.describe('estados que se pueden dejar', () => {
  test.describe.configure({ timeout: 90_000 });

  test('un vendedor guarda una venta como borrador y luego la confirma', async ({ page, request }) => {
    const token = await apiLogin(request, DEMO.sales);
    const [client, passenger] = await Promise.all([
      firstId(request, token, '/api/clients'),
      firstId(request, token, '/api/passengers'),
    ]);
    await signIn(page, DEMO.sales, '/sales/new');
    await searchAndPick(page, page.locator('form'), 'Buscar por nombre o ID/RUT', client.name);
    await page.getByLabel('Nombre del pasajero').fill(`Borrador ${RUN}`);
    await page.getByLabel('Fecha de viaje').fill('2031-06-01');
    await page.getByRole('button', { name: 'Agregar Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar Item de Venta' });
    await pickFirst(dialog, 'Clasificación');
    await pickFirst(dialog, 'Proveedor');
    await pickFirst(dialog, 'Operador');
    await searchAndPick(page, dialog, 'Buscar por nombre o ID', passenger.name);
    await dialog.getByLabel('Precio de venta').fill('300');
    await dialog.getByLabel('Precio de costo').fill('200');
    await dialog.getByRole('button', { name: 'Guardar Item' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Guardar como borrador' }).click();
    await expect(page).toHaveURL(/\/sales\/\d+$/);
    await expect(page.getByText('Borrador', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Confirmar venta' }).click();
    await expect(page.getByText('Confirmada', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirmar venta' })).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Historial de cambios' })).toContainText('Confirmada');
  });

  test('un pago pendiente se confirma y cuenta como pagado', async ({ page, request }) => {
    const token = await apiLogin(request, DEMO.sales);
    const saleId = await createSaleViaApi(request, token, `Pendiente ${RUN}`);
    await call(request, token, 'post', '/api/payments', {
      saleId,
      date: '2031-01-10',
      amount: 120.5,
      method: 'transfer',
      reference: `PEND-${RUN}`,
      status: 'pending',
    });
    await signIn(page, DEMO.sales, `/sales/${saleId}`);
    const history = page.getByRole('region', { name: 'Historial de Pagos' });
    const row = history.getByRole('listitem').filter({ hasText: `PEND-${RUN}` });
    await expect(row).toContainText('Pendiente');
    await expect(page.getByTestId('sale-balance')).toContainText('500.00');

    await row.getByRole('button', { name: /^Confirmar pago/ }).click();
    await expect(row.getByRole('button', { name: /^Confirmar pago/ })).toHaveCount(0);
    await expect(row).not.toContainText('Pendiente');
    await expect(page.getByTestId('sale-balance')).toContainText('379.50');
    await expectNoSeriousA11yViolations(page);
  });

  test('un vendedor no puede liquidar una venta cancelada; un admin sí, viendo los montos', async ({
    page,
    request,
  }) => {
    const token = await apiLogin(request, DEMO.sales);
    const saleId = await createSaleViaApi(request, token, `Cancelada ${RUN}`);
    await call(request, token, 'post', '/api/payments', { saleId, date: '2031-01-10', amount: 100 });
    await call(request, token, 'put', `/api/sales/${saleId}`, { status: 'cancelled' });

    await signIn(page, DEMO.sales, `/sales/${saleId}`);
    await expect(page.getByText('Cancelada', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Liquidar Venta' })).toHaveCount(0);
    // The server says no as well, in Spanish.
    const refused = await request.put(`/api/sales/${saleId}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { status: 'completed' },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message).toBe('Solo un administrador puede liquidar una venta cancelada');

    await signIn(page, DEMO.admin, `/sales/${saleId}`);
    await page.getByRole('button', { name: 'Liquidar Venta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Liquidar Venta' });
    await expect(dialog).toContainText('está cancelada');
    await expect(dialog).toContainText(/Total de la venta: .*500\.00/);
    await expect(dialog).toContainText(/Pagado: .*100\.00/);
    await expect(dialog).toContainText(/Pendiente: .*\d\.00/);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Liquidar Venta' }).click();
    await expect(page.getByText('Liquidada', { exact: true })).toBeVisible();
  });

  test('una versión vieja conserva lo escrito y ofrece cargar la última versión', async ({
    page,
    request,
  }) => {
    const token = await apiLogin(request, DEMO.sales);
    const original = `Version ${RUN}`;
    const saleId = await createSaleViaApi(request, token, original);
    await signIn(page, DEMO.sales, `/sales/${saleId}/edit`);
    const name = page.getByLabel('Nombre del pasajero');
    await expect(name).toHaveValue(original);
    await name.fill(`Escrito ${RUN}`);
    // Someone else saves the sale meanwhile.
    await call(request, token, 'put', `/api/sales/${saleId}`, { status: 'cancelled' });

    await page.getByRole('button', { name: 'Guardar Venta' }).click();
    await expect(page.getByText('La venta fue modificada por otro usuario')).toBeVisible();
    await expect(name).toHaveValue(`Escrito ${RUN}`);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Cargar la última versión' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cargar la última versión' });
    await expect(dialog).toContainText('se reemplazarán');
    await dialog.getByRole('button', { name: 'Cargar la última versión' }).click();
    await expect(dialog).toBeHidden();
    await expect(name).toHaveValue(original);
    await expect(page.getByText('La venta fue modificada por otro usuario')).toHaveCount(0);

    await name.fill(`Escrito ${RUN}`);
    await page.getByRole('button', { name: 'Guardar Venta' }).click();
    await expect(page).toHaveURL(new RegExp(`/sales/${saleId}$`));
    await expect(page.getByText(`Escrito ${RUN}`).first()).toBeVisible();
  });
});
