import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { agencyToday } from '../../../src/domain/agency-day';
import { addDays } from '../../../src/domain/report-params';
import { unique } from '../master-data/master-data-fixtures';
import { firstId } from '../sales/sales-fixtures';
import { apiLogin, DEMO, expectNoSeriousA11yViolations, signIn } from '../support/helpers';

/**
 * The finance screens (docs/product.md#finance-screens) as each role uses them: Cobranza, Vencimientos and
 * Reportes from the sidebar's Finanzas group for admin and finance; a seller's alerts and report from the
 * dashboard.
 */

/** A new client with one unpaid sale of the demo seller, travelling in 3 days with no reservation code. */
async function unpaidClient(request: APIRequestContext, price: number) {
  const token = await apiLogin(request, DEMO.sales);
  const headers = { Authorization: `Bearer ${token}` };
  const name = unique('Cliente Cobranza');
  const created = await request.post('/api/clients', { headers, data: { name } });
  expect(created.status(), await created.text()).toBe(201);
  const client = ((await created.json()) as { client: { id: number } }).client;
  const [classification, supplier, operator, passenger] = await Promise.all(
    ['/api/classifications', '/api/suppliers', '/api/operators', '/api/passengers'].map((p) =>
      firstId(request, token, p),
    ),
  );
  const sale = await request.post('/api/sales', {
    headers,
    data: {
      saleData: {
        passengerName: name,
        clientId: client.id,
        travelDate: addDays(agencyToday(), 3),
        saleType: 'individual',
        serviceType: 'package',
        region: 'national',
        passengerCount: 1,
        sellerId: 1,
      },
      items: [
        {
          classificationId: String(classification?.id),
          supplierId: String(supplier?.id),
          operatorId: String(operator?.id),
          passengers: [passenger?.id],
          salePrice: price,
          costPrice: 100,
        },
      ],
    },
  });
  expect(sale.status(), await sale.text()).toBe(201);
  return { name, saleId: ((await sale.json()) as { sale: { id: number } }).sale.id };
}

/**
 * A sale of the demo seller owing a new supplier two payments: one long overdue, one due today. Oldest
 * due first, so each heads the seller's list of its kind.
 */
async function owedSupplier(request: APIRequestContext) {
  const admin = { Authorization: `Bearer ${await apiLogin(request, DEMO.admin)}` };
  const name = unique('Proveedor Alertas');
  const created = await request.post('/api/suppliers', { headers: admin, data: { name } });
  expect(created.status(), await created.text()).toBe(201);
  const supplierId = ((await created.json()) as { supplier: { id: number } }).supplier.id;
  const token = await apiLogin(request, DEMO.sales);
  const [client, classification, operator, passenger] = await Promise.all(
    ['/api/clients', '/api/classifications', '/api/operators', '/api/passengers'].map((p) =>
      firstId(request, token, p),
    ),
  );
  const item = (costPrice: number, paymentDate: string) => ({
    classificationId: String(classification?.id),
    supplierId: String(supplierId),
    operatorId: String(operator?.id),
    passengers: [passenger?.id],
    salePrice: 500,
    costPrice,
    reservationCode: 'RES-ALERTA',
    paymentDate,
  });
  const sale = await request.post('/api/sales', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      saleData: {
        passengerName: unique('Pasajero Alertas'),
        clientId: client?.id,
        travelDate: addDays(agencyToday(), 90),
        saleType: 'individual',
        serviceType: 'package',
        region: 'national',
        passengerCount: 1,
        sellerId: 1,
      },
      items: [item(120, addDays(agencyToday(), -365)), item(130, agencyToday())],
    },
  });
  expect(sale.status(), await sale.text()).toBe(201);
  return name;
}

/** The finance menu, below the original one. */
const financeNav = (page: Page) => page.getByRole('navigation', { name: 'Finanzas' });

async function openFinance(page: Page, link: 'Cobranza' | 'Vencimientos' | 'Reportes', heading: string) {
  await financeNav(page).getByRole('link', { name: link }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

async function searchClient(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'Buscar cliente' }).fill(name);
}

test.describe('finanzas', () => {
  // Each test signs in, sets up data through the API and checks several screens with axe.
  test.describe.configure({ timeout: 90_000 });
  test('un admin cobra desde Cobranza y el cliente sale de la lista', async ({ page, request }) => {
    const { name, saleId } = await unpaidClient(request, 750.5);
    await signIn(page, DEMO.admin);
    await openFinance(page, 'Cobranza', 'Cobranza');
    await expectNoSeriousA11yViolations(page);
    await searchClient(page, name);
    const table = page.getByRole('region', { name: 'Clientes con saldo pendiente' });
    const row = table.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('US$ 750.50');
    await row.getByRole('link', { name }).click();

    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Pendiente', exact: true })).toContainText('US$ 750.50');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: `Registrar pago de la venta #${saleId}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar Pago' });
    await dialog.getByLabel('Monto').fill('750.50');
    await dialog.getByRole('button', { name: 'Guardar Pago' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Este cliente no tiene saldos pendientes')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Pendiente', exact: true })).toContainText('US$ 0.00');

    await page.getByRole('link', { name: 'Volver' }).click();
    await searchClient(page, name);
    await expect(page.getByText('No hay clientes con saldo pendiente')).toBeVisible();
  });

  test('finanzas consulta Cobranza y puede registrar pagos', async ({ page, request }) => {
    const { name } = await unpaidClient(request, 320);
    await signIn(page, DEMO.finance);
    await expect(financeNav(page)).toBeVisible();
    await openFinance(page, 'Cobranza', 'Cobranza');
    await searchClient(page, name);
    await page.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Ventas con saldo pendiente' })).toContainText(
      'US$ 320.00',
    );
    // Finance registers what a client pays (decision 0043).
    await expect(page.getByRole('button', { name: /Registrar pago de la venta/ })).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
  });

  test('finanzas consulta Vencimientos y Reportes', async ({ page }) => {
    await signIn(page, DEMO.finance);
    await openFinance(page, 'Vencimientos', 'Vencimientos a proveedores');
    await expect(page.getByRole('region', { name: 'Saldo pendiente' }).first()).toContainText('US$ ');
    // Paying suppliers is an admin's task: finance sees the dues without "Nuevo Pago".
    await expect(page.getByRole('link', { name: /Nuevo Pago/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await openFinance(page, 'Reportes', 'Reportes');
    await page.getByLabel('Agrupar por').selectOption('seller');
    const report = page.getByRole('region', { name: 'Tabla del reporte' });
    await expect(report.getByRole('columnheader', { name: 'Vendedor' })).toBeVisible();
    await expect(report.getByRole('row', { name: /vendedor/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('un admin paga a un proveedor desde Vencimientos con el proveedor elegido', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await openFinance(page, 'Vencimientos', 'Vencimientos a proveedores');
    await expectNoSeriousA11yViolations(page);
    const first = page.getByRole('link', { name: /^Nuevo Pago a / }).first();
    const supplier = ((await first.getAttribute('aria-label')) ?? '').replace('Nuevo Pago a ', '');
    await first.click();
    await expect(page).toHaveURL(/\/supplier-payments\/new\?supplierId=\d+$/);
    await expect(page.getByRole('combobox', { name: 'Proveedor', exact: true })).toHaveValue(
      new RegExp(`^${supplier} `),
    );
  });

  test('las alertas separan los pagos a proveedores vencidos de los por vencer, y cada tipo filtra la lista', async ({
    page,
    request,
  }) => {
    const supplier = await owedSupplier(request);
    await signIn(page, DEMO.sales);
    const panel = page.getByRole('region', { name: 'Alertas', exact: true });
    const chips = panel.getByRole('list', { name: 'Alertas por tipo' });
    const overdue = chips.getByRole('button', { name: /^Pago a proveedor vencido: \d+$/ });
    const due = chips.getByRole('button', { name: /^Pago a proveedor por vencer: \d+$/ });
    await expect(overdue).toHaveAttribute('aria-pressed', 'false');

    await overdue.click();
    await expect(overdue).toHaveAttribute('aria-pressed', 'true');
    const overdueList = panel.getByRole('list', { name: 'Pago a proveedor vencido' });
    await expect(overdueList.getByRole('listitem').first()).toContainText(
      `Pago a ${supplier} de US$ 120.00 venció el`,
    );
    // Only that kind, and nothing in it is still to fall due.
    await expect(overdueList.getByRole('listitem').filter({ hasNotText: ' venció el ' })).toHaveCount(0);
    await expect(panel.getByRole('list', { name: 'Alertas más urgentes' })).toHaveCount(0);

    await due.click();
    await expect(overdue).toHaveAttribute('aria-pressed', 'false');
    await expect(due).toHaveAttribute('aria-pressed', 'true');
    const dueList = panel.getByRole('list', { name: 'Pago a proveedor por vencer' });
    await expect(dueList).toContainText(`Pago a ${supplier} de US$ 130.00 vence el`);
    await expect(dueList.getByRole('listitem').filter({ hasNotText: ' vence el ' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // Pressed again: a few of every kind.
    await due.click();
    await expect(due).toHaveAttribute('aria-pressed', 'false');
    await expect(panel.getByRole('list', { name: 'Alertas más urgentes' })).toContainText('venció el');
  });

  test('un vendedor ve sus alertas y su reporte desde el inicio, pero no Cobranza', async ({
    page,
    request,
  }) => {
    const { saleId } = await unpaidClient(request, 410.25);
    await signIn(page, DEMO.sales);
    await expect(financeNav(page).getByRole('link', { name: 'Cobranza' })).toHaveCount(0);
    await page.goto('/receivables');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('No tienes permisos para acceder a esta página')).toBeVisible();

    const panel = page.getByRole('region', { name: 'Alertas', exact: true });
    await expect(panel.getByRole('list', { name: 'Alertas por tipo' })).toContainText(
      'Cliente con saldo pendiente',
    );
    const alert = panel.getByRole('list', { name: 'Alertas más urgentes' }).getByRole('link').first();
    const saleNumber = /Venta #(\d+)/.exec((await alert.textContent()) ?? '')?.[1];
    await alert.click();
    await expect(page).toHaveURL(new RegExp(`/sales/${saleNumber}$`));
    await expect(page.getByRole('region', { name: 'Alertas de la venta' })).toBeVisible();

    await page.goto(`/sales/${saleId}`);
    const own = page.getByRole('region', { name: 'Alertas de la venta' });
    await expect(own).toContainText('El cliente debe US$ 410.25');
    await expect(own).toContainText('1 ítem sin código de reserva');
    await expectNoSeriousA11yViolations(page);

    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Ver Reportes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reportes' })).toBeVisible();
    await expect(page.getByText('Reporte de tus propias ventas.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Tabla del reporte' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
