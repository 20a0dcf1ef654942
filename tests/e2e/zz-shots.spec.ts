import { test } from '@playwright/test';
import { DEMO, loginViaUi } from './helpers';

// Temporary: screenshots for the report, not committed.
for (const width of [1366, 390]) {
  test(`shots ${width}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await loginViaUi(page, DEMO.admin);
    const shot = async (name: string) => {
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `.tmp/shots/${name}-${width}.png`, fullPage: true });
    };
    await shot('dashboard');
    await page.goto('/receivables');
    await shot('receivables');
    await page.getByRole('link', { name: /.+/ }).and(page.locator('table a')).first().click();
    await shot('receivable-client');
    await page.goto('/payables');
    await shot('payables');
    await page.goto('/reports');
    await shot('reports');
    await page.goto('/sales');
    await page.goto('/dashboard');
    await page.getByRole('list', { name: 'Alertas más urgentes' }).getByRole('link').first().click();
    await shot('sale-alerts');
  });
}
