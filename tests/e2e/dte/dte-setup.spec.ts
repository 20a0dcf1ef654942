import { expect, type Page, test } from '@playwright/test';
import { makeCaf, makeP12 } from '../../helpers/dte-fixtures';
import { DEMO, expectNoSeriousA11yViolations, mainNav, signIn } from '../support/helpers';
import { fillTaxData } from './dte-forms';

test.describe.configure({ timeout: 60_000 });

// A range of its own each run: the server's data may outlive one run, and ranges never overlap.
const FROM = (Date.now() % 1_000_000) * 100 + 1;

async function openDteSection(page: Page) {
  await mainNav(page).getByRole('link', { name: 'Configuraciones' }).click();
  await page
    .getByRole('navigation', { name: 'Secciones de configuración' })
    .getByRole('link', {
      name: 'Facturación Electrónica',
    })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: 'Facturación Electrónica' })).toBeVisible();
}

test.describe('configuraciones: facturación electrónica', () => {
  test('datos tributarios, certificado digital y CAF, con sus rechazos', async ({ page }) => {
    const p12 = makeP12({ notAfter: new Date(Date.now() + 400 * 86_400_000) });
    const caf = makeCaf({ type: 33, from: FROM, to: FROM + 99 });
    await signIn(page, DEMO.admin);
    await openDteSection(page);

    await page.getByLabel('RUT de la empresa').fill('76.123.456-1');
    // Emptied: another spec of this server may have saved the tax data already (dte-invoices).
    await page.getByLabel('Razón social').fill('');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(
      page.getByText('El RUT de la empresa no es válido (por ejemplo 76.123.456-0)'),
    ).toBeVisible();
    await expect(page.getByText('La razón social es requerida')).toBeVisible();
    await fillTaxData(page);
    // Typed 761234560: shown and stored as 76.123.456-0 (decision 0087).
    await expect(page.getByLabel('RUT de la empresa')).toHaveValue('76.123.456-0');

    const certificate = {
      name: 'empresa.p12',
      mimeType: 'application/x-pkcs12',
      buffer: Buffer.from(p12.base64, 'base64'),
    };
    await page.getByLabel('Archivo del certificado (.p12 o .pfx)').setInputFiles(certificate);
    await page.getByLabel('Contraseña del certificado').fill('otra');
    await page.getByRole('button', { name: 'Subir certificado' }).click();
    await expect(page.getByText('La contraseña del certificado no es correcta')).toBeVisible();
    await page.getByLabel('Contraseña del certificado').fill(p12.password);
    await page.getByRole('button', { name: 'Subir certificado' }).click();
    await expect(page.getByText('Certificado digital guardado')).toBeVisible();
    await expect(page.getByText('Titular: 11111111-1')).toBeVisible();

    const cafFile = { name: 'caf33.xml', mimeType: 'text/xml', buffer: Buffer.from(caf.xml, 'latin1') };
    const cafInput = page.getByLabel('Archivo CAF del SII (.xml)');
    await cafInput.setInputFiles(cafFile);
    await page.getByRole('button', { name: 'Cargar CAF' }).click();
    const cafRow = page.getByRole('row').filter({ hasText: `${FROM} a ${FROM + 99}` });
    await expect(cafRow).toContainText('33 · Factura Electrónica');
    await expect(cafRow).toContainText('100');
    await cafInput.setInputFiles(cafFile);
    await page.getByRole('button', { name: 'Cargar CAF' }).click();
    await expect(
      page.getByText(
        `Los folios se superponen con un CAF ya cargado del tipo 33 (folios ${FROM} a ${FROM + 99})`,
      ),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
