import { expect, type Page, test } from '@playwright/test';
import { agencyToday } from '../../../src/domain/agency-day';
import { previousMonth } from '../../../src/domain/commissions';
import { formatMoney, formatPesos } from '../../../src/domain/format';
import type { TaxMonth } from '../../../src/domain/tax-month';
import { apiLogin, DEMO, expectNoSeriousA11yViolations, exportAs, signIn } from '../support/helpers';

/**
 * The accountant's month (docs/decisions/0103-the-tax-month.md) on a server without electronic
 * invoicing: no tax document, so the figures are zeros, and a supplier payment made today counts.
 */
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };
/** The month the servers' agency is in now (America/Santiago, the demo's zone). */
const MONTH = agencyToday('America/Santiago').slice(0, 7);

const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('finanzas abre el mes tributario desde Finanzas, a 1366 y a 390 px, y lo recorre con el teclado', async ({
  page,
  request,
}) => {
  const headers = { Authorization: `Bearer ${await apiLogin(request, DEMO.admin)}` };
  const suppliers = await request.get('/api/suppliers?page=1&limit=1', { headers });
  // The master-data lists answer a bare array (their total in X-Total-Count).
  const [supplier] = (await suppliers.json()) as { id: number }[];
  const paid = await request.post('/api/supplier-payments', {
    headers,
    data: {
      supplierId: supplier?.id,
      amount: '123.45',
      currency: 'USD',
      paymentDate: agencyToday('America/Santiago'),
      paymentMethod: 'transfer',
      description: 'Pago E2E del mes tributario',
    },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const figures = (
    (await (await request.get(`/api/reports/tax-month?month=${MONTH}`, { headers })).json()) as {
      data: TaxMonth;
    }
  ).data;
  const usd = figures.supplierPayments.find((p) => p.currency === 'USD');
  expect(usd?.count).toBeGreaterThan(0);

  await page.setViewportSize(LAPTOP);
  await signIn(page, DEMO.finance);
  await page
    .getByRole('navigation', { name: 'Finanzas' })
    .getByRole('link', { name: 'Mes tributario' })
    .click();
  await expect(page).toHaveURL(/\/tax-month$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mes tributario' })).toBeVisible();
  await expect(page.getByLabel('Mes', { exact: true })).toHaveValue(MONTH);
  const documents = page.getByRole('table', { name: /^Documentos tributarios de .* por tipo$/ });
  // Header, the five types and the month's line.
  await expect(documents.getByRole('row')).toHaveCount(7);
  await expect(documents.getByRole('row').filter({ hasText: '(61)' })).toContainText('Se resta');
  await expect(page.getByRole('region', { name: 'Débito fiscal (IVA)' })).toContainText(
    `Débito fiscal${formatPesos(figures.vatDebit)}`,
  );
  const payments = page.getByRole('table', { name: 'Pagos a proveedores del mes por moneda' });
  await expect(payments.getByRole('row').filter({ hasText: 'USD' })).toContainText(
    formatMoney(usd?.total ?? 0, 'USD'),
  );
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);

  const csv = await exportAs(page, 'CSV');
  expect(csv.name).toMatch(new RegExp(`^mes-tributario-${MONTH}-[\\d-]+\\.csv$`));
  expect(csv.file.toString('utf8')).toContain('Pagos a proveedores');

  // A phone: nothing pushes the page sideways (the wide table scrolls in its own box).
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(documents).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);

  // By keyboard: the month before, from its button, and the figures of that month are read.
  await page.getByRole('button', { name: 'Mes anterior' }).focus();
  const previous = page.waitForResponse((r) =>
    r.url().includes(`/api/reports/tax-month?month=${previousMonth(MONTH)}`),
  );
  await page.keyboard.press('Enter');
  await previous;
  await expect(page.getByLabel('Mes', { exact: true })).toHaveValue(previousMonth(MONTH));
  await expect(page).toHaveURL(new RegExp(`/tax-month\\?month=${previousMonth(MONTH)}$`));
});

test('un vendedor no ve el mes tributario en Finanzas', async ({ page }) => {
  await signIn(page, DEMO.sales);
  const finance = page.getByRole('navigation', { name: 'Finanzas' });
  await expect(finance.getByRole('link', { name: 'Comisiones' })).toBeVisible();
  await expect(finance.getByRole('link', { name: 'Mes tributario' })).toHaveCount(0);
});
