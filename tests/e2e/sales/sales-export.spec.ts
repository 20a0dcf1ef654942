import { expect, type Page, test } from '@playwright/test';
import { formatMoney } from '../../../src/domain/format';
import { csvNumber, hasBom, readCsv, readXlsx, santiagoDay } from '../../helpers/exports';
import { unique } from '../master-data/master-data-fixtures';
import { apiLogin, DEMO, exportAs, signIn } from '../support/helpers';
import { createSaleViaApi } from './sales-fixtures';

const bodyRows = (page: Page) =>
  page
    .getByRole('table', { name: 'Ventas' })
    .getByRole('row')
    .filter({ hasNot: page.getByRole('columnheader') });

/** Each shown row as number, client, passenger, total and pending, the way the table writes them. */
async function shownRows(page: Page) {
  const rows = await bodyRows(page).all();
  return Promise.all(
    rows.map(async (row) => {
      const cells = await row.getByRole('cell').allTextContents();
      // Total and Pendiente are the last two: the columns before them give way on narrower screens.
      return [cells[0], cells[2], cells[3], cells.at(-2), cells.at(-1)];
    }),
  );
}

test('Ventas: Exportar descarga la lista filtrada y ordenada, en CSV y en Excel', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const id = unique('x').slice(2);
  const token = await apiLogin(request, DEMO.admin);
  for (const [name, price] of [
    ['Uno', 120.5],
    ['Dos', 980],
    ['Tres', 455.25],
  ] as const) {
    await createSaleViaApi(request, token, `Exportada ${id} ${name}`, price);
  }
  // Outside the search: must not reach the file.
  await createSaleViaApi(request, token, unique('Otra venta'), 300);

  await signIn(page, DEMO.admin, '/sales');
  await page.getByLabel('Buscar ventas').fill(`exportada ${id}`);
  await expect(page).toHaveURL(new RegExp(`q=exportada\\+${id}`));
  await page.getByRole('button', { name: 'Tabla' }).click();
  await page.getByLabel('Ordenar por').selectOption({ label: 'Precio de venta (descendente)' });
  await page.getByRole('button', { name: 'Filtros' }).click();
  await page.getByLabel('Tipo de servicio').selectOption({ label: 'Paquete' });
  await expect(page).toHaveURL(/serviceType=package/);
  await expect(bodyRows(page)).toHaveCount(3);
  await expect(bodyRows(page).first()).toContainText(`Exportada ${id} Dos`);
  const shown = await shownRows(page);

  const csvFile = await exportAs(page, 'CSV');
  expect(csvFile.name).toBe(`ventas-${santiagoDay()}.csv`);
  expect(hasBom(csvFile.file)).toBe(true);
  const csv = readCsv(csvFile.file);
  expect(csv.header.slice(0, 2)).toEqual(['N° venta', 'Estado']);
  expect(
    csv.rows.map((r) => [
      `#${r[0]}`,
      r[4],
      r[6],
      formatMoney(csvNumber(r[12] as string)),
      formatMoney(csvNumber(r[15] as string)),
    ]),
  ).toEqual(shown);
  expect(csv.rows.map((r) => r[9])).toEqual(['Paquete', 'Paquete', 'Paquete']);

  const xlsxFile = await exportAs(page, 'Excel (.xlsx)');
  expect(xlsxFile.name).toBe(`ventas-${santiagoDay()}.xlsx`);
  const sheet = await readXlsx(xlsxFile.file);
  expect(sheet.frozenRows).toBe(1);
  expect(
    sheet.rows.map((r) => [
      `#${r[0]}`,
      r[4],
      r[6],
      formatMoney(r[12] as number),
      formatMoney(r[15] as number),
    ]),
  ).toEqual(shown);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Exportar' }).click();
  await expect(page.getByRole('menuitem', { name: 'CSV' })).toBeVisible();
  await page.screenshot({ path: '/tmp/e-sales-export-390.png', fullPage: true });
  await page.keyboard.press('Escape');
});
