import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { formatMoney } from '../../../src/domain/format';
import { balanceBadge } from '../../../src/domain/supplier-payments';
import { apiLogin, DEMO, expectNoSeriousA11yViolations, signIn } from '../support/helpers';

interface Summary {
  supplierId: number;
  supplierName: string;
  /** Net of payments, as the original client's card reads it; grossAmount is the cost before them. */
  totalAmount: number;
  grossAmount: number;
  paidAmount: number;
  pendingAmount: number;
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

const summaryOf = (request: APIRequestContext, token: string, id: number) =>
  apiGet<Summary>(request, token, `/api/supplier-payments/supplier/${id}/sales`);

/** Exact cents: the balances are compared as the server computes them, not as floats add up. */
const cents = (amount: number) => Math.round(amount * 100);

/** The badge sits beside the supplier's name on the detail page. */
const titleBadge = (page: Page, name: string, label: string) =>
  page.getByRole('heading', { level: 1, name }).locator('..').getByText(label, { exact: true });

async function expectDetailFigures(page: Page, summary: Summary) {
  const region = (name: string) => page.getByRole('region', { name, exact: true });
  await expect(region('Total Ventas')).toContainText(formatMoney(summary.grossAmount));
  await expect(region('Total Pagado')).toContainText(formatMoney(summary.paidAmount));
  await expect(region('Saldo Pendiente')).toContainText(formatMoney(summary.pendingAmount));
  await expect(region('Saldo Pendiente')).toContainText(
    summary.pendingAmount > 0 ? 'Pendiente de pago' : 'Completamente pagado',
  );
  await expect(region('Moneda')).toContainText('USD');
  await expect(
    titleBadge(page, summary.supplierName, balanceBadge(summary.pendingAmount).label),
  ).toBeVisible();
}

test.describe('pagos a proveedores', () => {
  test('un admin paga a un proveedor en CLP, ve bajar el saldo y lo recupera al eliminar el pago', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const token = await apiLogin(request, DEMO.admin);
    // The most owed supplier (the list's first card): the demo seed owes it well over 1000 USD.
    const { suppliers } = await apiGet<{ suppliers: Summary[] }>(
      request,
      token,
      '/api/supplier-payments/suppliers/sales',
    );
    const chosen = suppliers.find((s) => s.pendingAmount > 1000);
    if (!chosen) throw new Error('the demo seed has no supplier owed more than 1000 USD');
    const { data: rates } = await apiGet<{
      data: Array<{ currency: string; rate: number; isActive: boolean }>;
    }>(request, token, '/api/company/currency-rates');
    const clp = rates.find((r) => r.currency === 'CLP' && r.isActive);
    if (!clp) throw new Error('the demo seed has no active CLP rate');
    // Enough pesos, in whole thousands, to bring the balance down to about 500 USD: Urgente -> Pendiente.
    const amountClp = Math.floor((chosen.pendingAmount - 500) / clp.rate / 1000) * 1000;
    const amountUsdCents = Math.round(amountClp * clp.rate * 100);
    const description = `Pago E2E ${unique()}`;

    await signIn(page, DEMO.admin, '/supplier-payments');
    await expect(page.getByRole('heading', { level: 1, name: 'Pagos a Proveedores' })).toBeVisible();
    const stats = await apiGet<{ stats: { totalPending: number; suppliersWithPending: number } }>(
      request,
      token,
      '/api/supplier-payments/stats',
    );
    const totalPending = page.getByRole('region', { name: 'Total Pendiente' });
    await expect(totalPending).toContainText(formatMoney(stats.stats.totalPending));
    await expect(totalPending).toContainText(
      `${stats.stats.suppliersWithPending} proveedores con saldo pendiente`,
    );
    await expect(page.getByRole('region', { name: 'Proveedores Activos' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Ventas Totales' })).toBeVisible();
    const cardOf = (name: string) =>
      page
        .getByRole('list', { name: 'Proveedores' })
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name, exact: true }) });
    const card = cardOf(chosen.supplierName);
    await expect(card).toContainText(formatMoney(chosen.pendingAmount));
    await expect(card.getByText('Urgente', { exact: true })).toBeVisible();
    await expect(card).toContainText('Moneda USD');
    await expectNoSeriousA11yViolations(page);

    // The search runs on the server: the chosen supplier's name finds its card.
    await page.getByRole('searchbox', { name: 'Buscar proveedores' }).fill(chosen.supplierName);
    // One card left (each card's title is a level-2 heading; its recent sales are list items too).
    await expect(
      page.getByRole('list', { name: 'Proveedores' }).getByRole('heading', { level: 2 }),
    ).toHaveCount(1);
    await card.getByRole('link', { name: chosen.supplierName, exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`/supplier-payments/supplier/${chosen.supplierId}$`));
    const before = await summaryOf(request, token, chosen.supplierId);
    await expectDetailFigures(page, before);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'Nuevo Pago' }).click();
    await expect(page).toHaveURL(new RegExp(`/supplier-payments/new\\?supplierId=${chosen.supplierId}$`));
    await expect(page.getByRole('heading', { name: 'Nuevo Pago a Proveedor' })).toBeVisible();
    await expect(page.getByLabel('Proveedor', { exact: true })).toHaveValue(
      `${chosen.supplierName} (#${chosen.supplierId})`,
    );
    await expect(page.getByLabel('Monto', { exact: true })).toHaveValue('0');
    await expect(page.getByLabel('Moneda')).toHaveValue('USD');
    await expect(page.getByLabel('Método de Pago')).toHaveValue('transfer');
    await expect(page.getByLabel('Fecha de Pago')).not.toHaveValue('');
    const relatedSales = page.getByRole('group', { name: 'Ventas relacionadas (opcional)' });
    await expect(relatedSales.getByRole('checkbox').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Monto', { exact: true }).fill(String(amountClp));
    await page.getByLabel('Moneda').selectOption('CLP');
    await page.getByLabel('Descripción').fill(description);
    await page.getByLabel('Referencia').fill('TRF-E2E');
    const firstSale = relatedSales.getByRole('checkbox').first();
    await firstSale.check();
    const saleLabel = (await relatedSales.locator('label').first().innerText()).split(/\s/)[0] ?? '';
    await page.getByRole('button', { name: 'Crear Pago' }).click();

    await expect(page).toHaveURL(new RegExp(`/supplier-payments/supplier/${chosen.supplierId}$`));
    await expect(page.getByText('Pago a proveedor registrado')).toBeVisible();
    const { payments } = await apiGet<{
      payments: Array<{ id: number; description: string; amountUsd: number }>;
    }>(request, token, `/api/supplier-payments/supplier/${chosen.supplierId}/history`);
    const payment = payments.find((p) => p.description === description);
    expect(cents(payment?.amountUsd ?? 0)).toBe(amountUsdCents);
    const after = await summaryOf(request, token, chosen.supplierId);
    // Nothing else ran in between (one worker), so the paid total moved by exactly the payment.
    expect(cents(after.paidAmount) - cents(before.paidAmount)).toBe(amountUsdCents);
    expect(cents(after.pendingAmount)).toBe(cents(after.grossAmount) - cents(after.paidAmount));
    expect(after.totalAmount).toBe(after.pendingAmount);
    expect(cents(before.pendingAmount) - cents(after.pendingAmount)).toBe(amountUsdCents);
    expect(balanceBadge(after.pendingAmount).label).toBe('Pendiente');
    await expectDetailFigures(page, after);

    const row = page.getByRole('row').filter({ hasText: description });
    await expect(row).toContainText(formatMoney(amountClp, 'CLP'));
    await expect(row).toContainText(formatMoney(amountUsdCents / 100));
    await expect(row).toContainText('1 CLP = 0.0011 USD');
    await expect(row).toContainText('Transferencia');
    await expect(row).toContainText('TRF-E2E');
    await expect(row.getByRole('link', { name: saleLabel, exact: true })).toBeVisible();

    // The list shows the new balance and badge too.
    await page.getByRole('link', { name: 'Volver a Pagos a Proveedores' }).click();
    await expect(cardOf(chosen.supplierName)).toContainText(formatMoney(after.pendingAmount));
    await expect(cardOf(chosen.supplierName).getByText('Pendiente', { exact: true })).toBeVisible();
    await cardOf(chosen.supplierName).getByRole('link', { name: chosen.supplierName, exact: true }).click();

    await row.getByRole('button', { name: /^Eliminar pago de/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Eliminar Pago' });
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Eliminar', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Pago eliminado')).toBeVisible();
    await expect(row).toHaveCount(0);
    const restored = await summaryOf(request, token, chosen.supplierId);
    expect(cents(restored.pendingAmount)).toBe(cents(before.pendingAmount));
    await expectDetailFigures(page, restored);
  });

  test('el formulario pide los campos requeridos y busca proveedores por nombre', async ({
    page,
    request,
  }) => {
    const token = await apiLogin(request, DEMO.admin);
    const suppliers = await apiGet<Array<{ id: number; name: string }>>(
      request,
      token,
      '/api/suppliers?page=1&limit=100',
    );
    const supplier = suppliers.at(-1);
    if (!supplier) throw new Error('the demo seed has no suppliers');

    await signIn(page, DEMO.admin, '/supplier-payments');
    await page.getByRole('link', { name: 'Nuevo Pago' }).click();
    await expect(page).toHaveURL(/\/supplier-payments\/new$/);
    await expect(page.getByLabel('Proveedor', { exact: true })).toHaveValue('');
    await expect(page.getByText('Selecciona un proveedor para ver sus ventas')).toBeVisible();

    await page.getByRole('button', { name: 'Crear Pago' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Por favor completa todos los campos requeridos' }),
    ).toBeVisible();
    await expect(page.getByLabel('Proveedor', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/supplier-payments\/new$/);
    await expectNoSeriousA11yViolations(page);

    // Part of the name, typed into the picker, finds the supplier; its option shows name and id.
    await page.getByLabel('Proveedor', { exact: true }).fill(supplier.name.slice(0, 5));
    await page.getByRole('option', { name: `${supplier.name} (#${supplier.id})` }).click();
    await expect(page.getByLabel('Proveedor', { exact: true })).toHaveValue(
      `${supplier.name} (#${supplier.id})`,
    );
    await expect(page.getByText('Selecciona un proveedor para ver sus ventas')).toBeHidden();

    // A supplier and a description are not enough while the amount is still 0.
    await page.getByLabel('Descripción').fill('Falta el monto');
    await page.getByRole('button', { name: 'Crear Pago' }).click();
    await expect(page.getByLabel('Monto', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Por favor completa todos los campos requeridos')).toBeVisible();

    await page.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page).toHaveURL(/\/supplier-payments$/);
  });

  test('un vendedor no puede entrar a los pagos a proveedores', async ({ page }) => {
    await signIn(page, DEMO.sales, '/supplier-payments');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('No tienes permisos para acceder a esta página')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pagos a Proveedores' })).toHaveCount(0);
  });
});
