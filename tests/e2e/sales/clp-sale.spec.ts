import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { pdfText } from '../../helpers/pdf-text';
import { apiLogin, DEMO, expectNoSeriousA11yViolations, signIn } from '../support/helpers';
import { createSaleViaApi, detail, firstId, pickFirst, searchAndPick } from './sales-fixtures';

// Pesos first-class (docs/decisions/0085-sale-currency.md): a sale in CLP made through the form,
// paid in pesos and in dollars, its balance on screen and on the receipts, on a laptop and on a phone.

const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const RUN = Date.now().toString(36);

/** How far the page is wider than the window: 0 when nothing scrolls sideways. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** "Saldo después de este pago" printed as exactly `amount` (no more digits, no decimals after it). */
const balanceLine = (amount: string) =>
  new RegExp(`Saldo después de este pago: ${amount.replace(/[.$]/g, '\\$&')}(?![\\d.,]\\d|\\d)`);

async function saveRates(request: APIRequestContext, token: string, rates: object[]) {
  const response = await request.put('/api/company/currency-rates', {
    headers: { Authorization: `Bearer ${token}` },
    data: { rates },
  });
  expect(response.status(), await response.text()).toBe(200);
}

interface Rate {
  currency: string;
  rate: number;
  isActive: boolean;
}

// The demo's CLP rate (1 CLP = 0.00105 USD) is what other specs on this server expect: each test sets
// 1 USD = 1.000 CLP exactly (so every peso figure has an exact dollar value) and puts the demo's back.
let clpBefore: Rate | undefined;

test.beforeEach(async ({ request }) => {
  const token = await apiLogin(request, DEMO.admin);
  const listed = await request.get('/api/company/currency-rates', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(listed.status(), await listed.text()).toBe(200);
  clpBefore = ((await listed.json()) as { data: Rate[] }).data.find((r) => r.currency === 'CLP');
  await saveRates(request, token, [{ currency: 'CLP', unitsPerUsd: '1000', isActive: true }]);
});

test.afterEach(async ({ request }) => {
  if (!clpBefore) return;
  const { rate, isActive } = clpBefore;
  await saveRates(request, await apiLogin(request, DEMO.admin), [
    { currency: 'CLP', rate: String(rate), isActive },
  ]);
});

for (const viewport of [LAPTOP, PHONE]) {
  // On the phone the currencies, the prices and the saves go by keyboard (docs/decisions/0015).
  const byKeyboard = viewport === PHONE;
  const press = async (page: Page, button: Locator) => {
    if (!byKeyboard) return button.click();
    await button.focus();
    await page.keyboard.press('Enter');
  };
  const type = async (page: Page, field: Locator, text: string) => {
    if (!byKeyboard) return field.fill(text);
    await field.focus();
    await page.keyboard.type(text);
  };
  /** A currency chosen from its select; by keyboard, typed over the select as its options begin. */
  const choose = async (page: Page, select: Locator, code: string) => {
    if (byKeyboard) {
      await select.focus();
      await page.keyboard.type(code);
    } else {
      await select.selectOption(code);
    }
    await expect(select).toHaveValue(code);
  };

  test(`una venta en pesos se crea en el formulario, se paga en CLP y en USD y sus comprobantes dan el saldo en CLP, a ${viewport.width} px`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const passenger = await firstId(request, await apiLogin(request, DEMO.sales), '/api/passengers');
    await signIn(page, DEMO.sales, '/sales/new');
    await expect(page.getByRole('heading', { name: 'Nuevo Registro de Venta' })).toBeVisible();

    const client = page.getByLabel('Cliente', { exact: true });
    await client.fill('a');
    await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
    await client.press('ArrowDown');
    await client.press('Enter');
    await expect(client).not.toHaveValue('a');
    await page.getByLabel('Fecha de viaje').fill('2031-07-15');
    const currency = page.getByLabel('Moneda de la venta');
    await expect(currency).toHaveValue('USD');
    await choose(page, currency, 'CLP');
    await expect(currency.locator('option:checked')).toHaveText('CLP - Peso chileno');
    // The rate is written in the agency's number format (decision 0089): 1,000.00 or 1.000,00.
    await expect(page.getByText(/^Precios y costos en CLP; la venta guarda la tasa de hoy:/)).toHaveText(
      /: 1 USD = 1[.,]000[.,]00 CLP$/,
    );

    const addItem = page.getByRole('button', { name: 'Agregar Item' });
    await press(page, addItem);
    const item = page.getByRole('dialog', { name: 'Agregar Item de Venta' });
    await expect(item).toBeVisible();
    await pickFirst(item, 'Clasificación');
    await pickFirst(item, 'Proveedor');
    await pickFirst(item, 'Operador');
    await searchAndPick(page, item, 'Buscar por nombre o ID', passenger.name);
    // Typed the Chilean way: the dots group thousands.
    await type(page, item.getByLabel('Precio de venta (CLP)', { exact: true }), '1.250.000');
    const cost = item.getByLabel('Precio de costo (CLP)', { exact: true });
    await type(page, cost, '1.000.000');
    if (byKeyboard) await page.keyboard.press('Enter');
    else await item.getByRole('button', { name: 'Guardar Item' }).click();
    await expect(item).toBeHidden();
    await expect(page.getByText('Total venta:').locator('..')).toContainText('CLP 1,250,000');
    await expect(page.getByText('Total costo:').locator('..')).toContainText('CLP 1,000,000');
    if (viewport === PHONE) {
      // The item's buttons go under its text on a phone, rather than squeezing it to a word a line.
      const row = page.getByRole('listitem').filter({ hasText: 'Item 1:' });
      const amounts = await row.getByText(/^Venta CLP/).boundingBox();
      const edit = await row.getByRole('button', { name: 'Editar item 1' }).boundingBox();
      if (!amounts || !edit) throw new Error('the item row of the form is not shown');
      expect(edit.y).toBeGreaterThanOrEqual(amounts.y + amounts.height);
    }
    expect(await sidewaysOverflow(page), 'el formulario se desplaza de lado').toBe(0);
    await page.screenshot({
      path: test.info().outputPath(`sale-form-${viewport.width}.png`),
      fullPage: true,
    });

    await press(page, page.getByRole('button', { name: 'Guardar Venta' }));
    await expect(page).toHaveURL(/\/sales\/\d+$/);
    const saleId = page.url().split('/').pop();
    await expect(page.getByRole('heading', { name: `Venta #${saleId}` })).toBeVisible();
    await expect(page.getByRole('article', { name: /^Item 1/ })).toContainText('CLP 1,250,000');
    await expect(detail(page, 'Venta total')).toHaveText('CLP 1,250,000');
    await expect(detail(page, 'Costo total')).toHaveText('CLP 1,000,000');
    await expect(detail(page, 'Ganancia')).toHaveText('CLP 250,000');
    await expect(page.getByText(/^En dólares, a la tasa de la venta/)).toHaveText(
      /^En dólares, a la tasa de la venta \(1 USD = 1[.,]000[.,]00 CLP\): venta US\$ 1,250\.00 · costo US\$ 1,000\.00$/,
    );
    const balance = page.getByTestId('sale-balance');
    await expect(balance).toHaveText('CLP 1,250,000');

    // A payment in the sale's own currency: nothing to convert, so no "≈" line.
    const history = page.getByRole('list', { name: 'Pagos de la venta' });
    const register = page.getByRole('button', { name: 'Registrar Pago' });
    await press(page, register);
    let payment = page.getByRole('dialog', { name: 'Registrar Pago' });
    await expect(payment.getByLabel('Moneda')).toHaveValue('CLP');
    await expect(payment.getByLabel('Tasa de cambio (US$ por 1 CLP)')).toHaveValue('0.0010');
    await type(page, payment.getByLabel('Monto'), '1.000.000');
    await expect(payment.getByTestId('payment-usd')).toHaveText('');
    await type(page, payment.getByLabel('Referencia'), `CLP-${RUN}-${viewport.width}`);
    await press(page, payment.getByRole('button', { name: 'Guardar Pago' }));
    await expect(payment).toBeHidden();
    const inPesos = history.getByRole('listitem').filter({ hasText: `CLP-${RUN}-${viewport.width}` });
    await expect(inPesos).toContainText('CLP 1,000,000');
    await expect(balance).toHaveText('CLP 250,000');

    // The rest in dollars: the dialog shows what it pays off in pesos while it is typed.
    await press(page, register);
    payment = page.getByRole('dialog', { name: 'Registrar Pago' });
    await choose(page, payment.getByLabel('Moneda'), 'USD');
    await type(page, payment.getByLabel('Monto'), '250');
    await expect(payment.getByTestId('payment-usd')).toHaveText('≈ CLP 250,000 (lo que se abona a la venta)');
    await type(page, payment.getByLabel('Referencia'), `USD-${RUN}-${viewport.width}`);
    await expectNoSeriousA11yViolations(page);
    await press(page, payment.getByRole('button', { name: 'Guardar Pago' }));
    await expect(payment).toBeHidden();
    const inDollars = history.getByRole('listitem').filter({ hasText: `USD-${RUN}-${viewport.width}` });
    await expect(inDollars).toContainText('US$ 250.00 (CLP 250,000)');
    await expect(balance).toHaveText('CLP 0');
    await expect(balance.locator('xpath=preceding-sibling::dt')).toHaveText('Pendiente');
    await expect(page.getByText('Total Pagado').locator('..')).toContainText('CLP 1,250,000');
    expect(await sidewaysOverflow(page), 'el detalle se desplaza de lado').toBe(0);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({
      path: test.info().outputPath(`sale-detail-${viewport.width}.png`),
      fullPage: true,
    });

    // Each receipt prints the balance the sale had once that payment was received, in pesos.
    const receiptOf = async (row: Locator) => {
      const downloading = page.waitForEvent('download');
      await row.getByRole('button', { name: /^Comprobante del pago de/ }).click();
      const bytes = await readFile(await (await downloading).path());
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
      return (await pdfText(bytes)).replace(/\s+/g, ' ');
    };
    const first = await receiptOf(inPesos);
    expect(first).toContain('Monto: CLP 1,000,000');
    expect(first).toContain('Total de la venta: CLP 1,250,000');
    expect(first).toMatch(balanceLine('CLP 250,000'));
    const second = await receiptOf(inDollars);
    expect(second).toContain('Monto: US$ 250.00');
    expect(second).toMatch(balanceLine('CLP 0'));
  });
}

// Only an admin corrects a sale's frozen rate (decision 0085), typed the way Chile says it.
test('un administrador corrige la tasa de una venta en pesos desde su edición; un vendedor no la ve', async ({
  page,
  request,
}) => {
  const seller = await apiLogin(request, DEMO.sales);
  const saleId = await createSaleViaApi(request, seller, `Tasa ${RUN}`, 500_000, 'CLP');

  await signIn(page, DEMO.sales, `/sales/${saleId}/edit`);
  await expect(page.getByLabel('Moneda de la venta')).toHaveValue('CLP');
  await expect(page.getByLabel(/^Tasa de la venta/)).toHaveCount(0);

  await signIn(page, DEMO.admin, `/sales/${saleId}/edit`);
  const rate = page.getByLabel('Tasa de la venta: 1 USD = ... CLP');
  await expect(rate).toHaveValue('1000.0000');
  await rate.fill('abc');
  await page.getByRole('button', { name: 'Guardar Venta' }).click();
  await expect(page.getByText(/^Escribe la tasa solo con números/)).toBeVisible();
  await expect(page).toHaveURL(/\/edit$/);
  await rate.fill('800');
  await page.getByRole('button', { name: 'Guardar Venta' }).click();
  await expect(page).toHaveURL(new RegExp(`/sales/${saleId}$`));
  // Pesos stay as they were; the dollars follow the corrected rate: 500,000 / 800 = 625.
  await expect(detail(page, 'Venta total')).toHaveText('CLP 500,000');
  await expect(page.getByText(/^En dólares, a la tasa de la venta/)).toHaveText(
    /^En dólares, a la tasa de la venta \(1 USD = 800[.,]00 CLP\): venta US\$ 625\.00 · costo US\$ 0\.50$/,
  );
});
