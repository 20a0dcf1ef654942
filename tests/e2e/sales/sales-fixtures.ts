import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

// Set-up and lookups of tests/e2e/sales.spec.ts.

type Rows = Array<{ id: number; name: string }>;

/** The first record of a master-data list (the demo seed has some of each). */
export async function firstId(request: APIRequestContext, token: string, path: string) {
  const response = await request.get(`${path}?page=1&limit=1`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  // Clients and passengers page in the body, the catalogs reply a bare array (docs/decisions/0044).
  const body = (await response.json()) as Rows | { data: Rows };
  const [first] = Array.isArray(body) ? body : body.data;
  if (!first) throw new Error(`${path} has no demo records`);
  return first;
}

/** A confirmed sale of the demo seller, made through the API: these tests are about other screens. */
export async function createSaleViaApi(
  request: APIRequestContext,
  token: string,
  passengerName: string,
  salePrice = 500,
  /** The sale's currency; the API's default (USD) when left out. */
  currency?: string,
) {
  const [client, classification, supplier, operator, passenger] = await Promise.all(
    ['/api/clients', '/api/classifications', '/api/suppliers', '/api/operators', '/api/passengers'].map((p) =>
      firstId(request, token, p),
    ),
  );
  const response = await request.post('/api/sales', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      saleData: {
        passengerName,
        clientId: client?.id,
        travelDate: '2031-03-10',
        saleType: 'individual',
        serviceType: 'package',
        region: 'national',
        passengerCount: 1,
        // The server makes the seller the signed-in sales user whatever is sent.
        sellerId: 1,
        ...(currency && { currency }),
      },
      items: [
        {
          classificationId: String(classification?.id),
          supplierId: String(supplier?.id),
          operatorId: String(operator?.id),
          passengers: [passenger?.id],
          salePrice,
          costPrice: 400,
        },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { sale: { id: number } }).sale.id;
}

/** Picks the first real option of one of the item modal's selects (the first is the placeholder). */
export async function pickFirst(dialog: Locator, label: string) {
  await dialog.getByLabel(label, { exact: true }).selectOption({ index: 1 });
}

export async function searchAndPick(page: Page, scope: Locator, placeholder: string, text: string) {
  await scope.getByPlaceholder(placeholder).fill(text);
  await page
    .getByRole('option', { name: new RegExp(text) })
    .first()
    .click();
}

/** The value of a term in the detail page's description lists. */
export function detail(page: Page, term: string): Locator {
  return page.locator(`xpath=//dt[normalize-space()="${term}"]/following-sibling::dd[1]`);
}

export async function expectSummary(page: Page, expected: { cost: string; sale: string; profit: string }) {
  const summary = page.getByRole('heading', { name: 'Resumen financiero' }).locator('..');
  await expect(summary.getByRole('definition').nth(0)).toHaveText(expected.cost);
  await expect(summary.getByRole('definition').nth(1)).toHaveText(expected.sale);
  const profit = summary.getByRole('definition').nth(2).locator('span');
  await expect(profit).toHaveText(expected.profit);
  await expect(profit).toHaveClass(/text-green-700/);
}
