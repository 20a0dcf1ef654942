import { expect, test } from '@playwright/test';
import { apiLogin, DEMO, expectNoSeriousA11yViolations, signIn } from '../support/helpers';
import { unique, uniqueRut } from './master-data-fixtures';

// docs/decisions/0042-server-refuses-wrong-input.md: what the server refuses is shown where the user can act
// on it, and no item is lost by a stray key.

test('Escape o un clic fuera del item con cambios pregunta antes de descartarlo; sin cambios cierra', async ({
  page,
}) => {
  await signIn(page, DEMO.sales, '/sales/new');
  const addItem = page.getByRole('button', { name: 'Agregar Item' });
  const dialog = page.getByRole('dialog', { name: 'Agregar Item de Venta' });
  const ask = page.getByRole('dialog', { name: '¿Descartar los cambios del item?' });

  // Untouched: Escape closes at once.
  await addItem.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(ask).toHaveCount(0);

  await addItem.click();
  await dialog.getByLabel('Descripción').fill('Traslado aeropuerto');
  await page.keyboard.press('Escape');
  await expect(ask).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await ask.getByRole('button', { name: 'Seguir editando' }).click();
  await expect(ask).toHaveCount(0);
  await expect(dialog.getByLabel('Descripción')).toHaveValue('Traslado aeropuerto');

  // A click on the shade beside the dialog asks too.
  await page.mouse.click(5, 5);
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Descartar' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(ask).toHaveCount(0);
  await expect(page.getByText('Traslado aeropuerto')).toHaveCount(0);
});

test('el servidor rechaza un RUT ya registrado y el formulario enlaza al cliente existente', async ({
  page,
  request,
}) => {
  const rut = uniqueRut();
  const name = unique('Cliente Existente');
  const token = await apiLogin(request, DEMO.sales);
  const created = await request.post('/api/clients', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name, clientId: rut },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { client } = (await created.json()) as { client: { id: number } };

  await signIn(page, DEMO.sales, '/clients/new');
  await page.getByLabel('Nombre').fill(unique('Cliente Gemelo'));
  // The same RUT without dots or dash: the server still finds the twin.
  await page.getByLabel('ID/RUT').fill(rut.replace(/[.-]/g, ''));
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('alert')).toContainText('Ya existe un cliente con este ID/RUT');
  await expect(page).toHaveURL(/\/clients\/new$/);
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/clients/${client.id}/edit$`));
  await expect(page.getByLabel('ID/RUT')).toHaveValue(rut);
});
