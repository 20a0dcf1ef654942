import { expect, type Page, test } from '@playwright/test';
import { DEMO, signIn } from '../support/helpers';

/**
 * When the server stops answering or hangs, the page says so in Spanish and keeps what was typed.
 * `page.route` fails or holds this scenario's requests (every API call, the client search of the sale
 * form, or a page's code), as the network would; the real server keeps serving everything else.
 */
const CLIENT_SEARCH = '**/api/clients?**';
/** Every call to the server, for a server that is down. */
const API = '**/api/**';
const LOST = 'Se perdió la conexión con el servidor';

async function startSale(page: Page) {
  await signIn(page, DEMO.admin, '/sales/new');
  await expect(page.getByRole('heading', { name: 'Nuevo Registro de Venta' })).toBeVisible();
  await page.getByLabel('Nombre del pasajero').fill('Pasajera Sin Red');
  await page.getByLabel('Fecha de viaje').fill('2031-05-20');
  // The form's own reads (catalogs, sellers) finish first: any answer means the server is reachable and
  // clears the notice, so one arriving late on a loaded machine would hide it under the test's feet.
  await page.waitForLoadState('networkidle');
}

async function expectFormKept(page: Page) {
  await expect(page).toHaveURL(/\/sales\/new$/);
  await expect(page.getByLabel('Nombre del pasajero')).toHaveValue('Pasajera Sin Red');
  await expect(page.getByLabel('Fecha de viaje')).toHaveValue('2031-05-20');
  await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
}

test.describe('conexión perdida', () => {
  test('un servidor detenido: aviso en español, el formulario sigue con lo escrito, Reintentar vuelve', async ({
    page,
  }) => {
    await startSale(page);
    // The whole API is down until the server "comes back", which is the moment Reintentar's own health
    // check arrives: any answer before it (a retry, a poll) would hide the notice before the click.
    let down = true;
    let backOnRetry = false;
    await page.route(API, (route) => {
      if (backOnRetry && new URL(route.request().url()).pathname === '/api/health') down = false;
      return down ? route.abort('connectionrefused') : route.fallback();
    });
    await page.getByLabel('Cliente', { exact: true }).fill('a');

    const notice = page.getByRole('alert').filter({ hasText: LOST });
    await expect(notice).toBeVisible();
    await expectFormKept(page);

    // Still down: Reintentar leaves the notice.
    await notice.getByRole('button', { name: 'Reintentar' }).click();
    await expect(notice.getByRole('button', { name: 'Reintentar' })).toBeEnabled();
    await expect(notice).toBeVisible();

    backOnRetry = true;
    await notice.getByRole('button', { name: 'Reintentar' }).click();
    await expect(notice).toBeHidden();
    // The search that failed loads again (its list shows once the field has the focus back).
    await page.getByLabel('Cliente', { exact: true }).click();
    await expect(page.getByRole('option').first()).toBeVisible();
    await expectFormKept(page);
  });

  test('un servidor colgado: primero «tarda en responder», luego conexión perdida, y Reintentar vuelve', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await startSale(page);
    // Held, never answered: the client gives up at its timeout.
    await page.route(CLIENT_SEARCH, () => {});
    await page.getByLabel('Cliente', { exact: true }).fill('a');

    await expect(
      page.getByRole('status').filter({ hasText: 'El servidor tarda en responder...' }),
    ).toBeVisible({
      timeout: 12_000,
    });
    await expectFormKept(page);
    const notice = page.getByRole('alert').filter({ hasText: LOST });
    await expect(notice).toBeVisible({ timeout: 15_000 });
    await expectFormKept(page);

    await page.unroute(CLIENT_SEARCH);
    await notice.getByRole('button', { name: 'Reintentar' }).click();
    await expect(notice).toBeHidden();
    await page.getByLabel('Cliente', { exact: true }).click();
    await expect(page.getByRole('option').first()).toBeVisible();
    await expectFormKept(page);
  });

  test('una página cuyo código no se puede descargar lo dice en español y Reintentar la carga', async ({
    page,
  }) => {
    await signIn(page, DEMO.admin, '/dashboard');
    // The code of pages not opened yet cannot be downloaded.
    await page.route('**/assets/*.js', (route) => route.abort('connectionrefused'));
    await page.getByRole('link', { name: 'Ventas' }).first().click();

    const notice = page.getByRole('alert').filter({ hasText: LOST });
    await expect(notice).toBeVisible();
    await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);

    await page.unroute('**/assets/*.js');
    await notice.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByRole('heading', { name: 'Ventas', level: 1 })).toBeVisible();
    await expect(notice).toBeHidden();
  });
});
