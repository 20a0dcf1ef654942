import { expect, type Page, test } from '@playwright/test';
import { uniqueRut } from '../master-data/master-data-fixtures';
import { createSaleViaApi } from '../sales/sales-fixtures';
import { apiLogin, createFreshUser, DEMO, expectNoSeriousA11yViolations, signIn } from '../support/helpers';

/**
 * The global search (docs/product.md#global-search): Ctrl+K or `/` anywhere, arrows to choose, Enter to open
 * the record.
 */
const tag = `q${Date.now().toString(36)}`;
let ownSale: number;
let otherSale: number;
let clientId: number;
// The server refuses a client ID another client has (docs/decisions/0042), and the E2E database lives all
// run.
const rut = uniqueRut();

test.beforeAll(async ({ request }) => {
  const adminToken = await apiLogin(request, DEMO.admin);
  const response = await request.post('/api/clients', {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { name: `Cliente Ñuñoa ${tag}`, clientId: rut },
  });
  expect(response.status(), await response.text()).toBe(201);
  clientId = ((await response.json()) as { client: { id: number } }).client.id;
  ownSale = await createSaleViaApi(request, await apiLogin(request, DEMO.sales), `Familia Ñuñoa ${tag}`);
  const otherSeller = await createFreshUser(request, 'sales');
  otherSale = await createSaleViaApi(request, await apiLogin(request, otherSeller), `Grupo Ñuñoa ${tag}`);
});

function searchBox(page: Page) {
  return page.getByRole('dialog', { name: 'Buscar' }).getByRole('combobox');
}

/** The highlighted option holds the text, and the combobox points at it (aria-activedescendant). */
async function expectActive(page: Page, text: string) {
  const selected = page.getByRole('option', { selected: true });
  await expect(selected).toContainText(text);
  await expect(searchBox(page)).toHaveAttribute(
    'aria-activedescendant',
    (await selected.getAttribute('id')) ?? '',
  );
}

test('Ctrl+K, flechas y Enter abren el registro', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.keyboard.press('Control+k');
  const box = searchBox(page);
  await expect(box).toBeFocused();
  await page.keyboard.type(`nunoa ${tag}`);

  const list = page.getByRole('listbox', { name: 'Resultados de la búsqueda' });
  await expect(list.getByRole('group', { name: 'Ventas' }).getByRole('option')).toHaveCount(2);
  await expect(list.getByRole('group', { name: 'Clientes' }).getByRole('option')).toHaveText([
    `Cliente Ñuñoa ${tag}ID/RUT ${rut}`,
  ]);
  await expect(page.getByRole('status').filter({ hasText: '3 resultados' })).toBeVisible();
  // Newest sale first; the highlight starts on it and the arrows move it (wrapping at the ends).
  await expectActive(page, `Venta #${otherSale} · Grupo Ñuñoa ${tag}`);
  await page.keyboard.press('ArrowDown');
  await expectActive(page, `Venta #${ownSale} · Familia Ñuñoa ${tag}`);
  await page.keyboard.press('ArrowDown');
  await expectActive(page, `Cliente Ñuñoa ${tag}`);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/clients/${clientId}/edit$`));
  await expect(page.getByRole('heading', { name: 'Editar Cliente' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('/ abre la búsqueda fuera de un campo de texto; Escape la cierra', async ({ page }) => {
  await signIn(page, DEMO.admin, `/clients/${clientId}/edit`);
  // `/` in a text field is a character; outside one it opens the search.
  const name = page.getByLabel('Nombre', { exact: false }).first();
  await expect(name).toHaveValue(`Cliente Ñuñoa ${tag}`);
  await name.focus();
  await page.keyboard.press('/');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await name.blur();
  await page.keyboard.press('/');
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type(`familia nunoa ${tag}`);
  await expectActive(page, `Venta #${ownSale}`);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/sales/${ownSale}$`));
  await expect(page.getByRole('heading', { name: `Venta #${ownSale}` })).toBeVisible();

  // Escape closes the search and gives focus back to where it was.
  await page.getByRole('button', { name: /Buscar/ }).focus();
  await page.keyboard.press('Enter');
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Buscar/ })).toBeFocused();
});

test('en un teléfono, un vendedor encuentra solo sus ventas', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.sales);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await page.keyboard.type(`ñuñoa ${tag}`);
  const list = page.getByRole('listbox', { name: 'Resultados de la búsqueda' });
  await expect(list.getByRole('group', { name: 'Clientes' })).toBeVisible();
  await expect(list.getByRole('group', { name: 'Ventas' }).getByRole('option')).toHaveText([
    new RegExp(`Venta #${ownSale} · Familia Ñuñoa`),
  ]);
  await expect(list).not.toContainText('Grupo Ñuñoa');
  await page.screenshot({ path: '/tmp/c-search-390.png' });
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.type(' sin coincidencias');
  await expect(page.getByText(`Sin resultados para «ñuñoa ${tag} sin coincidencias»`)).toBeVisible();
});
