import { expect, type Locator, type Page, test } from '@playwright/test';
import { pickFirst } from '../sales/sales-fixtures';
import { DEMO, expectNoSeriousA11yViolations, loginForm } from '../support/helpers';

// docs/decisions/0015-phone-layout-currencies-and-retries.md: dialogs, comboboxes and focus, as a keyboard
// user meets them.

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** Presses Tab, as a person would, until `target` has focus. */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

test.describe('teclado y foco', () => {
  test('Escape cierra solo la lista abierta del buscador y el diálogo devuelve el foco a su botón', async ({
    page,
  }) => {
    await signInWithKeyboard(page);
    await page.goto('/sales/new');
    const addItem = page.getByRole('button', { name: 'Agregar Item' });
    await addItem.click();
    const dialog = page.getByRole('dialog', { name: 'Agregar Item de Venta' });
    await pickFirst(dialog, 'Clasificación');
    await pickFirst(dialog, 'Proveedor');
    await dialog.getByLabel('Descripción').fill('Traslado aeropuerto');
    const search = dialog.getByPlaceholder('Buscar por nombre o ID');
    await search.fill('a');
    const results = page.getByRole('listbox');
    await expect(results.getByRole('option').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.keyboard.press('Escape');
    await expect(results).toHaveCount(0);
    await expect(search).toBeFocused();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Descripción')).toHaveValue('Traslado aeropuerto');
    await expect(dialog.getByLabel('Clasificación', { exact: true })).not.toHaveValue('');

    // The item has changes, so Escape asks before discarding them (docs/product.md#item-modal); Enter on
    // Descartar does.
    await page.keyboard.press('Escape');
    const ask = page.getByRole('dialog', { name: '¿Descartar los cambios del item?' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Descartar' }).press('Enter');
    await expect(dialog).toBeHidden();
    await expect(addItem).toBeFocused();

    // The same through 'Cancelar', and for a dialog opened from another dialog.
    await addItem.press('Enter');
    await dialog.getByRole('button', { name: '+ Crear nuevo pasajero' }).click();
    const nested = page.getByRole('dialog', { name: 'Nuevo pasajero' });
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(nested).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: '+ Crear nuevo pasajero' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
    await expect(addItem).toBeFocused();
  });

  test('crear una venta con un item y registrar un pago sin tocar el mouse', async ({ page }) => {
    test.setTimeout(90_000);
    await signInWithKeyboard(page);
    await page.goto('/sales/new');
    await expect(page.getByRole('heading', { name: 'Nuevo Registro de Venta' })).toBeVisible();

    const client = page.getByLabel('Cliente', { exact: true });
    await tabTo(page, client);
    await page.keyboard.type('a');
    await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(client).not.toHaveValue('');
    await expect(page.getByLabel('Nombre del pasajero')).not.toHaveValue('');

    const travelDate = page.getByLabel('Fecha de viaje');
    await tabTo(page, travelDate);
    // Day and month alike: the date field takes them in the browser's order (dd/mm or mm/dd).
    await page.keyboard.type('05052031');
    await expect(travelDate).toHaveValue('2031-05-05');

    const addItem = page.getByRole('button', { name: 'Agregar Item' });
    await tabTo(page, addItem);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Agregar Item de Venta' });
    await expect(dialog).toBeVisible();
    for (const label of ['Clasificación', 'Proveedor', 'Operador']) {
      const select = dialog.getByLabel(label, { exact: true });
      // Its options come from the catalogs' query: ArrowDown on an empty list chooses nothing.
      await expect(select.locator('option').nth(1)).toBeAttached();
      await tabTo(page, select);
      await page.keyboard.press('ArrowDown');
      await expect(select).not.toHaveValue('');
    }
    await tabTo(page, dialog.getByPlaceholder('Buscar por nombre o ID'));
    await page.keyboard.type('a');
    await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(
      dialog.getByRole('list', { name: 'Pasajeros seleccionados' }).getByRole('listitem'),
    ).toHaveCount(1);
    await tabTo(page, dialog.getByLabel('Precio de venta'));
    await page.keyboard.type('120.50');
    await tabTo(page, dialog.getByLabel('Precio de costo'));
    await page.keyboard.type('90');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(addItem).toBeFocused();
    await expect(page.getByText('Total venta:').locator('..')).toContainText('US$ 120.50');

    await tabTo(page, page.getByRole('button', { name: 'Guardar Venta' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/sales\/\d+$/);

    const register = page.getByRole('button', { name: 'Registrar Pago' });
    await tabTo(page, register);
    await page.keyboard.press('Enter');
    const payment = page.getByRole('dialog', { name: 'Registrar Pago' });
    await expect(payment).toBeVisible();
    await tabTo(page, payment.getByLabel('Monto'));
    await page.keyboard.type('20.50');
    await page.keyboard.press('Enter');
    await expect(payment).toBeHidden();
    await expect(register).toBeFocused();
    await expect(page.getByRole('list', { name: 'Pagos de la venta' })).toContainText('US$ 20.50');
    await expect(page.getByTestId('sale-balance')).toContainText('US$ 100.00');
  });
});

async function signInWithKeyboard(page: Page) {
  await page.goto('/login');
  const form = loginForm(page);
  await form.email.focus();
  await page.keyboard.type(DEMO.sales.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(DEMO.sales.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Bienvenido, ${DEMO.sales.username}` })).toBeVisible();
}
