import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { hasBom, readCsv, readXlsx, santiagoDay } from '../../helpers/exports';
import { openFromMenu, searchFor, unique } from '../master-data/master-data-fixtures';
import { apiLogin, DEMO, expectNoSeriousA11yViolations, exportAs, signIn } from '../support/helpers';

test('Clientes: Exportar a Excel y CSV descarga lo que la lista muestra, con su búsqueda', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, DEMO.admin);
  const prefix = unique('Exportable');
  const names = [`${prefix} Benítez`, `${prefix} Muñoz`, `${prefix} Núñez`];
  for (const [i, name] of names.entries()) {
    const res = await request.post('/api/clients', {
      headers: { Authorization: `Bearer ${token}` },
      data: { name, clientId: `${prefix.replace(/\W/g, '')}-${i}`, address: 'Av. Providencia 1234' },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  await signIn(page, DEMO.admin);
  await openFromMenu(page, 'Clientes');
  await searchFor(page, 'Buscar clientes...', prefix);
  const shown = page.getByRole('heading', { level: 2 });
  await expect(shown).toHaveText(names);

  const xlsx = await exportAs(page, 'Excel (.xlsx)');
  expect(xlsx.name).toBe(`clientes-${santiagoDay()}.xlsx`);
  const sheet = await readXlsx(xlsx.file);
  expect(sheet.header).toEqual(['Nombre', 'ID/RUT', 'Email', 'Dirección', 'Teléfono', 'Comuna', 'Giro']);
  expect(sheet.frozenRows).toBe(1);
  expect(sheet.rows.map((r) => r[0])).toEqual(await shown.allTextContents());
  expect(sheet.rows.map((r) => r[3])).toEqual(names.map(() => 'Av. Providencia 1234'));

  // The keyboard works too: Enter opens the menu, arrows move, Enter picks.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar' }).focus();
  await page.keyboard.press('Enter');
  // Headless UI keeps focus on the menu and marks the active item (aria-activedescendant).
  await expect(page.getByRole('menuitem', { name: 'Excel (.xlsx)' })).toHaveAttribute('data-focus', '');
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'CSV' })).toHaveAttribute('data-focus', '');
  await page.keyboard.press('Enter');
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`clientes-${santiagoDay()}.csv`);
  const file = await readFile(await download.path());
  expect(hasBom(file)).toBe(true);
  const csv = readCsv(file);
  expect(csv.rows.map((r) => r[0])).toEqual(await shown.allTextContents());
});

test('Pagos: el CSV respeta el filtro de estado y muestra los montos de la pantalla', async ({ page }) => {
  await signIn(page, DEMO.admin, '/payments');
  await page.getByRole('button', { name: 'Pendientes', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Pendientes', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const csv = readCsv((await exportAs(page, 'CSV')).file);
  expect(csv.rows.length).toBeGreaterThan(0);
  const status = csv.header.indexOf('Estado');
  expect(status).toBeGreaterThanOrEqual(0);
  expect(new Set(csv.rows.map((r) => r[status]))).toEqual(new Set(['Pendiente']));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Exportar' }).click();
  await expect(page.getByRole('menuitem', { name: 'CSV' })).toBeVisible();
  await page.screenshot({ path: '/tmp/b-export-menu-390.png' });
  await page.keyboard.press('Escape');
});
