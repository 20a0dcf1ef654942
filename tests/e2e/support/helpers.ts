import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import type { Role } from '../../../src/domain/roles';
import { TOKEN_KEY, USER_KEY } from '../../../src/web/api/stored-credentials';

export interface Account {
  email: string;
  password: string;
  username: string;
  role: Role;
}

/** The demo accounts the server seeds on an empty database in demo mode. Never deactivate these. */
export const DEMO: Record<Role, Account> = {
  admin: { email: 'admin@viajes-demo.cl', password: 'admin123', username: 'admin', role: 'admin' },
  sales: { email: 'ventas@viajes-demo.cl', password: 'ventas123', username: 'vendedor', role: 'sales' },
  finance: {
    email: 'finanzas@viajes-demo.cl',
    password: 'finanzas123',
    username: 'finanzas',
    role: 'finance',
  },
};

/**
 * Fails on axe violations that block people (serious, critical) and prints each so it can be fixed.
 * Legacy mode runs axe inside the page instead of opening a blank page per check to merge frame
 * results (the app has no iframes), and only violations are collected: together a third of the time.
 * Toasts do not fade here (the config asks for reduced motion), so a toast half faded in or out is
 * never read as low contrast.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = blocking.map((v) => {
    const targets = v.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`);
    return `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${targets.join('\n')}`;
  });
  if (report.length > 0) console.log(`Violaciones de accesibilidad en ${page.url()}:\n${report.join('\n')}`);
  expect(report, `violaciones graves o críticas de axe en ${page.url()}`).toEqual([]);
}

export function loginForm(page: Page) {
  return {
    email: page.getByLabel('Email', { exact: true }),
    password: page.getByLabel('Password', { exact: true }),
    submit: page.getByRole('button', { name: 'Iniciar sesión' }),
  };
}

/** Signs in through the login form, as a person would, and waits for the dashboard's greeting. */
export async function loginViaUi(page: Page, account: Pick<Account, 'email' | 'password' | 'username'>) {
  await page.goto('/login');
  const form = loginForm(page);
  await form.email.fill(account.email);
  await form.password.fill(account.password);
  await form.submit.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Bienvenido, ${account.username}` })).toBeVisible();
}

export function mainNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Menú principal' });
}

/**
 * The element carrying the sidebar's width class: the menu itself or the nearest ancestor with
 * w-64 / w-16 (the layout may put the width on an <aside> around the <nav>).
 */
export function sidebarWidthBox(page: Page): Locator {
  const hasWidth = ['w-64', 'w-16']
    .map((c) => `contains(concat(' ', normalize-space(@class), ' '), ' ${c} ')`)
    .join(' or ');
  return mainNav(page).locator(`xpath=ancestor-or-self::*[${hasWidth}][1]`);
}

/**
 * Opens `path` already signed in: the session comes from the API and is stored where the login form
 * stores it, so tests that are not about the login screen skip its page load and the dashboard's.
 * The storage script is removed once the page has loaded, so a later logout and reload stay logged out.
 */
export async function signIn(
  page: Page,
  account: Pick<Account, 'email' | 'password' | 'username'>,
  path = '/dashboard',
) {
  const session = await apiSession(page.request, account);
  const storing = await page.addInitScript(
    ({ keys, token, user }) => {
      localStorage.setItem(keys.token, token);
      localStorage.setItem(keys.user, user);
    },
    { keys: { token: TOKEN_KEY, user: USER_KEY }, token: session.token, user: JSON.stringify(session.user) },
  );
  await page.goto(path);
  await storing.dispose();
  // The layout is up before the test goes on typing.
  await expect(page.getByRole('main')).toBeVisible();
  if (path === '/dashboard') {
    await expect(page.getByRole('heading', { name: `Bienvenido, ${account.username}` })).toBeVisible();
  }
}

/** Signs in through the API (for setting up data, not for testing the login screen). */
export async function apiLogin(request: APIRequestContext, account: Pick<Account, 'email' | 'password'>) {
  return (await apiSession(request, account)).token;
}

/** The login call's whole answer: the token and the user as the login form stores them. */
async function apiSession(request: APIRequestContext, account: Pick<Account, 'email' | 'password'>) {
  const response = await request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { token: string; user: unknown };
}

/**
 * A brand-new user created by the demo admin, for tests that end or revoke a session: the shared demo
 * accounts must stay usable by the other tests.
 */
export async function createFreshUser(
  request: APIRequestContext,
  role: Role,
): Promise<Account & { id: number; adminToken: string }> {
  const adminToken = await apiLogin(request, DEMO.admin);
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const account = {
    username: `e2e_${suffix}`,
    email: `e2e.${suffix}@viajes-demo.cl`,
    password: `clave-${suffix}`,
    role,
  };
  const response = await request.post('/api/users', {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: account,
  });
  expect(response.status(), await response.text()).toBe(201);
  const { user } = (await response.json()) as { user: { id: number } };
  return { ...account, id: user.id, adminToken };
}

/** Clicks one format of "Exportar" and returns the file the browser downloaded. */
export async function exportAs(page: Page, format: 'Excel (.xlsx)' | 'CSV') {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar' }).click();
  await page.getByRole('menuitem', { name: format }).click();
  const download = await downloading;
  return { name: download.suggestedFilename(), file: await readFile(await download.path()) };
}
