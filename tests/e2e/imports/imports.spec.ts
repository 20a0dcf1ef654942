import { expect, test } from '@playwright/test';
import { unique } from '../master-data/master-data-fixtures';
import { apiLogin, DEMO, expectNoSeriousA11yViolations, mainNav, signIn } from '../support/helpers';

const CSV = 'text/csv';

test('Importar: la plantilla se descarga, Revisar muestra los errores por fila y luego se importa', async ({
  page,
  request,
}) => {
  const name = unique('Importado');
  await signIn(page, DEMO.admin);
  await mainNav(page).getByRole('link', { name: 'Importar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Importar' })).toBeVisible();
  await page.getByLabel('Qué importar').selectOption('suppliers');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar CSV' }).click();
  expect((await downloading).suggestedFilename()).toMatch(/^plantilla-proveedores-.*\.csv$/);

  // A file with a bad row: every error named, nothing imported.
  const file = page.getByLabel('Archivo (.xlsx o CSV)');
  await page.getByLabel('Qué importar').selectOption('clients');
  await file.setInputFiles({
    name: 'clientes.csv',
    mimeType: CSV,
    buffer: Buffer.from('\uFEFFNombre;ID/RUT\r\nBien;11.111.111-1\r\nMalo;12.345.678-9\r\n'),
  });
  await page.getByRole('button', { name: 'Revisar' }).click();
  await expect(page.getByText('no se importó nada')).toBeVisible();
  const errorRow = page.getByRole('row', { name: /3 ID\/RUT RUT inválido/ });
  await expect(errorRow).toBeVisible();
  await expect(page.getByRole('button', { name: 'Importar' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  // A clean file: Revisar gives the counts, Importar writes them.
  await file.setInputFiles({
    name: 'clientes.csv',
    mimeType: CSV,
    buffer: Buffer.from(`\uFEFFNombre;Comuna\r\n${name};Ñuñoa\r\n`),
  });
  await page.getByRole('button', { name: 'Revisar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Revisión sin errores' })).toContainText(
    '1 por crear',
  );
  await page.getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Importación terminada' })).toContainText(
    '1 creados',
  );

  const token = await apiLogin(request, DEMO.admin);
  const found = await request.get(`/api/clients?q=${encodeURIComponent(name)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect((await found.json()).data.map((c: { name: string }) => c.name)).toEqual([name]);
});

test('Importar no aparece para ventas', async ({ page }) => {
  await signIn(page, DEMO.sales);
  await expect(mainNav(page).getByRole('link', { name: 'Importar' })).toHaveCount(0);
});
