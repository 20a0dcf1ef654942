import { expect, test } from '@playwright/test';
import {
  createFreshUser,
  DEMO,
  expectNoSeriousA11yViolations,
  loginForm,
  loginViaUi,
} from '../support/helpers';

test.describe('inicio de sesión', () => {
  test('muestra las credenciales de demostración y se pueden usar para entrar', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Inicio de sesión' })).toBeVisible();

    const demoBox = page.getByRole('region', { name: 'Credenciales de demostración' });
    await expect(demoBox).toBeVisible();
    for (const account of [DEMO.admin, DEMO.sales]) {
      await expect(demoBox.getByText(account.email, { exact: true })).toBeVisible();
      await expect(demoBox.getByText(account.password, { exact: true })).toBeVisible();
    }
    // The server lists only the admin and sales accounts on the login page.
    await expect(demoBox.getByText(DEMO.finance.email)).toHaveCount(0);

    const adminItem = demoBox.getByRole('listitem').filter({ hasText: DEMO.admin.email });
    await adminItem.getByRole('button', { name: 'Usar' }).click();
    const form = loginForm(page);
    await expect(form.email).toHaveValue(DEMO.admin.email);
    await expect(form.password).toHaveValue(DEMO.admin.password);

    await form.submit.click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Bienvenido, admin' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeTruthy();
  });

  test('la página de login no tiene violaciones graves de accesibilidad', async ({ page }) => {
    await page.goto('/login');
    // Wait for the demo box: it arrives after a request and must be part of the check.
    await expect(page.getByRole('region', { name: 'Credenciales de demostración' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('una contraseña incorrecta muestra el error y no entra', async ({ page }) => {
    await page.goto('/login');
    const form = loginForm(page);
    await form.email.fill(DEMO.sales.email);
    await form.password.fill('no-es-la-clave');
    await form.submit.click();

    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  });

  test('valida el email y el largo de la contraseña antes de llamar al servidor', async ({ page }) => {
    const loginCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/login')) loginCalls.push(request.url());
    });
    await page.goto('/login');
    const form = loginForm(page);
    await form.email.fill('no-es-un-email');
    await form.password.fill('123');
    await form.submit.click();

    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(form.email).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/login$/);
    expect(loginCalls).toEqual([]);
  });

  for (const path of ['/dashboard', '/sales']) {
    test(`sin sesión, ${path} lleva a /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { name: 'Inicio de sesión' })).toBeVisible();
    });
  }
});

test.describe('cierre de sesión', () => {
  test('Cerrar Sesión vuelve a /login y borra el token', async ({ page, request }) => {
    // A fresh user: logging out revokes the session on the server, which must not touch shared accounts.
    const user = await createFreshUser(request, 'sales');
    await loginViaUi(page, user);

    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('auth_user'))).toBeNull();

    // The way back is closed too.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('un usuario desactivado en el servidor es enviado a /login en su siguiente llamada', async ({
    page,
    request,
  }) => {
    const user = await createFreshUser(request, 'sales');
    await loginViaUi(page, user);

    const response = await request.delete(`/api/users/${user.id}`, {
      headers: { Authorization: `Bearer ${user.adminToken}` },
    });
    expect(response.status(), await response.text()).toBe(200);

    // The reload makes the page check its session with the server (GET /api/users/me).
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  });

  test('una sesión revocada con /api/auth/logout deja de valer en la página', async ({ page, request }) => {
    const user = await createFreshUser(request, 'finance');
    await loginViaUi(page, user);

    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    expect(token).toBeTruthy();
    const response = await request.post('/api/auth/logout', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status(), await response.text()).toBe(200);

    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  });
});
