import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { agencyToday } from '../../../src/domain/agency-day';
import { formatMoney } from '../../../src/domain/format';
import { unique } from '../master-data/master-data-fixtures';
import { createSaleViaApi } from '../sales/sales-fixtures';
import { apiLogin, DEMO, expectNoSeriousA11yViolations, exportAs, signIn } from '../support/helpers';

/**
 * Seller commissions (docs/decisions/0100-seller-commissions.md): the rules in Configuraciones, then a
 * month's commissions by seller. The rules are the company's, so these tests run one after the other. No
 * month is closed here: the servers share the demo data, and closing is the API tests' (commission-close).
 */
test.describe.configure({ mode: 'serial' });

const PHONE = { width: 390, height: 844 };
/** The month the servers' agency is in now (America/Santiago, the demo's zone). */
const MONTH = agencyToday('America/Santiago').slice(0, 7);

const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Half away from zero to the cent, as the server's numeric round. */
const cents = (value: number) => (Math.sign(value) * Math.round(Math.abs(value) * 100)) / 100;

/**
 * A sale of the demo seller liquidated now, so it counts in the current month; its USD price and cost
 * as the server froze them, which the expected commission is worked out from.
 */
async function liquidatedSale(request: APIRequestContext) {
  const saleId = await createSaleViaApi(
    request,
    await apiLogin(request, DEMO.sales),
    unique('Pasajero Comisión'),
    1234.5,
  );
  const admin = { Authorization: `Bearer ${await apiLogin(request, DEMO.admin)}` };
  const completed = await request.put(`/api/sales/${saleId}`, {
    headers: admin,
    data: { status: 'completed' },
  });
  expect(completed.status(), await completed.text()).toBe(200);
  const read = await request.get(`/api/sales/${saleId}`, { headers: admin });
  expect(read.status(), await read.text()).toBe(200);
  const sale = (await read.json()) as { salePriceUsd: number; totalCostUsd: number };
  return { saleId, margin: sale.salePriceUsd - sale.totalCostUsd };
}

/** Configuraciones > Comisiones with one rule: `percent` (as typed) of the margin for everyone. */
async function saveOneRule(page: Page, percent: string) {
  await page.goto('/company-settings?section=commissions');
  await expect(page.getByRole('heading', { level: 2, name: 'Comisiones' })).toBeVisible();
  const remove = page.getByRole('button', { name: /^Quitar regla/ });
  await expect(page.getByRole('button', { name: 'Agregar regla' })).toBeVisible();
  while ((await remove.count()) > 0) await remove.first().click();
  await page.getByRole('button', { name: 'Agregar regla' }).click();
  const rule = page.getByRole('group', { name: 'Regla 1' });
  await expect(rule.getByLabel('Vendedor')).toHaveValue('');
  await expect(rule.getByLabel('Clasificación')).toHaveValue('');
  await rule.getByLabel('Porcentaje (%)').fill(percent);
  await rule.getByLabel('Base').selectOption({ label: 'Margen' });
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Reglas de comisión guardadas')).toBeVisible();
}

test.describe('comisiones', () => {
  test('el admin fija la regla en Configuraciones y ve la comisión de una venta liquidada', async ({
    page,
  }) => {
    await signIn(page, DEMO.admin);
    // A percent it cannot read is refused beside its field, and what was typed stays.
    await page.goto('/company-settings?section=commissions');
    await page.getByRole('button', { name: 'Agregar regla' }).click();
    const last = page.getByRole('group', { name: /^Regla / }).last();
    await last.getByLabel('Porcentaje (%)').fill('100,5');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(last.getByText('El porcentaje no puede superar 100')).toBeVisible();
    await expect(last.getByLabel('Porcentaje (%)')).toHaveValue('100.50');

    await saveOneRule(page, '10');
    await page.reload();
    const rule = page.getByRole('group', { name: 'Regla 1' });
    await expect(rule.getByLabel('Porcentaje (%)')).toHaveValue('10.00');
    await expect(rule.getByLabel('Base')).toHaveValue('margin');
    await expectNoSeriousA11yViolations(page);

    const { saleId, margin } = await liquidatedSale(page.request);
    await page
      .getByRole('navigation', { name: 'Finanzas' })
      .getByRole('link', { name: 'Comisiones' })
      .click();
    await expect(page).toHaveURL(/\/commissions$/);
    await expect(page.getByLabel('Mes', { exact: true })).toHaveValue(MONTH);
    const seller = page.getByRole('region', { name: DEMO.sales.username, exact: true });
    const line = seller
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: `Venta #${saleId}` }) });
    await expect(line).toContainText(formatMoney(cents(margin)));
    await expect(line).toContainText('10 %');
    await expect(line).toContainText(formatMoney(cents(margin * 0.1)));
    await expect(seller.getByRole('link', { name: `Venta #${saleId}` })).toHaveAttribute(
      'href',
      `/sales/${saleId}`,
    );
    await expect(page.getByText('Mes cerrado')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    const csv = await exportAs(page, 'CSV');
    // The server names the file by the month and the day it was written.
    expect(csv.name).toMatch(new RegExp(`^comisiones-${MONTH}-[\\d-]+\\.csv$`));
    expect(csv.file.toString('utf8')).toContain(String(saleId));
    const xlsx = await exportAs(page, 'Excel (.xlsx)');
    expect(xlsx.name).toMatch(new RegExp(`^comisiones-${MONTH}-[\\d-]+\\.xlsx$`));
    expect(xlsx.file.subarray(0, 2).toString()).toBe('PK');

    // The month has not ended: the close is refused with the server's reason, and nothing is closed.
    await page.getByRole('button', { name: 'Cerrar mes' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Cerrar mes' }).click();
    await expect(dialog.getByRole('alert')).toContainText(`El mes ${MONTH} aún no termina`);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page.getByText('Mes cerrado')).toHaveCount(0);
  });

  test('el vendedor ve solo sus comisiones y no cierra el mes', async ({ page }) => {
    const { saleId, margin } = await liquidatedSale(page.request);
    await signIn(page, DEMO.sales, '/commissions');
    const tables = page.getByRole('table', { name: /^Comisiones de / });
    await expect(tables).toHaveCount(1);
    await expect(tables).toHaveAccessibleName(`Comisiones de ${DEMO.sales.username}`);
    const line = tables
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: `Venta #${saleId}` }) });
    await expect(line).toContainText(formatMoney(cents(margin * 0.1)));
    await expect(page.getByRole('button', { name: 'Cerrar mes' })).toHaveCount(0);
  });

  test('la página cabe en 390 px sin desplazarse de lado', async ({ page }) => {
    await page.setViewportSize(PHONE);
    const { saleId } = await liquidatedSale(page.request);
    await signIn(page, DEMO.admin, '/commissions');
    await expect(page.getByRole('link', { name: `Venta #${saleId}` })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.goto('/company-settings?section=commissions');
    await expect(page.getByRole('group', { name: 'Regla 1' })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBe(0);
  });
});
