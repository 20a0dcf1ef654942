import { expect, type Page, test } from '@playwright/test';
import { createFreshUser, expectNoSeriousA11yViolations, loginViaUi, signIn } from '../support/helpers';

// "Mi cuenta" (docs/product.md, decision 0092): every user changes their own name, e-mail and password
// from the sidebar's user block; a name is written as people write it.

// Unique on a server that ran the spec before: names are unique ignoring case and accents.
const NAME = `Carolina Muñoz ${Date.now().toString(36)}`;

const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('un vendedor se pone su nombre con tilde y cambia su contraseña desde Mi cuenta', async ({
  page,
  request,
}) => {
  const account = await createFreshUser(request, 'sales');
  await signIn(page, account);
  const accountLink = page.getByRole('link', { name: /^Mi cuenta:/ });
  await expect(accountLink).toContainText(account.username);
  await accountLink.click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Mi cuenta' })).toBeVisible();

  const name = page.getByLabel('Nombre', { exact: true });
  await expect(name).toHaveValue(account.username);
  await name.fill(NAME);
  await page.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByText('Tus datos se guardaron')).toBeVisible();
  // The sidebar and the greeting follow at once, without signing in again.
  await expect(accountLink).toContainText(NAME);

  // A wrong current password changes nothing and says why.
  const current = page.getByLabel('Contraseña actual', { exact: true });
  const next = page.getByLabel('Nueva contraseña', { exact: true });
  const repeated = page.getByLabel('Repite la nueva contraseña');
  const change = page.getByRole('button', { name: 'Cambiar contraseña' });
  await current.fill('no-es-la-clave');
  await next.fill('nueva-clave-2026');
  await repeated.fill('otra-cosa');
  await change.click();
  await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
  await repeated.fill('nueva-clave-2026');
  await change.click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'La contraseña actual no es correcta' }),
  ).toBeVisible();
  await current.fill(account.password);
  await change.click();
  await expect(
    page.getByText('Contraseña cambiada: se cerraron tus sesiones en otros equipos'),
  ).toBeVisible();
  await expect(current).toHaveValue('');
  await expectNoSeriousA11yViolations(page);

  await page.setViewportSize({ width: 390, height: 844 });
  expect(await sidewaysOverflow(page), 'Mi cuenta se desplaza de lado').toBe(0);
  await page.screenshot({ path: test.info().outputPath('account-390.png'), fullPage: true });

  // The new password signs in; the greeting uses the name as written.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await loginViaUi(page, { ...account, username: NAME, password: 'nueva-clave-2026' });
});
