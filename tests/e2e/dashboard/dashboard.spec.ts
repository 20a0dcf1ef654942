import { type APIRequestContext, expect, type Locator, type Page, type Route, test } from '@playwright/test';
import { formatDate, formatMoney } from '../../../src/domain/format';
import type { Role } from '../../../src/domain/roles';
import { enumLabel } from '../../../src/domain/sales';
import { apiLogin, DEMO, expectNoSeriousA11yViolations, signIn } from '../support/helpers';

interface Entry {
  count: number;
  totalCost: number;
}

interface Stats {
  salesByStatus: Record<'draft' | 'confirmed' | 'completed' | 'cancelled', number>;
  salesCount: number;
  total: number;
  salesByServiceType: Record<string, Entry>;
  salesByRegion: Record<string, Entry>;
  departures: Array<{
    id: number;
    passengerName: string;
    region: string;
    serviceType: string;
    travelDate: string;
  }>;
}

async function getJson<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

const getStats = (request: APIRequestContext, token: string) =>
  getJson<Stats>(request, token, '/api/sales/stats');

const count = (n: number) => n.toLocaleString('en-US');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const region = (scope: Page | Locator, name: string) => scope.getByRole('region', { name, exact: true });
const cardValue = (page: Page, title: string) => region(page, title).locator('p');

/** The share shown in "(12.5%)" is the part of the same total as the card, to one decimal. */
async function expectShare(item: Locator, part: number, total: number) {
  const text = (await item.textContent()) ?? '';
  const shown = Number(/\((\d+(?:\.\d)?)%\)/.exec(text)?.[1]);
  const exact = total === 0 ? 0 : (part * 100) / total;
  expect(Math.abs(shown - exact), `share in "${text}"`).toBeLessThanOrEqual(0.05 + 1e-9);
}

async function expectCards(page: Page, role: Role, stats: Stats) {
  await expect(cardValue(page, role === 'sales' ? 'Mis Ingresos' : 'Ingresos Totales')).toHaveText(
    formatMoney(stats.total),
  );
  await expect(cardValue(page, 'Reservas Activas')).toHaveText(
    count(stats.salesByStatus.confirmed + stats.salesByStatus.completed),
  );
  await expect(cardValue(page, 'Total de Ventas')).toHaveText(count(stats.salesCount));
}

async function expectBreakdown(
  panel: Locator,
  entries: Record<string, Entry>,
  total: number,
  limit?: number,
) {
  const ranked = Object.entries(entries).sort(([, a], [, b]) => b.count - a.count);
  const shown = ranked.slice(0, limit ?? ranked.length);
  const items = panel.getByRole('listitem');
  await expect(items).toHaveCount(shown.length);
  for (const [index, [key, entry]] of shown.entries()) {
    const item = items.nth(index);
    await expect(item).toHaveText(
      new RegExp(
        `^${escapeRegExp(enumLabel(key))}${count(entry.count)} ventas? \\(.+\\) · Costo ${escapeRegExp(formatMoney(entry.totalCost))}$`,
      ),
    );
    await expectShare(item, entry.count, total);
  }
}

/** Every figure on the page against the API's answer for the same user. */
async function expectDashboardMatches(page: Page, request: APIRequestContext, token: string, role: Role) {
  const stats = await getStats(request, token);
  await expectCards(page, role, stats);

  const status = region(page, 'Estado de Ventas');
  for (const [label, key] of [
    ['Confirmadas', 'confirmed'],
    ['Liquidadas', 'completed'],
    ['Canceladas', 'cancelled'],
  ] as const) {
    const item = status.getByRole('listitem').filter({ hasText: label });
    await expect(item).toHaveText(new RegExp(`^${label}${count(stats.salesByStatus[key])} \\(.+\\)$`));
    await expectShare(item, stats.salesByStatus[key], stats.salesCount);
  }

  const departures = region(page, 'Próximas Salidas');
  if (stats.departures.length === 0) {
    await expect(departures).toContainText('No hay próximas salidas');
  } else {
    await expect(departures.getByRole('link', { name: 'Ver Todas' })).toHaveAttribute('href', '/sales');
    const items = departures.getByRole('listitem');
    await expect(items).toHaveCount(stats.departures.length);
    for (const [index, departure] of stats.departures.entries()) {
      const item = items.nth(index);
      await expect(item.getByRole('link')).toHaveAttribute('href', `/sales/${departure.id}`);
      await expect(item).toHaveText(
        `${departure.passengerName}${enumLabel(departure.region)} · ${enumLabel(departure.serviceType)}${formatDate(departure.travelDate)}`,
      );
    }
  }

  await expectBreakdown(region(page, 'Servicios Principales'), stats.salesByServiceType, stats.salesCount, 5);
  await expectBreakdown(region(page, 'Ventas por Región'), stats.salesByRegion, stats.salesCount);

  const { chartData } = await getJson<{ chartData: Array<{ count: number; totalSale: number }> }>(
    request,
    token,
    '/api/sales/sales-overview',
  );
  const sales = chartData.reduce((sum, day) => sum + day.count, 0);
  const cents = chartData.reduce((sum, day) => sum + Math.round(day.totalSale * 100), 0);
  const chart = region(page, 'Ventas de los últimos 30 días');
  await expect(chart).toContainText(
    `${count(sales)} ${sales === 1 ? 'venta' : 'ventas'} por un total de ${formatMoney(cents / 100)}.`,
  );
  await expect(chart.locator('tbody tr')).toHaveCount(30);
  // The drawn chart itself comes from the lazy-loaded recharts chunk.
  await expect(chart.locator('.recharts-wrapper > svg.recharts-surface')).toBeVisible();

  if (role === 'sales') {
    const { sales: recent } = await getJson<{ sales: Array<{ id: number }> }>(
      request,
      token,
      '/api/sales/my-sales?limit=5',
    );
    const { payments } = await getJson<{ payments: Array<{ saleId: number }> }>(
      request,
      token,
      '/api/payments?limit=5',
    );
    const activity = region(page, 'Actividad Reciente');
    const saleLinks = region(activity, 'Ventas recientes').getByRole('link');
    await expect(saleLinks).toHaveCount(recent.length);
    for (const [index, sale] of recent.entries()) {
      await expect(saleLinks.nth(index)).toHaveAttribute('href', `/sales/${sale.id}`);
    }
    const paymentLinks = region(activity, 'Pagos recientes').getByRole('link');
    await expect(paymentLinks).toHaveCount(payments.length);
    for (const [index, payment] of payments.entries()) {
      await expect(paymentLinks.nth(index)).toHaveAttribute('href', `/sales/${payment.saleId}`);
    }
  } else {
    await expect(region(page, 'Actividad Reciente')).toHaveCount(0);
  }
  return stats;
}

async function firstId(request: APIRequestContext, token: string, path: string): Promise<number> {
  // Clients and passengers page in the body, the catalogs reply a bare array (docs/decisions/0044).
  const body = await getJson<{ data: Array<{ id: number }> } | Array<{ id: number }>>(
    request,
    token,
    `${path}?page=1&limit=1`,
  );
  const data = Array.isArray(body) ? body : body.data;
  const id = data[0]?.id;
  if (id === undefined) throw new Error(`${path} has no demo records`);
  return id;
}

/** A confirmed sale made by admin on behalf of the demo seller. */
async function createSaleFor(
  request: APIRequestContext,
  adminToken: string,
  sellerId: number,
  salePrice: number,
) {
  const [clientId, classificationId, supplierId, operatorId, passengerId] = await Promise.all(
    ['/api/clients', '/api/classifications', '/api/suppliers', '/api/operators', '/api/passengers'].map(
      (path) => firstId(request, adminToken, path),
    ),
  );
  const passengerName = `Dashboard E2E ${Date.now().toString(36)}`;
  const response = await request.post('/api/sales', {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: {
      saleData: {
        passengerName,
        clientId,
        travelDate: '2032-06-15',
        saleType: 'individual',
        serviceType: 'package',
        region: 'national',
        passengerCount: 1,
        sellerId,
      },
      items: [
        { classificationId, supplierId, operatorId, passengers: [passengerId], salePrice, costPrice: 1000 },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return passengerName;
}

test.describe('dashboard', () => {
  for (const role of ['admin', 'sales', 'finance'] as const) {
    test(`${role} ve las cifras de la API y una página accesible`, async ({ page, request }) => {
      const token = await apiLogin(request, DEMO[role]);
      await signIn(page, DEMO[role]);
      await expectDashboardMatches(page, request, token, role);
      await expectNoSeriousA11yViolations(page);
    });
  }

  test('una venta nueva cambia las cifras de admin y del vendedor', async ({ browser, page, request }) => {
    test.setTimeout(60_000);
    const adminToken = await apiLogin(request, DEMO.admin);
    const salesToken = await apiLogin(request, DEMO.sales);
    const { user: seller } = await getJson<{ user: { id: number } }>(request, salesToken, '/api/users/me');
    const sellerContext = await browser.newContext();
    const sellerPage = await sellerContext.newPage();

    await signIn(page, DEMO.admin);
    await signIn(sellerPage, DEMO.sales);
    const before = {
      admin: await expectDashboardMatches(page, request, adminToken, 'admin'),
      sales: await expectDashboardMatches(sellerPage, request, salesToken, 'sales'),
    };

    const salePrice = 1234.56;
    const passengerName = await createSaleFor(request, adminToken, seller.id, salePrice);
    await page.reload();
    await sellerPage.reload();

    // A new sale starts confirmed: one more sale, one more active booking, its price more revenue.
    for (const [target, role] of [
      [page, 'admin'],
      [sellerPage, 'sales'],
    ] as const) {
      const old = before[role];
      await expectCards(target, role, {
        ...old,
        total: (Math.round(old.total * 100) + Math.round(salePrice * 100)) / 100,
        salesCount: old.salesCount + 1,
        salesByStatus: { ...old.salesByStatus, confirmed: old.salesByStatus.confirmed + 1 },
      });
    }
    await expectDashboardMatches(page, request, adminToken, 'admin');
    await expectDashboardMatches(sellerPage, request, salesToken, 'sales');
    const newest = region(region(sellerPage, 'Actividad Reciente'), 'Ventas recientes')
      .getByRole('link')
      .first();
    await expect(newest).toContainText(passengerName);
    await sellerContext.close();
  });

  test('Reintentar vuelve a cargar el dashboard tras un fallo de red', async ({ page, request }) => {
    // A real network failure (the request is aborted), not a made-up response. Every stats request fails
    // while the route is in place, including the query client's own automatic retry.
    const failStats = (route: Route) => route.abort();
    await page.route('**/api/sales/stats', failStats);
    await signIn(page, DEMO.admin);
    const alert = page.getByRole('alert').filter({ hasText: 'Error al cargar dashboard' });
    await expect(alert).toBeVisible();
    await expect(region(page, 'Total de Ventas')).toHaveCount(0);
    // Beside the screen's own message, the notice over the page says why.
    const notice = page.getByRole('alert').filter({ hasText: 'Se perdió la conexión con el servidor' });
    await expect(notice).toBeVisible();

    await page.unroute('**/api/sales/stats', failStats);
    await page.getByRole('main').getByRole('button', { name: 'Reintentar' }).click();
    await expect(alert).toHaveCount(0);
    await expect(notice).toHaveCount(0);
    await expectDashboardMatches(page, request, await apiLogin(request, DEMO.admin), 'admin');
  });
});
