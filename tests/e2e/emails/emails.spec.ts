import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { DEMO, expectNoSeriousA11yViolations, signIn } from '../support/helpers';

/**
 * Correos (docs/product.md#emails): the E2E server has no SMTP_URL, so the morning reminders the demo seed
 * queued wait as Pendiente. The admin previews the company digest, downloads it as .eml and cancels it.
 */
test.describe('correos', () => {
  test('un administrador ve un correo en espera, lo revisa, descarga el .eml y lo cancela', async ({
    page,
  }) => {
    await signIn(page, DEMO.admin, '/company-settings');
    await page
      .getByRole('navigation', { name: 'Secciones de configuración' })
      .getByRole('link', { name: 'Correos' })
      .click();
    await expect(page).toHaveURL(/\/emails$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Correos' })).toBeVisible();

    const table = page.getByRole('table', { name: 'Correos' });
    const digest = table.getByRole('row').filter({ hasText: DEMO.admin.email });
    await expect(digest).toHaveCount(1);
    await expect(digest.getByText('Pendiente', { exact: true })).toBeVisible();
    await expect(digest).toContainText('Recordatorio');
    await expectNoSeriousA11yViolations(page);

    await digest.getByRole('button', { name: /^Ver / }).click();
    const preview = page.getByRole('dialog', { name: 'Vista previa del correo' });
    await expect(preview.getByText(/^Alertas del /)).toBeVisible();
    // The agency's name and e-mail as Configuraciones has them now (another test of this server may edit them).
    await expect(preview.getByText(/^Viajes Demo.* <contacto.*@viajes-demo\.cl>$/)).toBeVisible();
    await expect(preview.getByText(/Estas son las alertas de la agencia para hoy/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const downloading = page.waitForEvent('download');
    await preview.getByRole('button', { name: 'Descargar .eml' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^correo-\d+\.eml$/);
    const eml = (await readFile(await download.path())).toString();
    expect(eml).toMatch(/^Message-ID: <[0-9a-f-]+@viajes-demo\.cl>\r$/m);
    expect(eml).toContain(`To: ${DEMO.admin.email}`);
    await preview.getByRole('button', { name: 'Cerrar' }).click();

    await digest.getByRole('button', { name: /^Cancelar / }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancelar correo' });
    await confirm.getByRole('button', { name: 'Cancelar correo' }).click();
    await expect(page.getByText('Correo cancelado')).toBeVisible();
    await expect(digest.getByText('Cancelado', { exact: true })).toBeVisible();
    await expect(digest.getByRole('button', { name: /^Cancelar / })).toHaveCount(0);

    await page.getByRole('button', { name: 'Cancelado', exact: true }).click();
    await expect(table.getByRole('row').filter({ hasText: DEMO.admin.email })).toHaveCount(1);
    await page.getByRole('button', { name: 'Pendiente', exact: true }).click();
    await expect(table.getByRole('row').filter({ hasText: DEMO.admin.email })).toHaveCount(0);

    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
      await page.screenshot({ path: test.info().outputPath(`correos-${width}.png`), fullPage: true });
    }
  });

  test('un vendedor no puede abrir Correos', async ({ page }) => {
    await signIn(page, DEMO.sales, '/emails');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('No tienes permisos para acceder a esta página')).toBeVisible();
  });
});
