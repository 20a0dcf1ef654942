import { expect, test } from '@playwright/test';
import { rutCheckDigit } from '../../../src/domain/rut';
import { pickFirst } from '../sales/sales-fixtures';
import {
  createFreshUser,
  DEMO,
  expectNoSeriousA11yViolations,
  loginForm,
  mainNav,
  signIn,
} from '../support/helpers';

// docs/decisions/0014-warnings-before-mistakes.md: work is never lost, and forms say what is wrong at once.

const RUN = Date.now().toString(36);

test.describe('sin perder trabajo', () => {
  test('salir de una venta a medio llenar pregunta antes, también al recargar', async ({ page }) => {
    await signIn(page, DEMO.sales, '/sales/new');
    // Untouched, the form lets the user go without asking.
    await mainNav(page).getByRole('link', { name: 'Clientes' }).click();
    await expect(page).toHaveURL(/\/clients$/);

    await page.goto('/sales');
    await page.getByRole('link', { name: 'Nueva Venta' }).click();
    await page.getByLabel('Nombre del pasajero').fill(`A medio llenar ${RUN}`);
    await mainNav(page).getByRole('link', { name: 'Clientes' }).click();
    const ask = page.getByRole('dialog', { name: '¿Salir sin guardar?' });
    await expect(ask).toContainText('Los cambios que no has guardado se perderán.');
    await expectNoSeriousA11yViolations(page);
    await ask.getByRole('button', { name: 'Seguir editando' }).click();
    await expect(page).toHaveURL(/\/sales\/new$/);
    await expect(page.getByLabel('Nombre del pasajero')).toHaveValue(`A medio llenar ${RUN}`);

    // The browser's back button is held the same way.
    await page.goBack();
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Salir sin guardar' }).click();
    await expect(page).toHaveURL(/\/sales$/);

    // A reload or closing the tab gets the browser's own question.
    await page.goto('/sales/new');
    await page.getByLabel('Nombre del pasajero').fill('Otra venta');
    const asked = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const dialog = await asked;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.accept();
  });

  test('tras un 401 /login explica que la sesión expiró y vuelve a la página de antes', async ({
    page,
    request,
  }) => {
    const user = await createFreshUser(request, 'sales');
    await signIn(page, user, '/clients');
    await expect(page.getByRole('heading', { name: 'Clientes', level: 1 })).toBeVisible();

    // The session ends on the server (as when it expires); the next call gets a 401.
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    const revoked = await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
    expect(revoked.status()).toBe(200);
    await page.getByPlaceholder('Buscar clientes...').fill('zz');

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status')).toHaveText('Tu sesión expiró, inicia sesión de nuevo');
    await expectNoSeriousA11yViolations(page);
    const form = loginForm(page);
    await form.email.fill(user.email);
    await form.password.fill(user.password);
    await form.submit.click();
    await expect(page).toHaveURL(/\/clients$/);
    await expect(page.getByRole('heading', { name: 'Clientes', level: 1 })).toBeVisible();
  });
});

test.describe('formularios que dicen qué está mal', () => {
  test('la fecha de salida anterior a la de entrada se avisa junto a los demás errores del item', async ({
    page,
  }) => {
    await signIn(page, DEMO.sales, '/sales/new');
    await page.getByRole('button', { name: 'Agregar Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar Item de Venta' });
    await dialog.getByLabel('Fecha de entrada').fill('2031-05-20');
    await dialog.getByLabel('Fecha de salida').fill('2031-05-10');
    await dialog.getByRole('button', { name: 'Guardar Item' }).click();
    await expect(dialog.getByText('La clasificación es requerida')).toBeVisible();
    await expect(dialog.getByText('La fecha de salida no puede ser anterior a la de entrada')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await pickFirst(dialog, 'Clasificación');
    await dialog.getByLabel('Fecha de salida').fill('2031-05-27');
    await expect(dialog.getByText('La fecha de salida no puede ser anterior a la de entrada')).toHaveCount(0);
  });

  test('un precio con 3 decimales o demasiado grande dice qué está mal', async ({ page }) => {
    await signIn(page, DEMO.sales, '/sales/new');
    await page.getByRole('button', { name: 'Agregar Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar Item de Venta' });
    // 300.123 is 300,123 (a thousands point); after four whole digits the three are decimals.
    await dialog.getByLabel('Precio de venta').fill('1300.123');
    await dialog.getByLabel('Precio de costo').fill('1000000000000');
    await dialog.getByRole('button', { name: 'Guardar Item' }).click();
    await expect(dialog.getByText('El precio de venta admite como máximo 2 decimales')).toBeVisible();
    await expect(dialog.getByText('El precio de costo no puede superar 999,999,999,999.99')).toBeVisible();
    await expect(dialog.getByText('El precio de venta debe ser positivo')).toHaveCount(0);
  });

  test('un RUT ya registrado con otro formato avisa y enlaza al cliente; un dígito verificador malo se rechaza', async ({
    page,
    request,
  }) => {
    // A RUT of this run: 8 digits from the clock, with its real check digit.
    const body = String(10_000_000 + (Date.now() % 89_999_999));
    const dotted = `${body.slice(0, -6)}.${body.slice(-6, -3)}.${body.slice(-3)}-${rutCheckDigit(body)}`;
    const plain = `${body}-${rutCheckDigit(body)}`;
    const wrongDigit = `${body}-${rutCheckDigit(body) === '1' ? '2' : '1'}`;
    const name = `Cliente RUT ${RUN}`;
    const token = await (
      await request.post('/api/auth/login', {
        data: { email: DEMO.sales.email, password: DEMO.sales.password },
      })
    ).json();
    const created = await request.post('/api/clients', {
      headers: { Authorization: `Bearer ${token.token}` },
      data: { name, clientId: dotted },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { client } = (await created.json()) as { client: { id: number } };

    await signIn(page, DEMO.sales, '/clients/new');
    await page.getByLabel('Nombre').fill('Cliente duplicado');
    await page.getByLabel('ID/RUT').fill(plain);
    const warning = page.getByRole('status').filter({ hasText: 'Ya existe un cliente con este ID/RUT' });
    await expect(warning).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('ID/RUT').fill(wrongDigit);
    await expect(warning).toHaveCount(0);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('El dígito verificador del RUT no es válido')).toBeVisible();
    await expect(page).toHaveURL(/\/clients\/new$/);

    await page.getByLabel('ID/RUT').fill(plain);
    await warning.getByRole('link', { name: `${name} (${dotted})` }).click();
    await expect(page).toHaveURL(new RegExp(`/clients/${client.id}/edit$`));
    await expect(page.getByLabel('ID/RUT')).toHaveValue(dotted);
  });
});
