import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { formatMoney } from '../../../src/domain/format';
import { detail, pickFirst, searchAndPick } from '../sales/sales-fixtures';
import { DEMO, loginForm, loginViaUi, mainNav } from '../support/helpers';
import { startOwnServer } from '../support/own-server';
import { CLIENTS, clientsFile, IMPORTED_SALE, PASSENGERS, passengersFile, salesFile } from './move-in-files';

/**
 * An agency moves in: it removes the demo ("Empezar con mis datos"), imports its clients, passengers and
 * a sale from its spreadsheets, takes the demo admin's public e-mail and password off, creates its
 * seller, and the seller records her first sale. Emptying the demo agency needs a server of its own (the
 * shared ones keep their demo data for every other spec). The steps share that server and one browser
 * page, each test going on from the last.
 */
test.describe.configure({ mode: 'serial' });

let base = '';
let stop: (() => Promise<void>) | undefined;
let context: BrowserContext;
let page: Page;

const ADMIN = {
  email: 'gerencia@viajesandes.cl',
  password: 'Andes-Gerencia-2027',
  username: DEMO.admin.username,
};
const CAROLINA = {
  email: 'carolina@viajesandes.cl',
  password: 'Carolina-Ventas-27',
  username: 'Carolina Muñoz',
};

test.beforeAll(async ({ browser }) => {
  test.setTimeout(150_000);
  ({ base, stop } = await startOwnServer());
  // The config's options (locale, zone, reduced motion) apply; only the address is this server's.
  context = await browser.newContext({ baseURL: base });
  page = await context.newPage();
});

test.afterAll(async () => {
  await context?.close();
  await stop?.();
});

const demoAlert = () => page.getByRole('alert').filter({ hasText: 'Esta cuenta es la de demostración' });
const steps = () => page.getByRole('region', { name: 'Primeros pasos' });

/** Importar: the kind, the file, "Revisar" and its counts, then "Importar" and what it created. */
async function importFile(
  kind: string,
  file: { name: string; mimeType: string; buffer: Buffer },
  counts: { rows: number; created: number },
) {
  await mainNav(page).getByRole('link', { name: 'Importar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Importar' })).toBeVisible();
  await page.getByLabel('Qué importar').selectOption({ label: kind });
  await page.getByLabel('Archivo (.xlsx o CSV)').setInputFiles(file);
  await page.getByRole('button', { name: 'Revisar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Revisión sin errores' })).toContainText(
    `${counts.rows} filas: ${counts.created} por crear, 0 por actualizar, 0 sin cambios`,
    { timeout: 30_000 },
  );
  await page.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Importación terminada' })).toContainText(
    `${counts.created} creados`,
    { timeout: 30_000 },
  );
}

/** The sales list as a table (one row per sale). */
async function salesTable() {
  await mainNav(page).getByRole('link', { name: 'Ventas' }).click();
  await page.getByRole('button', { name: 'Tabla' }).click();
  return page.getByRole('table', { name: 'Ventas' });
}

test('un admin elimina la demostración desde el panel, tras una copia, y el inicio de sesión ya no muestra cuentas', async () => {
  test.setTimeout(120_000);
  await page.goto('/login');
  const demoAccounts = page.getByRole('region', { name: /demostración/i });
  await expect(demoAccounts).toBeVisible();
  const form = loginForm(page);
  await form.email.fill(DEMO.admin.email);
  await form.password.fill(DEMO.admin.password);
  await form.submit.click();
  await expect(page.getByRole('heading', { name: `Bienvenido, ${DEMO.admin.username}` })).toBeVisible();

  // The public password first, in red; then the checklist, whose first step leads to the removal.
  await expect(demoAlert()).toBeVisible();
  await steps().getByRole('link', { name: 'Eliminar los datos de demostración' }).click();
  await expect(page.getByRole('heading', { name: 'Datos de demostración' })).toBeVisible();
  await expect(page.getByLabel('Nombre de la empresa')).toHaveValue('Viajes Demo SpA');

  await page.getByRole('button', { name: 'Empezar con mis datos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Empezar con mis datos' });
  await expect(dialog).toContainText('copia de seguridad verificada');
  await dialog.getByRole('button', { name: 'Eliminar datos de demostración' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Datos de demostración eliminados' })).toBeVisible({
    timeout: 60_000,
  });
  // The demo company's details are gone from the form too, ready for the agency's own.
  await expect(page.getByLabel('Nombre de la empresa')).toHaveValue('');

  await page.goto('/sales');
  await expect(page.getByText('No sales found')).toBeVisible();
  await page.goto('/backups');
  await expect(page.getByText('Verificado').first()).toBeVisible();

  await page.goto('/dashboard');
  await expect(steps().getByText('Eliminar los datos de demostración (hecho)')).toBeVisible();
  await expect(steps().getByRole('link', { name: /Completar los datos de la empresa/ })).toBeVisible();

  // Another PC of the office: /login offers no account any more.
  const other = await page.context().browser()?.newPage();
  if (!other) throw new Error('no browser');
  await other.goto(`${base}/login`);
  await expect(loginForm(other).email).toBeVisible();
  await expect(other.getByRole('region', { name: /demostración/i })).toHaveCount(0);
  await other.close();
});

test('importa sus clientes desde un .xlsx y los encuentra en Clientes', async () => {
  test.setTimeout(90_000);
  await importFile('Clientes', await clientsFile(), { rows: 3, created: 3 });

  await mainNav(page).getByRole('link', { name: 'Clientes' }).click();
  for (const client of [CLIENTS.martina, CLIENTS.sebastian, CLIENTS.nunez])
    await expect(page.getByRole('heading', { level: 2, name: client.name, exact: true })).toBeVisible();
  // Only the agency's own: the demo's went before.
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(3);
  // The RUT typed without dots is kept in its one form.
  const sebastian = page.getByRole('listitem').filter({ hasText: CLIENTS.sebastian.name });
  await expect(sebastian).toContainText(CLIENTS.sebastian.rut);
  await expect(page.getByRole('listitem').filter({ hasText: CLIENTS.martina.name })).toContainText('Ñuñoa');
});

test('importa sus pasajeros y una venta de dos ítems con lo pagado, y la ve en Ventas con su saldo', async () => {
  test.setTimeout(90_000);
  // A sales file names its passengers by document: they come first, from their own file.
  await importFile('Pasajeros', await passengersFile(), { rows: 2, created: 2 });
  // One sale, and the two classifications, suppliers and operators its items name.
  await importFile('Ventas', await salesFile(), { rows: 2, created: 7 });

  const table = await salesTable();
  const row = table.getByRole('row').filter({ hasText: '#1' });
  await expect(row).toContainText(CLIENTS.martina.name);
  await expect(row).toContainText(formatMoney(IMPORTED_SALE.total));
  await expect(row).toContainText(formatMoney(IMPORTED_SALE.pending));
  await page.screenshot({ path: path.join(tmpdir(), 'move-in-sales.png'), fullPage: true });

  await row.click();
  await expect(page.getByRole('heading', { name: 'Venta #1' })).toBeVisible();
  await expect(page.getByTestId('sale-balance')).toHaveText(formatMoney(IMPORTED_SALE.pending));
  await expect(detail(page, 'Cantidad de pasajeros')).toHaveText('2');
  await expect(page.getByText('LA8841')).toBeVisible();
});

test('cambia el correo y la contraseña públicos de la demostración en Mi cuenta', async () => {
  test.setTimeout(90_000);
  await mainNav(page).getByRole('link', { name: 'Inicio' }).click();
  await expect(demoAlert()).toBeVisible();
  await demoAlert()
    .getByRole('link', { name: /Mi cuenta/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Mi cuenta' })).toBeVisible();

  // A new e-mail asks for the current password in its own form.
  const details = page.locator('form').filter({ has: page.getByRole('button', { name: 'Guardar datos' }) });
  await details.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await details.getByLabel('Contraseña actual', { exact: true }).fill(DEMO.admin.password);
  await details.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByText('Tus datos se guardaron')).toBeVisible();
  await expect(details.getByLabel('Contraseña actual', { exact: true })).toHaveCount(0);

  await page.getByLabel('Contraseña actual', { exact: true }).fill(DEMO.admin.password);
  await page.getByLabel('Nueva contraseña', { exact: true }).fill(ADMIN.password);
  await page.getByLabel('Repite la nueva contraseña').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(
    page.getByText('Contraseña cambiada: se cerraron tus sesiones en otros equipos'),
  ).toBeVisible();

  // Back on the dashboard, the red warning is gone.
  await mainNav(page).getByRole('link', { name: 'Inicio' }).click();
  await expect(page.getByRole('heading', { name: `Bienvenido, ${ADMIN.username}` })).toBeVisible();
  await expect(steps()).toBeVisible();
  await expect(demoAlert()).toHaveCount(0);

  // The demo's password no longer opens the account; the new one does.
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const form = loginForm(page);
  await form.email.fill(ADMIN.email);
  await form.password.fill(DEMO.admin.password);
  await form.submit.click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL(/\/login$/);
  await loginViaUi(page, ADMIN);
  await expect(demoAlert()).toHaveCount(0);
});

test('crea en Usuarios a su vendedora, Carolina Muñoz', async () => {
  test.setTimeout(90_000);
  await mainNav(page).getByRole('link', { name: 'Configuraciones' }).click();
  await page
    .getByRole('navigation', { name: 'Secciones de configuración' })
    .getByRole('link', { name: 'Usuarios y Permisos' })
    .click();
  await page.getByRole('button', { name: 'Nuevo Usuario' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo Usuario' });
  await dialog.getByLabel('Nombre de usuario').fill(CAROLINA.username);
  await dialog.getByLabel('Email').fill(CAROLINA.email);
  await dialog.getByLabel('Rol').selectOption({ label: 'Ventas' });
  await dialog.getByLabel('Contraseña inicial').fill(CAROLINA.password);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Usuario ${CAROLINA.username} creado`)).toBeVisible();
  const row = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: CAROLINA.username, exact: true }) });
  await expect(row).toContainText('Ventas');
  await expect(row).toContainText('Activo');

  // The checklist reads what was done, however it was done.
  await mainNav(page).getByRole('link', { name: 'Inicio' }).click();
  await expect(steps().getByText('Crear los usuarios de su equipo (hecho)')).toBeVisible();
  await expect(steps().getByText('Registrar sus primeros clientes (hecho)')).toBeVisible();
});

test('Carolina Muñoz entra y registra una venta para un cliente importado', async () => {
  test.setTimeout(120_000);
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await loginViaUi(page, CAROLINA);

  await mainNav(page).getByRole('link', { name: 'Ventas' }).click();
  await page.getByRole('link', { name: 'Nueva Venta' }).click();
  await expect(page.getByRole('heading', { name: 'Nuevo Registro de Venta' })).toBeVisible();
  await expect(page.getByLabel('Vendedor')).toHaveValue(CAROLINA.username);
  await searchAndPick(page, page.getByRole('main'), 'Buscar por nombre o ID/RUT', CLIENTS.sebastian.name);
  await expect(page.getByLabel('Cliente', { exact: true })).toHaveValue(
    `${CLIENTS.sebastian.name} (${CLIENTS.sebastian.rut})`,
  );
  await page.getByLabel('Nombre del pasajero').fill(PASSENGERS.tomas.name);
  await page.getByLabel('Fecha de viaje').fill('2031-07-04');

  await page.getByRole('button', { name: 'Agregar Item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Agregar Item de Venta' });
  // The catalogs are the ones the sales file brought.
  await pickFirst(dialog, 'Clasificación');
  await pickFirst(dialog, 'Proveedor');
  await pickFirst(dialog, 'Operador');
  await searchAndPick(page, dialog, 'Buscar por nombre o ID', PASSENGERS.tomas.name);
  await dialog.getByLabel('Precio de venta').fill('250');
  await dialog.getByLabel('Precio de costo').fill('200');
  await dialog.getByRole('button', { name: 'Guardar Item' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Guardar Venta' }).click();
  await expect(page).toHaveURL(/\/sales\/\d+$/);
  // Numbering started again with the agency's own sales: the imported one was No. 1.
  await expect(page.getByRole('heading', { name: 'Venta #2' })).toBeVisible();
  await expect(detail(page, 'Cliente')).toHaveText(CLIENTS.sebastian.name);
  await expect(detail(page, 'Vendedor')).toHaveText(CAROLINA.email);

  // Her list holds her sale, not the admin's imported one.
  const table = await salesTable();
  await expect(table.getByRole('row').filter({ hasText: '#2' })).toContainText(CLIENTS.sebastian.name);
  await expect(table.getByRole('row').filter({ hasText: '#1' })).toHaveCount(0);
  await page.screenshot({ path: path.join(tmpdir(), 'move-in-carolina.png'), fullPage: true });
});
