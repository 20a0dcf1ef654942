import { expect, type Page, test } from '@playwright/test';
import { apiLogin, DEMO, expectNoSeriousA11yViolations, signIn } from '../support/helpers';
import { createSaleViaApi } from './sales-fixtures';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

const table = (page: Page) => page.getByRole('table', { name: 'Ventas' });
/** The table's body rows (the first row holds the headers). */
const bodyRows = (page: Page) =>
  table(page)
    .getByRole('row')
    .filter({ hasNot: page.getByRole('columnheader') });

test.describe('buscar y filtrar ventas', () => {
  test('busca sin acentos, filtra, ordena la tabla, recarga sin perder nada y abre una venta', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const id = unique();
    const token = await apiLogin(request, DEMO.admin);
    const cheap = await createSaleViaApi(request, token, `Ñandú Zúñiga ${id}`, 120);
    const dear = await createSaleViaApi(request, token, `Ñandú Zúñiga Hijo ${id}`, 980);

    await signIn(page, DEMO.admin, '/sales');
    // The search ignores case and accents, and says how many sales it found.
    await page.getByLabel('Buscar ventas').fill(`NANDU ZUNIGA ${id}`);
    await expect(page).toHaveURL(new RegExp(`q=NANDU\\+ZUNIGA\\+${id}`));
    await expect(page.getByText('1 venta', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: `Ñandú Zúñiga ${id}` })).toBeVisible();

    // The dense table, chosen once, stays chosen.
    await page.getByLabel('Buscar ventas').fill(`zuniga`);
    await page.getByRole('button', { name: 'Tabla' }).click();
    await page.getByLabel('Buscar ventas').fill(`${id}`);
    await expect(page).toHaveURL(new RegExp(`q=${id}$`));
    await expect(page.getByText('2 ventas', { exact: true })).toBeVisible();
    await expect(bodyRows(page)).toHaveCount(2);

    // Sorting by total: ascending, then descending, announced through aria-sort.
    const total = table(page).getByRole('columnheader', { name: 'Total' });
    await total.getByRole('button').click();
    await expect(total).toHaveAttribute('aria-sort', 'ascending');
    await expect(bodyRows(page).first()).toContainText(`#${cheap}`);
    await total.getByRole('button').click();
    await expect(total).toHaveAttribute('aria-sort', 'descending');
    await expect(bodyRows(page).first()).toContainText(`#${dear}`);
    await expect(page).toHaveURL(/sort=-salePrice/);

    // A filter narrows the list on the server; one that matches nothing shows the product's text
    // (docs/product.md#sales-list).
    await page.getByRole('button', { name: 'Filtros' }).click();
    await page.getByLabel('Tipo de servicio').selectOption({ label: 'Paquete' });
    await expect(bodyRows(page)).toHaveCount(2);
    await page.getByLabel('Tipo de servicio').selectOption({ label: 'Vuelo' });
    await expect(page.getByText('No sales found')).toBeVisible();
    await page.getByLabel('Tipo de servicio').selectOption({ label: 'Paquete' });
    await page.getByLabel('Viaje desde').fill('2031-03-10');
    await page.getByLabel('Viaje hasta').fill('2031-03-10');
    await expect(bodyRows(page)).toHaveCount(2);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/a-sales-table.png', fullPage: true });

    // A reload shows the same list: search, filters, sort and view.
    await page.reload();
    await expect(page.getByLabel('Buscar ventas')).toHaveValue(id);
    await expect(page.getByLabel('Tipo de servicio')).toHaveValue('package');
    await expect(page.getByLabel('Viaje desde')).toHaveValue('2031-03-10');
    await expect(page.getByRole('button', { name: 'Tabla' })).toHaveAttribute('aria-pressed', 'true');
    await expect(table(page).getByRole('columnheader', { name: 'Total' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(bodyRows(page).first()).toContainText(`#${dear}`);

    // A row opens its sale from the keyboard.
    await bodyRows(page).first().getByRole('link').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/sales/${dear}$`));
    await expect(page.getByText(`Ñandú Zúñiga Hijo ${id}`).first()).toBeVisible();
    // And with the mouse, anywhere on the row.
    await page.goBack();
    await bodyRows(page).last().getByRole('cell').nth(3).click();
    await expect(page).toHaveURL(new RegExp(`/sales/${cheap}$`));
  });

  test('en un teléfono la búsqueda, los filtros y la tabla caben en 390 px', async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DEMO.finance, '/sales?status=draft,confirmed');
    await page.getByRole('button', { name: 'Tabla' }).click();
    // Filters given in the link open the panel at once.
    await expect(page.getByRole('button', { name: 'Filtros (1)' })).toHaveAttribute('aria-expanded', 'true');
    // Finance filters by seller too; two statuses chosen press none of the four status buttons.
    await expect(page.getByLabel('Vendedor')).toBeVisible();
    await expect(page.getByLabel('Borrador')).toBeChecked();
    await expect(page.getByRole('button', { name: 'Todas' })).toHaveAttribute('aria-pressed', 'false');
    await expect(bodyRows(page).first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/a-sales-phone.png' });
  });
});
