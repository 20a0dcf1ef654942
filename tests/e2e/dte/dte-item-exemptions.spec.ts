import { expect, type Locator, test } from '@playwright/test';
import { apiLogin, DEMO, expectNoSeriousA11yViolations, signIn } from '../support/helpers';
import { configureCompany, invoiceableSale } from './dte-invoicing';

// docs/decisions/0071-invoice-preview-and-item-exemptions.md: "Generar Factura" shows what the DTE would be;
// an admin turns a line that is normally taxable into an exempt one, sees the totals change, and the issued
// invoice says so. A DTE spec: it runs in the chromium-dte project (playwright.config.ts).
test.describe.configure({ timeout: 120_000 });

/** The amount of a totals row, by its exact label. */
const amountOf = (totals: Locator, label: string) =>
  totals
    .locator('div')
    .filter({ has: totals.page().locator(`dt:text-is("${label}")`) })
    .locator('dd');

test('un administrador marca exento un ítem afecto, ve cambiar los totales, emite y la factura lo muestra exento', async ({
  page,
  request,
}, testInfo) => {
  const token = await apiLogin(request, DEMO.admin);
  // Two services the agency's classification makes taxable: 952 856 and 190 476 pesos at 952.38.
  const saleId = await invoiceableSale(request, token, [
    ['taxable', '1000.50', 'Hotel Puerto Varas 3 noches'],
    ['taxable', '200.00', 'Excursión Saltos del Petrohué'],
  ]);
  await signIn(page, DEMO.admin);
  await configureCompany(page, [33, 34]);

  await page.goto(`/sales/${saleId}`);
  const generate = page.getByRole('button', { name: 'Generar Factura' });
  await generate.click();
  const dialog = page.getByRole('dialog', { name: 'Generar documento electrónico' });
  const totals = dialog.getByRole('region', { name: 'Totales' });
  await expect(totals).toContainText('Documento: Factura Electrónica (33)');
  // Escape closes it; the next opening starts again from the sale.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await generate.click();

  // Gross 1 143 332: net round(1 143 332 / 1.19) = 960 783, IVA 182 549.
  await expect(amountOf(totals, 'Exento')).toHaveText('CLP 0');
  await expect(amountOf(totals, 'Neto')).toHaveText('CLP 960,783');
  await expect(amountOf(totals, 'IVA 19 %')).toHaveText('CLP 182,549');
  await expect(amountOf(totals, 'Total')).toHaveText('CLP 1,143,332');
  await expect(totals).toContainText('Tipo de cambio: CLP 952.38 por cada 1 USD');
  const hotel = dialog.getByRole('switch', { name: 'Exento: Hotel Puerto Varas 3 noches' });
  const tour = dialog.getByRole('switch', { name: 'Exento: Excursión Saltos del Petrohué' });
  await expect(tour).toHaveAttribute('aria-checked', 'false');
  await page.screenshot({ path: testInfo.outputPath('dialog-1280.png') });

  // By keyboard: Tab goes from one line's switch to the next, Space turns it.
  await hotel.focus();
  await page.keyboard.press('Tab');
  await expect(tour).toBeFocused();
  await page.keyboard.press('Space');
  await expect(tour).toHaveAttribute('aria-checked', 'true');
  // The excursion is now exempt: 190 476 exempt; the hotel's 952 856 gives net 800 719, IVA 152 137.
  await expect(amountOf(totals, 'Exento')).toHaveText('CLP 190,476');
  await expect(amountOf(totals, 'Neto')).toHaveText('CLP 800,719');
  await expect(amountOf(totals, 'IVA 19 %')).toHaveText('CLP 152,137');
  await expect(amountOf(totals, 'Total')).toHaveText('CLP 1,143,332');
  await expect(totals).toContainText('Documento: Factura Electrónica (33)');
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Excursión' })).toContainText(
    'Exento de IVA, elegido por el administrador',
  );

  await dialog.getByLabel('Giro del cliente').fill('Turismo aventura');
  await dialog.getByLabel('Comuna del cliente').fill('Puerto Varas');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath('dialog-1280-chosen.png') });
  // At a phone's width the dialog fits: nothing scrolls sideways, and what was chosen and typed stays.
  await page.setViewportSize({ width: 390, height: 844 });
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  expect(await dialog.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(
    0,
  );
  await page.screenshot({ path: testInfo.outputPath('dialog-390.png') });
  await dialog.getByRole('button', { name: 'Emitir' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('dialog-390-end.png') });
  await expect(tour).toHaveAttribute('aria-checked', 'true');
  await expect(dialog.getByLabel('Giro del cliente')).toHaveValue('Turismo aventura');
  await page.setViewportSize({ width: 1280, height: 720 });

  await dialog.getByRole('button', { name: 'Emitir' }).click();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  await expect(page.getByRole('heading', { name: /^Factura Electrónica N° \d+$/ })).toBeVisible();
  const rows = page.getByRole('row');
  await expect(rows.filter({ hasText: 'Excursión Saltos del Petrohué' })).toContainText('Exento de IVA');
  await expect(rows.filter({ hasText: 'Hotel Puerto Varas 3 noches' })).toContainText('Afecto a IVA');
  await expect(page.getByText('CLP 800,719')).toBeVisible();
  await expect(page.getByText('CLP 152,137')).toBeVisible();
  await expect(page.getByText('CLP 1,143,332')).toBeVisible();
});
