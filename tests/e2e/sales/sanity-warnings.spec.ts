import { expect, test } from '@playwright/test';
import { apiLogin, DEMO, expectNoSeriousA11yViolations, signIn } from '../support/helpers';
import { createSaleViaApi } from './sales-fixtures';

// docs/decisions/0041-agency-day-spanish-order-and-sanity-warnings.md: figures that are allowed but usually a
// slip ask before they are saved (the server still accepts them): an item that costs more than it sells for,
// an amount above the company's threshold.

const RUN = Date.now().toString(36);

test.describe('avisos de cifras dudosas antes de guardar', () => {
  test('un ítem con costo mayor que el precio pide confirmación; Volver conserva el formulario', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const saleId = await createSaleViaApi(request, await apiLogin(request, DEMO.sales), `Costo ${RUN}`);
    await signIn(page, DEMO.sales, `/sales/${saleId}/edit`);
    await page.getByRole('button', { name: 'Editar item 1' }).click();
    const item = page.getByRole('dialog', { name: 'Editar Item de Venta' });
    await item.getByLabel('Precio de costo').fill('800.50');
    await item.getByRole('button', { name: 'Guardar Item' }).click();
    await expect(item).toBeHidden();

    await page.getByRole('button', { name: 'Guardar Venta' }).click();
    const question = page.getByRole('dialog', { name: '¿Guardar la venta de todos modos?' });
    await expect(question).toContainText(
      /Ítem 1 .*: el costo \(.*800\.50\) es mayor que el precio de venta \(.*500\.00\)/,
    );
    await expectNoSeriousA11yViolations(page);

    // Volver: nothing was sent, the form and the typed cost are still there.
    await question.getByRole('button', { name: 'Volver' }).click();
    await expect(question).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/sales/${saleId}/edit$`));
    await expect(page.getByRole('main')).toContainText(/800\.50/);

    await page.getByRole('button', { name: 'Guardar Venta' }).click();
    await question.getByRole('button', { name: 'Guardar de todos modos' }).click();
    await expect(page).toHaveURL(new RegExp(`/sales/${saleId}$`));
    await expect(page.getByRole('main')).toContainText(/800\.50/);
  });

  test('un pago por encima del umbral de montos altos pide confirmación', async ({ page, request }) => {
    const token = await apiLogin(request, DEMO.sales);
    const saleId = await createSaleViaApi(request, token, `Monto alto ${RUN}`, 250_000);
    await signIn(page, DEMO.sales, `/sales/${saleId}`);
    await page.getByRole('button', { name: 'Registrar Pago' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar Pago' });
    await dialog.getByLabel('Monto').fill('150000.00');
    await dialog.getByRole('button', { name: 'Guardar Pago' }).click();
    const warning = dialog.getByRole('alert');
    await expect(warning).toContainText(/150,000\.00 supera el umbral de montos altos \(.*100,000\.00\)/);
    await expect(dialog).toBeVisible();

    // A smaller amount saves without asking.
    await dialog.getByLabel('Monto').fill('1500.00');
    await expect(warning).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Guardar Pago' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Registrar Pago' }).click();
    await dialog.getByLabel('Monto').fill('150000.00');
    await dialog.getByRole('button', { name: 'Guardar Pago' }).click();
    await expect(warning).toBeVisible();
    await dialog.getByRole('button', { name: 'Confirmar pago' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('list', { name: 'Pagos de la venta' })).toContainText(/150,000\.00/);
  });
});
