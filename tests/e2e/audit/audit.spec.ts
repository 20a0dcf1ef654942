import { expect, test } from '@playwright/test';
import { createSaleViaApi } from '../sales/sales-fixtures';
import { apiLogin, DEMO, expectNoSeriousA11yViolations, signIn } from '../support/helpers';

test.describe('auditoría', () => {
  test('editar el precio de un ítem se lee en el historial de la venta y en Auditoría', async ({
    page,
    request,
  }) => {
    // Two screens, an edit and two accessibility scans: more than the default 30 s on a loaded machine.
    test.setTimeout(60_000);
    const token = await apiLogin(request, DEMO.sales);
    const saleId = await createSaleViaApi(request, token, `Historial ${Date.now().toString(36)}`);

    await signIn(page, DEMO.admin, `/sales/${saleId}`);
    const history = page.getByRole('list', { name: 'Historial de cambios' });
    await expect(history).toContainText(`${DEMO.sales.username} creó la venta`);

    await page.getByRole('link', { name: 'Editar Venta' }).click();
    await page.getByRole('button', { name: 'Editar item 1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar Item de Venta' });
    await dialog.getByLabel('Precio de venta').fill('550');
    await dialog.getByRole('button', { name: 'Guardar Item' }).click();
    await page.getByRole('button', { name: 'Guardar Venta' }).click();
    await expect(page).toHaveURL(new RegExp(`/sales/${saleId}$`));

    const sentence = 'admin cambió el precio de venta del ítem 1 de US$ 500.00 a US$ 550.00';
    await expect(history.getByText(sentence)).toBeVisible();
    // Newest first: the edit comes before the creation.
    await expect(history.locator(':scope > li').first()).toContainText(sentence);
    await expectNoSeriousA11yViolations(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/company-settings?section=audit');
    await expect(page.getByRole('heading', { name: 'Auditoría' })).toBeVisible();
    await page.getByLabel('Entidad').selectOption('sale');
    await page.getByLabel('Acción').selectOption('update');
    const entries = page.getByRole('list', { name: 'Registros de auditoría' });
    await expect(entries.getByText(sentence).first()).toBeVisible();
    await expect(entries).not.toContainText('creó la venta');
    await expectNoSeriousA11yViolations(page);
  });

  test('Auditoría dice qué registro cambió, con su enlace y la hora local; el historial incluye los pagos', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const token = await apiLogin(request, DEMO.sales);
    const headers = { Authorization: `Bearer ${token}` };
    const saleId = await createSaleViaApi(request, token, `Registro ${Date.now().toString(36)}`);
    const sale = await (await request.get(`/api/sales/${saleId}`, { headers })).json();
    const clientName = sale.client.name;
    const paid = await request.post('/api/payments', {
      headers,
      data: { saleId, date: '2031-01-05', amount: '100.00', method: 'cash' },
    });
    expect(paid.status()).toBe(201);
    const paymentId = (await paid.json()).payment.id;

    // The sale's own history: the payment is there, named and linked; the sale's entries need no name.
    await signIn(page, DEMO.admin, `/sales/${saleId}`);
    const history = page.getByRole('list', { name: 'Historial de cambios' });
    await expect(history.getByRole('link', { name: `Pago #${paymentId}, ${clientName}` })).toBeVisible();
    await expect(history).toContainText(`${DEMO.sales.username} creó la venta`);
    await expect(history.getByRole('link', { name: `Venta #${saleId}, ${clientName}` })).toHaveCount(0);

    await page.goto('/company-settings?section=audit');
    await page.getByLabel('Entidad').selectOption('sale');
    await page.getByLabel('Acción').selectOption('create');
    const entries = page.getByRole('list', { name: 'Registros de auditoría' });
    const link = entries.getByRole('link', { name: `Venta #${saleId}, ${clientName}` });
    await expect(link).toBeVisible();
    // Santiago's local time, with its offset (GMT-3 in summer, GMT-4 in winter), never UTC.
    await expect(entries.locator('time').first()).toHaveText(/GMT-[34]$/);
    await expectNoSeriousA11yViolations(page);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/sales/${saleId}$`));
  });
});
