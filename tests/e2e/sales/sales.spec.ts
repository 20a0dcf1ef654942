import { expect, test } from '@playwright/test';
import { apiLogin, DEMO, expectNoSeriousA11yViolations, signIn } from '../support/helpers';
import { createSaleViaApi, detail, expectSummary, firstId, pickFirst, searchAndPick } from './sales-fixtures';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

test.describe('ventas', () => {
  test('un vendedor crea una venta con cliente y pasajero nuevos, la edita y la liquida', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const id = unique();
    const clientName = `Cliente E2E ${id}`;
    const passengerName = `Pasajero E2E ${id}`;
    const existing = await firstId(request, await apiLogin(request, DEMO.sales), '/api/passengers');

    await signIn(page, DEMO.sales, '/sales');
    await page.getByRole('link', { name: 'Nueva Venta' }).click();
    await expect(page.getByRole('heading', { name: 'Nuevo Registro de Venta' })).toBeVisible();
    // A seller sells as themselves: no picker, only their name.
    await expect(page.getByLabel('Vendedor')).toHaveValue(DEMO.sales.username);
    await expect(page.getByLabel('Vendedor')).not.toBeEditable();
    await expect(page.getByLabel('Cantidad de pasajeros')).toHaveValue('1');
    await expect(page.getByRole('button', { name: 'Guardar Venta' })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);

    // A new client, from the form itself.
    await page.getByRole('button', { name: '+ Crear nuevo cliente' }).click();
    const clientDialog = page.getByRole('dialog', { name: 'Nuevo cliente' });
    await clientDialog.getByLabel('Nombre').fill(clientName);
    await clientDialog.getByLabel('ID/RUT').fill(`${id}-K`);
    await expectNoSeriousA11yViolations(page);
    await clientDialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(clientDialog).toBeHidden();
    await expect(page.getByLabel('Cliente', { exact: true })).toHaveValue(`${clientName} (${id}-K)`);
    await expect(page.getByLabel('Nombre del pasajero')).toHaveValue(clientName);
    await page.getByLabel('Fecha de viaje').fill('2031-05-20');
    await page.getByLabel('Cantidad de pasajeros').fill('2');
    await page.getByLabel('Región').selectOption({ label: 'Internacional' });

    // Item 1: the empty submit shows every message, then a new passenger is created inline.
    await page.getByRole('button', { name: 'Agregar Item' }).click();
    let dialog = page.getByRole('dialog', { name: 'Agregar Item de Venta' });
    await dialog.getByRole('button', { name: 'Guardar Item' }).click();
    for (const message of [
      'La clasificación es requerida',
      'El proveedor es requerido',
      'El operador es requerido',
      'Se requiere al menos 1 pasajero',
      'El precio de venta debe ser positivo',
      'El precio de costo debe ser positivo',
    ]) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page);
    await pickFirst(dialog, 'Clasificación');
    await pickFirst(dialog, 'Proveedor');
    await pickFirst(dialog, 'Operador');
    await dialog.getByRole('button', { name: '+ Crear nuevo pasajero' }).click();
    const passengerDialog = page.getByRole('dialog', { name: 'Nuevo pasajero' });
    await passengerDialog.getByLabel('Nombre').fill(passengerName);
    await passengerDialog.getByLabel('ID/RUT del pasajero').fill(`P-${id}`);
    await passengerDialog.getByLabel('Fecha de nacimiento').fill('1990-04-12');
    await expectNoSeriousA11yViolations(page);
    await passengerDialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(passengerDialog).toBeHidden();
    const chosen = dialog.getByRole('list', { name: 'Pasajeros seleccionados' });
    await expect(chosen.getByRole('listitem')).toHaveText([passengerName]);
    await searchAndPick(page, dialog, 'Buscar por nombre o ID', existing.name);
    await expect(chosen.getByRole('listitem')).toHaveText([passengerName, existing.name]);
    await expect(dialog.getByLabel('Cantidad de pasajeros')).toHaveValue('2');
    // A chosen passenger is no longer offered, so nobody can be added twice.
    await dialog.getByPlaceholder('Buscar por nombre o ID').fill(passengerName);
    await expect(dialog.getByText('No se encontraron pasajeros')).toBeVisible();
    await dialog.getByPlaceholder('Buscar por nombre o ID').fill('');
    await dialog.getByLabel('Fecha de entrada').fill('2031-05-20');
    await dialog.getByLabel('Fecha de salida').fill('2031-05-27');
    await dialog.getByLabel('Precio de venta').fill('100.10');
    await dialog.getByLabel('Precio de costo').fill('80.05');
    await dialog.getByLabel('Código de reserva').fill(`RES-${id}`);
    await dialog.getByRole('button', { name: 'Guardar Item' }).click();
    await expect(dialog).toBeHidden();

    // Item 2, with the passenger created above found by search.
    await page.getByRole('button', { name: 'Agregar Item' }).click();
    dialog = page.getByRole('dialog', { name: 'Agregar Item de Venta' });
    await pickFirst(dialog, 'Clasificación');
    await pickFirst(dialog, 'Proveedor');
    await pickFirst(dialog, 'Operador');
    await searchAndPick(page, dialog, 'Buscar por nombre o ID', passengerName);
    await dialog.getByLabel('Precio de venta').fill('50.20');
    await dialog.getByLabel('Precio de costo').fill('30.10');
    await dialog.getByRole('button', { name: 'Guardar Item' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('US$ 150.30')).toBeVisible();
    await expect(page.getByText('US$ 110.15')).toBeVisible();

    await page.getByRole('button', { name: 'Guardar Venta' }).click();
    await expect(page).toHaveURL(/\/sales\/\d+$/);
    const saleId = page.url().split('/').pop();
    await expect(page.getByRole('heading', { name: `Venta #${saleId}` })).toBeVisible();
    await expect(page.getByText('Confirmada', { exact: true })).toBeVisible();
    await expect(detail(page, 'Cliente')).toHaveText(clientName);
    await expect(detail(page, 'ID/RUT del cliente')).toHaveText(`${id}-K`);
    await expect(detail(page, 'Vendedor')).toHaveText(DEMO.sales.email);
    await expect(detail(page, 'Región')).toHaveText('Internacional');
    // The server lists an item's passengers by name, so only membership is checked.
    await expect(detail(page, 'Cantidad de pasajeros')).toHaveText('2');
    const travellers = detail(page, 'Pasajeros');
    await expect(travellers).toContainText(passengerName);
    await expect(travellers).toContainText(existing.name);
    await expect(page.getByText(`RES-${id}`)).toBeVisible();
    await expect(page.getByText('Pending')).toHaveCount(2);
    await expectSummary(page, { cost: 'US$ 110.15', sale: 'US$ 150.30', profit: 'US$ 40.15' });
    await expectNoSeriousA11yViolations(page);

    // Edit: a new price on item 1 changes the totals.
    await page.getByRole('link', { name: 'Editar Venta' }).click();
    await expect(page.getByRole('heading', { name: 'Editar Venta' })).toBeVisible();
    await expect(page.getByLabel('Nombre del pasajero')).toHaveValue(clientName);
    await expect(page.getByLabel('Fecha de viaje')).toHaveValue('2031-05-20');
    await page.getByRole('button', { name: 'Editar item 1' }).click();
    dialog = page.getByRole('dialog', { name: 'Editar Item de Venta' });
    await expect(dialog.getByLabel('Precio de venta')).toHaveValue('100.10');
    await dialog.getByLabel('Precio de venta').fill('200.10');
    await dialog.getByRole('button', { name: 'Guardar Item' }).click();
    await expect(page.getByText('US$ 250.30')).toBeVisible();
    await page.getByRole('button', { name: 'Guardar Venta' }).click();
    await expect(page).toHaveURL(new RegExp(`/sales/${saleId}$`));
    await expectSummary(page, { cost: 'US$ 110.15', sale: 'US$ 250.30', profit: 'US$ 140.15' });

    // Liquidar: the sale becomes final.
    await page.getByRole('button', { name: 'Liquidar Venta' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Liquidar Venta' }).click();
    await expect(page.getByText('Liquidada', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generar Factura' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Editar Venta' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancelar Venta' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Liquidar Venta' })).toHaveCount(0);
  });

  test('cancelar una venta y filtrar la lista por estado', async ({ page, request }) => {
    const token = await apiLogin(request, DEMO.sales);
    const id = unique();
    const kept = `Confirmada ${id}`;
    const dropped = `Cancelada ${id}`;
    await createSaleViaApi(request, token, kept);
    const droppedId = await createSaleViaApi(request, token, dropped);

    await signIn(page, DEMO.sales, `/sales/${droppedId}`);
    await page.getByRole('button', { name: 'Cancelar Venta' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancelar Venta' });
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: 'Cancelar Venta' }).click();
    await expect(page.getByText('Cancelada', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancelar Venta' })).toHaveCount(0);
    // A cancelled sale can still be edited, and settled by an admin only (docs/decisions/0043): not by its
    // seller.
    await expect(page.getByRole('link', { name: 'Editar Venta' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Liquidar Venta' })).toHaveCount(0);

    await page.getByRole('link', { name: 'Volver a ventas' }).click();
    const all = page.getByRole('button', { name: 'Todas' });
    await expect(all).toHaveAttribute('aria-pressed', 'true');
    const card = (name: string) => page.getByRole('link', { name: new RegExp(name) });
    await expect(card(kept)).toBeVisible();
    await expect(card(dropped)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Canceladas' }).click();
    await expect(page.getByRole('button', { name: 'Canceladas' })).toHaveAttribute('aria-pressed', 'true');
    await expect(all).toHaveAttribute('aria-pressed', 'false');
    await expect(card(dropped)).toBeVisible();
    await expect(card(kept)).toHaveCount(0);
    await expect(page.locator('main li').getByText('Cancelada', { exact: true })).not.toHaveCount(0);
    for (const badge of await page
      .locator('main li')
      .getByText(/^(Confirmada|Liquidada|Borrador)$/)
      .all()) {
      await expect(badge).toBeHidden();
    }

    await page.getByRole('button', { name: 'Confirmadas' }).click();
    await expect(card(kept)).toBeVisible();
    await expect(card(dropped)).toHaveCount(0);

    await page.getByRole('button', { name: 'Liquidadas' }).click();
    await expect(page.getByRole('button', { name: 'Liquidadas' })).toHaveAttribute('aria-pressed', 'true');
    await expect(card(kept)).toHaveCount(0);
    await expect(card(dropped)).toHaveCount(0);
  });

  test('el administrador elige el vendedor; finanzas solo consulta', async ({ page, request }) => {
    const existing = await firstId(request, await apiLogin(request, DEMO.admin), '/api/passengers');
    await signIn(page, DEMO.admin, '/sales/new');
    const seller = page.getByRole('combobox', { name: 'Vendedor' });
    await expect(seller).toBeVisible();
    await expect(seller.getByRole('option', { name: new RegExp(DEMO.sales.email) })).toHaveCount(1);
    await expect(seller.getByRole('option', { name: new RegExp(DEMO.finance.email) })).toHaveCount(0);

    // The sale form's own validation messages need an item first: 'Guardar Venta' is disabled without one.
    await page.getByRole('button', { name: 'Agregar Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar Item de Venta' });
    await pickFirst(dialog, 'Clasificación');
    await pickFirst(dialog, 'Proveedor');
    await pickFirst(dialog, 'Operador');
    await searchAndPick(page, dialog, 'Buscar por nombre o ID', existing.name);
    await dialog.getByLabel('Precio de venta').fill('10');
    await dialog.getByLabel('Precio de costo').fill('5');
    await dialog.getByRole('button', { name: 'Guardar Item' }).click();
    await page.getByLabel('Cantidad de pasajeros').fill('0');
    await page.getByRole('button', { name: 'Guardar Venta' }).click();
    for (const message of [
      'El cliente es requerido',
      'El nombre del pasajero es requerido',
      'La fecha de viaje es requerida',
      'Se requiere al menos un pasajero',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page).toHaveURL(/\/sales\/new$/);
    await expectNoSeriousA11yViolations(page);

    // The client picker works from the keyboard: type, arrow down, Enter.
    const client = page.getByLabel('Cliente', { exact: true });
    await client.fill('a');
    await client.press('ArrowDown');
    await client.press('Enter');
    await expect(client).not.toHaveValue('a');
    await expect(page.getByText('El cliente es requerido')).toBeHidden();

    await page.getByRole('button', { name: 'Eliminar item 1' }).click();
    await expect(page.getByRole('button', { name: 'Guardar Venta' })).toBeDisabled();

    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await signIn(page, DEMO.finance, '/sales');
    await expect(page.getByRole('heading', { name: 'Ventas' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Nueva Venta' })).toHaveCount(0);
    await page.goto('/sales/new');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('guardar sobre una versión ya cambiada muestra el conflicto y deja el formulario abierto', async ({
    page,
    request,
  }) => {
    const token = await apiLogin(request, DEMO.sales);
    const saleId = await createSaleViaApi(request, token, `Conflicto ${unique()}`);
    await signIn(page, DEMO.sales, `/sales/${saleId}/edit`);
    await expect(page.getByRole('heading', { name: 'Editar Venta' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', `/sales/${saleId}`);

    // Someone else changes the sale meanwhile.
    const change = await request.put(`/api/sales/${saleId}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { status: 'cancelled' },
    });
    expect(change.status(), await change.text()).toBe(200);

    await page.getByRole('button', { name: 'Guardar Venta' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Error al actualizar la venta' });
    await expect(alert).toContainText('La venta fue modificada por otro usuario');
    await expect(page.getByRole('heading', { name: 'Editar Venta' })).toBeVisible();
  });

  test('una venta inexistente muestra "Sale not found"', async ({ page }) => {
    await signIn(page, DEMO.sales, '/sales/999999');
    await expect(page.getByText('Sale not found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Volver a ventas' })).toBeVisible();
  });
});
