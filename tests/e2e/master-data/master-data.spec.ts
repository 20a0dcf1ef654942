import { expect, test } from '@playwright/test';
import { DEMO, expectNoSeriousA11yViolations, signIn } from '../support/helpers';
import {
  CATALOGS,
  confirmDelete,
  createRecordsInUse,
  LISTS,
  type ListName,
  openFromMenu,
  plain,
  searchFor,
  unique,
  uniqueEmail,
  uniqueRut,
} from './master-data-fixtures';

test.describe.configure({ timeout: 60_000 });

test.describe('clientes', () => {
  test('crear, buscar, editar y eliminar un cliente con confirmación', async ({ page }) => {
    const name = unique('Cliente Núñez');
    const rut = uniqueRut();
    const email = uniqueEmail('cliente');
    await signIn(page, DEMO.admin);
    await openFromMenu(page, 'Clientes');
    await expect(page.getByRole('navigation', { name: 'Paginación' })).toContainText(/Página 1 de \d+/);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'Nuevo Cliente' }).click();
    await expect(page).toHaveURL(/\/clients\/new$/);
    await expect(page.getByRole('heading', { name: 'Nuevo Cliente' })).toBeVisible();
    await page.getByLabel('Email').fill('no-es-email');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Nombre', { exact: true }).fill(name);
    await page.getByLabel('ID/RUT').fill(rut);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Dirección').fill('Av. Apoquindo 100');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page).toHaveURL(/\/clients$/);
    await expect(page.getByText('Cliente creado')).toBeVisible();

    // Accent- and case-insensitive, and the ID/RUT search ignores dots and dashes.
    await searchFor(page, 'Buscar clientes...', plain(name));
    await expect(page.getByRole('heading', { level: 2 })).toHaveText([name]);
    await searchFor(page, 'Buscar clientes...', rut.replace(/[.-]/g, ''));
    await expect(page.getByRole('heading', { level: 2 })).toHaveText([name]);
    await expect(page.getByRole('listitem').filter({ hasText: name })).toContainText('Av. Apoquindo 100');

    await page.getByRole('link', { name: `Editar ${name}` }).click();
    await expect(page).toHaveURL(/\/clients\/\d+\/edit$/);
    await expect(page.getByRole('heading', { name: 'Editar Cliente' })).toBeVisible();
    await expect(page.getByLabel('Nombre', { exact: true })).toHaveValue(name);
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Dirección').fill('Calle Nueva 200');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page).toHaveURL(/\/clients$/);
    await expect(page.getByText('Cliente actualizado')).toBeVisible();

    await searchFor(page, 'Buscar clientes...', name);
    await expect(page.getByRole('listitem').filter({ hasText: name })).toContainText('Calle Nueva 200');
    // Cancelling keeps the client.
    await page.getByRole('button', { name: `Eliminar ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: '¿Eliminar cliente?' });
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();

    await confirmDelete(page, name, '¿Eliminar cliente?');
    await expect(page.getByText('Cliente eliminado')).toBeVisible();
    await expect(page.getByText('No se encontraron clientes')).toBeVisible();
  });

  test('la lista pasa de página', async ({ page }) => {
    await signIn(page, DEMO.sales);
    await openFromMenu(page, 'Clientes');
    const pager = page.getByRole('navigation', { name: 'Paginación' });
    await expect(pager.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    const first = await page.getByRole('heading', { level: 2 }).first().textContent();
    await pager.getByRole('button', { name: 'Siguiente' }).click();
    await expect(pager).toContainText(/Página 2 de \d+/);
    await expect(page.getByRole('heading', { level: 2 }).first()).not.toHaveText(first ?? '');
    await pager.getByRole('button', { name: 'Anterior' }).click();
    await expect(pager).toContainText(/Página 1 de \d+/);
  });

  test('un cliente inexistente muestra «Cliente no encontrado»', async ({ page }) => {
    await signIn(page, DEMO.admin, '/clients/99999999/edit');
    await expect(page.getByText('Cliente no encontrado')).toBeVisible();
  });
});

test.describe('pasajeros', () => {
  test('crear, buscar, editar y eliminar un pasajero con confirmación', async ({ page }) => {
    const name = unique('Pasajera Muñoz');
    const rut = uniqueRut();
    const email = uniqueEmail('pasajera');
    await signIn(page, DEMO.sales);
    await openFromMenu(page, 'Pasajeros');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'Nuevo Pasajero' }).click();
    await expect(page.getByRole('heading', { name: 'Nuevo Pasajero' })).toBeVisible();
    await page.getByLabel('Email').fill('mal');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('El nombre es requerido')).toBeVisible();
    await expect(page.getByText('El ID del pasajero es requerido')).toBeVisible();
    await expect(page.getByText('La fecha de nacimiento es requerida')).toBeVisible();
    await expect(page.getByText('Email inválido')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Nombre', { exact: true }).fill(name);
    await page.getByLabel('ID/RUT del pasajero').fill(rut);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Fecha de nacimiento').fill('1990-03-05');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page).toHaveURL(/\/passengers$/);
    await expect(page.getByText('Pasajero creado')).toBeVisible();

    await searchFor(page, 'Buscar pasajeros...', plain(name));
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(rut);
    await expect(row).toContainText('05 mar 1990');
    await searchFor(page, 'Buscar pasajeros...', email.split('@')[0] ?? email);
    await expect(row).toBeVisible();

    // The same ID written without dots is the same person: refused, and the form stays open.
    await page.getByRole('link', { name: 'Nuevo Pasajero' }).click();
    await page.getByLabel('Nombre', { exact: true }).fill(unique('Otra persona'));
    await page.getByLabel('ID/RUT del pasajero').fill(rut.replace(/\./g, ''));
    await page.getByLabel('Fecha de nacimiento').fill('1980-01-01');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByRole('alert')).toContainText('Error creating passenger');
    await expect(page.getByRole('alert')).toContainText('Ya existe un pasajero con ese ID');
    await expect(page).toHaveURL(/\/passengers\/new$/);
    await page.getByRole('link', { name: 'Volver' }).click();

    await searchFor(page, 'Buscar pasajeros...', name);
    await page.getByRole('link', { name: `Editar ${name}` }).click();
    await expect(page.getByRole('heading', { name: 'Editar Pasajero' })).toBeVisible();
    await expect(page.getByLabel('Fecha de nacimiento')).toHaveValue('1990-03-05');
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Fecha de nacimiento').fill('1991-04-06');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Pasajero actualizado')).toBeVisible();

    await searchFor(page, 'Buscar pasajeros...', name);
    await expect(row).toContainText('06 abr 1991');
    await confirmDelete(page, name, '¿Eliminar pasajero?');
    await expect(page.getByText('Pasajero eliminado')).toBeVisible();
    await expect(page.getByText('No se encontraron pasajeros')).toBeVisible();
  });

  test('un pasajero inexistente muestra «Pasajero no encontrado»', async ({ page }) => {
    await signIn(page, DEMO.admin, '/passengers/abc/edit');
    await expect(page.getByText('Pasajero no encontrado')).toBeVisible();
  });
});

for (const kind of CATALOGS) {
  test.describe(kind.menu.toLowerCase(), () => {
    test('crear, rechazar un duplicado, buscar, editar y eliminar con confirmación', async ({ page }) => {
      const name = unique(`${kind.menu} Ñandú`);
      const [created, updated, deleted] = kind.toasts;
      await signIn(page, DEMO.admin);
      await openFromMenu(page, kind.menu);
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('link', { name: kind.newTitle }).click();
      await expect(page).toHaveURL(new RegExp(`${kind.path}/new$`));
      await expect(page.getByRole('heading', { name: kind.newTitle })).toBeVisible();
      await page.getByRole('button', { name: 'Guardar' }).click();
      await expect(page.getByText(kind.nameRequired)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.getByLabel('Nombre', { exact: true }).fill(name);
      await page.getByRole('button', { name: 'Guardar' }).click();
      await expect(page.getByText(created)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${kind.path}$`));

      // Names are unique regardless of case; the form stays open with the reason.
      // The success toast of the save above is still showing: it must not cover this button.
      await page.getByRole('link', { name: kind.newTitle }).click({ timeout: 2_000 });
      await expect(page).toHaveURL(new RegExp(`${kind.path}/new$`));
      await page.getByLabel('Nombre', { exact: true }).fill(name.toUpperCase());
      await page.getByRole('button', { name: 'Guardar' }).click();
      await expect(page.getByRole('alert')).toContainText(kind.createError);
      await expect(page.getByRole('alert')).toContainText(kind.duplicate);
      await page.getByRole('button', { name: 'Cancelar' }).click();
      await expect(page).toHaveURL(new RegExp(`${kind.path}$`));

      await searchFor(page, kind.placeholder, plain(name));
      await expect(page.getByRole('link', { name: /^Editar / })).toHaveCount(1);
      await page.getByRole('link', { name: `Editar ${name}` }).click();
      await expect(page.getByRole('heading', { name: kind.editTitle })).toBeVisible();
      await expect(page.getByLabel('Nombre', { exact: true })).toHaveValue(name);
      await expectNoSeriousA11yViolations(page);
      const renamed = `${name} editado`;
      await page.getByLabel('Nombre', { exact: true }).fill(renamed);
      await page.getByRole('button', { name: 'Guardar' }).click();
      await expect(page.getByText(updated)).toBeVisible();

      await searchFor(page, kind.placeholder, renamed);
      await expect(page.getByText(renamed)).toBeVisible();
      await confirmDelete(page, renamed, kind.deleteTitle);
      await expect(page.getByText(deleted)).toBeVisible();
      await expect(page.getByText(kind.empty)).toBeVisible();
    });

    test(`un registro inexistente muestra «${kind.notFound}»`, async ({ page }) => {
      await signIn(page, DEMO.admin, `${kind.path}/99999999/edit`);
      await expect(page.getByText(kind.notFound)).toBeVisible();
    });
  });
}

test('no se puede eliminar un registro que usa una venta, y se explica por qué', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const names = await createRecordsInUse(request);
  await signIn(page, DEMO.admin);
  for (const list of Object.keys(LISTS) as ListName[]) {
    const { menu, placeholder, deleteTitle, deleteError, inUse } = LISTS[list];
    await openFromMenu(page, menu);
    await searchFor(page, placeholder, names[list]);
    const dialog = await confirmDelete(page, names[list], deleteTitle);
    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText(deleteError);
    await expect(alert).toContainText(inUse);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('link', { name: `Editar ${names[list]}` })).toBeVisible();
  }
});

test.describe('permisos en pantalla', () => {
  test('finanzas ve clientes y pasajeros sin poder cambiarlos', async ({ page }) => {
    await signIn(page, DEMO.finance, '/clients');
    await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Nuevo Cliente' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Editar / })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Eliminar / })).toHaveCount(0);

    await page.goto('/passengers/new');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('No tienes permisos para acceder a esta página')).toBeVisible();
  });

  test('ventas no entra a proveedores, operadores ni clasificaciones', async ({ page }) => {
    await signIn(page, DEMO.sales);
    for (const path of ['/suppliers', '/operators/new', '/classifications']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
    }
    await expect(page.getByText('No tienes permisos para acceder a esta página')).toBeVisible();
  });
});
