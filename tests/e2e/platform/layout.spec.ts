import { expect, test } from '@playwright/test';
import type { Role } from '../../../src/domain/roles';
import { DEMO, expectNoSeriousA11yViolations, mainNav, sidebarWidthBox, signIn } from '../support/helpers';

// Written out from the sidebar table of docs/product.md#layout-and-navigation rather than imported from
// src/domain/navigation, so a mistake there shows up here instead of being copied into the expectation.
const EXPECTED_LINKS: Record<Role, string[]> = {
  admin: [
    'Inicio',
    'Ventas',
    'Clientes',
    'Pasajeros',
    'Proveedores',
    'Operadores',
    'Clasificaciones',
    'Pagos a Proveedores',
    'Configuraciones',
    'Importar',
  ],
  sales: ['Inicio', 'Ventas', 'Clientes', 'Pasajeros'],
  finance: ['Inicio'],
};

test.describe('menú lateral por rol', () => {
  for (const role of Object.keys(EXPECTED_LINKS) as Role[]) {
    test(`${role} ve exactamente sus enlaces`, async ({ page }) => {
      await signIn(page, DEMO[role]);
      const links = mainNav(page).getByRole('link');
      // toHaveText with an array compares the whole list, in order: no missing and no extra link.
      await expect(links).toHaveText(EXPECTED_LINKS[role]);
      await expect(links.first()).toHaveAttribute('href', '/dashboard');
      // The finance screens form a menu of their own below the original ones; a seller has only their
      // own commissions there.
      const finance = page.getByRole('navigation', { name: 'Finanzas' }).getByRole('link');
      await expect(finance).toHaveText(
        role === 'sales'
          ? ['Comisiones']
          : ['Cobranza', 'Vencimientos', 'Reportes', 'Comisiones', 'Mes tributario'],
      );
    });
  }
});

test.describe('diseño con sesión iniciada', () => {
  test('el menú se contrae y se expande, y recuerda el estado al recargar', async ({ page }) => {
    await signIn(page, DEMO.admin);
    const box = sidebarWidthBox(page);
    await expect(box).toHaveClass(/(^|\s)w-64(\s|$)/);

    await page.getByRole('button', { name: 'Contraer menú' }).click();
    await expect(box).toHaveClass(/(^|\s)w-16(\s|$)/);
    expect(await page.evaluate(() => localStorage.getItem('sidebar_collapsed'))).toBe('true');
    // Collapsed links keep their names for screen readers even without visible text.
    await expect(mainNav(page).getByRole('link', { name: 'Ventas' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Bienvenido, admin' })).toBeVisible();
    await expect(sidebarWidthBox(page)).toHaveClass(/(^|\s)w-16(\s|$)/);

    await page.getByRole('button', { name: 'Expandir menú' }).click();
    await expect(sidebarWidthBox(page)).toHaveClass(/(^|\s)w-64(\s|$)/);
    await expect(page.getByRole('button', { name: 'Contraer menú' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Bienvenido, admin' })).toBeVisible();
    await expect(sidebarWidthBox(page)).toHaveClass(/(^|\s)w-64(\s|$)/);
  });

  test('una ruta desconocida lleva a /dashboard', async ({ page }) => {
    await signIn(page, DEMO.sales, '/no-existe');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Bienvenido, vendedor' })).toBeVisible();
  });

  test('el panel no tiene violaciones graves de accesibilidad', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await expectNoSeriousA11yViolations(page);
    // The collapsed sidebar shows icons only, so it is checked on its own.
    await page.getByRole('button', { name: 'Contraer menú' }).click();
    await expect(page.getByRole('button', { name: 'Expandir menú' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
