import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { DEMO, expectNoSeriousA11yViolations, signIn } from '../support/helpers';

test.describe('respaldos', () => {
  test('un administrador crea un respaldo ahora, lo ve verificado y lo descarga', async ({ page }) => {
    // Writing the demo database and restoring it into a scratch one takes a while on a loaded machine.
    test.setTimeout(120_000);
    await signIn(page, DEMO.admin, '/company-settings');
    await page
      .getByRole('navigation', { name: 'Secciones de configuración' })
      .getByRole('link', { name: 'Respaldos' })
      .click();
    await expect(page).toHaveURL(/\/backups$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Respaldos' })).toBeVisible();

    const table = page.getByRole('table', { name: 'Respaldos' });
    const before = await table.getByRole('row').count();
    await page.getByRole('button', { name: 'Crear respaldo ahora' }).click();
    // The new backup is the first row; the button stays disabled until it ends.
    const newest = table.getByRole('row').nth(1);
    await expect(newest.getByText('Verificado')).toBeVisible({ timeout: 90_000 });
    await expect(table.getByRole('row')).toHaveCount(Math.max(before, 1) + 1);
    await expect(page.getByRole('button', { name: 'Crear respaldo ahora' })).toBeEnabled();
    await expect(newest).toContainText(/\d+,\d\d MB/);
    await expectNoSeriousA11yViolations(page);

    const downloading = page.waitForEvent('download');
    await newest.getByRole('button', { name: /Descargar/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^respaldo-.+\.ndjson\.gz$/);
    const file = await readFile(await download.path());
    // gzip's magic number.
    expect([...file.subarray(0, 2)]).toEqual([0x1f, 0x8b]);

    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
      await page.screenshot({ path: test.info().outputPath(`respaldos-${width}.png`), fullPage: true });
    }
  });

  test('un vendedor no puede abrir Respaldos', async ({ page }) => {
    await signIn(page, DEMO.sales, '/backups');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('No tienes permisos para acceder a esta página')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Respaldos' })).toHaveCount(0);
  });
});
