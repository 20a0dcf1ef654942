import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { createSaleViaApi } from '../sales/sales-fixtures';
import { apiLogin, DEMO, expectNoSeriousA11yViolations, mainNav, signIn } from '../support/helpers';

// docs/decisions/0015-phone-layout-currencies-and-retries.md: a phone (390 x 844) and a laptop (1366 wide) on
// the main screens.

const PHONE = { width: 390, height: 844 };
const SHOTS = '/tmp/shots-b';

/** How far the page is wider than the window: 0 when nothing scrolls sideways. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('en un teléfono', () => {
  test.use({ viewport: PHONE });

  test('el menú es un cajón cerrado que se abre con el botón de la barra superior', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await expect(mainNav(page)).toBeHidden();
    const open = page.getByRole('button', { name: 'Abrir menú' });
    await open.click();
    const drawer = page.getByRole('dialog', { name: 'Menú' });
    await expect(mainNav(page)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await drawer.getByRole('link', { name: 'Ventas' }).click();
    await expect(page).toHaveURL(/\/sales$/);
    await expect(drawer).toBeHidden();

    await open.click();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(open).toBeFocused();
  });

  test('ninguna pantalla principal se desplaza de lado; los diálogos caben', async ({ page, request }) => {
    test.setTimeout(90_000);
    const saleId = await createSaleViaApi(request, await apiLogin(request, DEMO.sales), 'Venta en teléfono');
    await signIn(page, DEMO.admin);
    for (const path of [
      '/dashboard',
      '/sales',
      '/sales/new',
      `/sales/${saleId}`,
      `/sales/${saleId}/edit`,
      '/clients',
      '/passengers',
      '/suppliers',
      '/payments',
      '/invoices',
      '/supplier-payments',
      '/company-settings',
    ]) {
      await page.goto(path);
      await expect(page.locator('main h1').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await sidewaysOverflow(page), `${path} se desplaza de lado`).toBe(0);
    }

    // A seller's dashboard has the activity panel, with long names.
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await signIn(page, DEMO.sales);
    await expect(page.getByText('Actividad Reciente')).toBeVisible();
    expect(await sidewaysOverflow(page), 'el panel del vendedor se desplaza de lado').toBe(0);

    await page.goto('/sales/new');
    await page.getByRole('button', { name: 'Agregar Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar Item de Venta' });
    const box = await dialog.boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    expect(box?.y).toBeGreaterThanOrEqual(0);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
    expect(await sidewaysOverflow(page)).toBe(0);
  });

  test('la tabla de pasajeros se desplaza dentro de su tarjeta, sin partir los emails', async ({ page }) => {
    await signIn(page, DEMO.sales, '/passengers');
    const email = page.getByRole('cell').filter({ hasText: '@' }).first();
    await expect(email).toBeVisible();
    const lines = await email.evaluate((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);
    expect(await sidewaysOverflow(page)).toBe(0);
  });
});

test.describe('capturas para revisar a mano', () => {
  for (const viewport of [{ width: 1366, height: 900 }, PHONE]) {
    test(`panel, ventas, formulario con el item abierto y detalle a ${viewport.width} px`, async ({
      page,
      request,
    }) => {
      test.setTimeout(60_000);
      mkdirSync(SHOTS, { recursive: true });
      await page.setViewportSize(viewport);
      const token = await apiLogin(request, DEMO.sales);
      const saleId = await createSaleViaApi(request, token, 'Venta para captura');
      await signIn(page, DEMO.sales);
      const shot = async (name: string) => {
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: `${SHOTS}/${name}-${viewport.width}.png`, fullPage: true });
      };
      await expect(page.getByText('Ventas de los últimos 30 días')).toBeVisible();
      await shot('dashboard');
      await page.goto('/sales');
      await expect(page.getByRole('link', { name: /Venta para captura/ }).first()).toBeVisible();
      await shot('sales');
      await page.goto('/sales/new');
      await page.getByRole('button', { name: 'Agregar Item' }).click();
      await expect(page.getByRole('dialog', { name: 'Agregar Item de Venta' })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/sale-form-item-${viewport.width}.png` });
      await page.keyboard.press('Escape');
      await page.goto(`/sales/${saleId}`);
      await expect(page.getByRole('heading', { name: `Venta #${saleId}` })).toBeVisible();
      await shot('sale-detail');
    });
  }
});
