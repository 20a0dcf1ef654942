import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from '../../helpers/free-port';
import { DEMO, loginForm } from '../support/helpers';

/**
 * "Empezar con mis datos" empties the demo agency, so it runs on a server of its own (the shared ones
 * keep their demo data for every other spec): the real server on a fresh PGlite folder, as `npm start`.
 */
let server: ChildProcess;
let base = '';
let dir = '';

test.beforeAll(async () => {
  test.setTimeout(150_000);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dir = mkdtempSync(path.join(tmpdir(), 'e2e-propia-'));
  // PGlite, never a developer's PostgreSQL.
  const { DATABASE_URL: _postgres, ...inherited } = process.env;
  server = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'src/server/main.ts'], {
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'data'),
      BACKUP_DIR: path.join(dir, 'backups'),
      BACKUP_SCHEDULE: 'false',
      REMINDER_SCHEDULE: 'false',
      SII_SEND: 'false',
      REPLY_CHECKS: 'check',
      DEMO_DATA: 'true',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await expect
    .poll(
      () =>
        fetch(`${base}/api/health`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 120_000 },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

test('un admin elimina la demostración desde el panel, tras una copia, y el inicio de sesión ya no muestra cuentas', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(`${base}/login`);
  const demoAccounts = page.getByRole('region', { name: /demostración/i });
  await expect(demoAccounts).toBeVisible();
  const form = loginForm(page);
  await form.email.fill(DEMO.admin.email);
  await form.password.fill(DEMO.admin.password);
  await form.submit.click();
  await expect(page.getByRole('heading', { name: `Bienvenido, ${DEMO.admin.username}` })).toBeVisible();

  // The public password first, in red; then the checklist, whose first step leads to the removal.
  await expect(
    page.getByRole('alert').filter({ hasText: 'Esta cuenta es la de demostración' }),
  ).toBeVisible();
  const steps = page.getByRole('region', { name: 'Primeros pasos' });
  await steps.getByRole('link', { name: 'Eliminar los datos de demostración' }).click();
  await expect(page.getByRole('heading', { name: 'Datos de demostración' })).toBeVisible();
  await expect(page.getByLabel('Nombre de la empresa')).toHaveValue('Viajes Demo SpA');

  await page.getByRole('button', { name: 'Empezar con mis datos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Empezar con mis datos' });
  await expect(dialog).toContainText('copia de seguridad verificada');
  await dialog.getByRole('button', { name: 'Eliminar datos de demostración' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Datos de demostración eliminados' })).toBeVisible({
    timeout: 60_000,
  });
  // The demo company's details are gone from the form too, ready for the agency's own.
  await expect(page.getByLabel('Nombre de la empresa')).toHaveValue('');

  await page.goto(`${base}/sales`);
  await expect(page.getByText('No sales found')).toBeVisible();
  await page.goto(`${base}/backups`);
  await expect(page.getByText('Verificado').first()).toBeVisible();

  await page.goto(`${base}/dashboard`);
  await expect(steps.getByText('Eliminar los datos de demostración (hecho)')).toBeVisible();
  await expect(steps.getByRole('link', { name: /Completar los datos de la empresa/ })).toBeVisible();

  // Another PC of the office: /login offers no account any more.
  const other = await page.context().browser()?.newPage();
  if (!other) throw new Error('no browser');
  await other.goto(`${base}/login`);
  await expect(loginForm(other).email).toBeVisible();
  await expect(other.getByRole('region', { name: /demostración/i })).toHaveCount(0);
  await other.close();
});
