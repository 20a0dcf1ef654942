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
/** The connection notice over the page (the page's own message says LOST too). */
const NOTICE = 'Lo que escribiste sigue aquí';
/** A page whose code could not be downloaded. */
const PAGE_FAILED = 'No se pudo cargar esta página';

/**
 * The whole server down, its API and the pages' code. It comes back once the function returned is
 * called and then Reintentar's own health check arrives: an answer before the click (a retry, a poll)
 * would hide the notice under the test's feet. The code comes back at the click, before that check.
 */
async function downUntilRetried(page: Page) {
  let down = true;
  let backOnRetry = false;
  await page.route(API, (route) => {
    if (backOnRetry && new URL(route.request().url()).pathname === '/api/health') down = false;
    return down ? route.abort('connectionrefused') : route.fallback();
  });
  await page.route('**/assets/*.js', (route) =>
    backOnRetry ? route.fallback() : route.abort('connectionrefused'),
  );
  return () => {
    backOnRetry = true;
  };
}

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
    const back = await downUntilRetried(page);
    await page.getByLabel('Cliente', { exact: true }).fill('a');

    const notice = page.getByRole('alert').filter({ hasText: LOST });
    await expect(notice).toBeVisible();
    await expectFormKept(page);

    // Still down: Reintentar leaves the notice.
    await notice.getByRole('button', { name: 'Reintentar' }).click();
    await expect(notice.getByRole('button', { name: 'Reintentar' })).toBeEnabled();
    await expect(notice).toBeVisible();

    back();
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
    // Every chunk the dashboard itself asks for has arrived (a slow machine may still be fetching one,
    // whose failure would replace the layout, links and all).
    await page.waitForLoadState('networkidle');
    // The code of pages not opened yet cannot be downloaded.
    await page.route('**/assets/*.js', (route) => route.abort('connectionrefused'));
    await page.getByRole('link', { name: 'Ventas' }).first().click();

    const failed = page.getByRole('alert').filter({ hasText: PAGE_FAILED });
    await expect(failed).toContainText(LOST);
    await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);

    await page.unroute('**/assets/*.js');
    await failed.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByRole('heading', { name: 'Ventas', level: 1 })).toBeVisible();
    await expect(failed).toBeHidden();
    // The page's code answered: the notice over the page goes too.
    await expect(page.getByRole('alert').filter({ hasText: LOST })).toBeHidden();
  });

  test('con el servidor caído, el Reintentar del aviso cambia el error de una lista por sus datos', async ({
    page,
  }) => {
    await signIn(page, DEMO.admin, '/dashboard');
    await page.getByRole('link', { name: 'Ventas' }).first().click();
    await expect(page.getByRole('heading', { name: 'Ventas', level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const back = await downUntilRetried(page);

    // Back on the dashboard its alerts are read again (every visit asks), and fail.
    await page.getByRole('link', { name: 'Inicio' }).first().click();
    const error = page.getByText('Error al cargar las alertas');
    await expect(error).toBeVisible({ timeout: 20_000 });
    const notice = page.getByRole('alert').filter({ hasText: NOTICE });
    await expect(notice).toBeVisible();

    back();
    await notice.getByRole('button', { name: 'Reintentar' }).click();
    await expect(error).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Alertas por tipo' })).toBeVisible();
    await expect(notice).toBeHidden();
  });

  test('con el servidor caído, el Reintentar del aviso también carga la página cuyo código falló', async ({
    page,
  }) => {
    await signIn(page, DEMO.admin, '/dashboard');
    await page.waitForLoadState('networkidle');
    const back = await downUntilRetried(page);
    await page.getByRole('link', { name: 'Ventas' }).first().click();

    const failed = page.getByRole('alert').filter({ hasText: PAGE_FAILED });
    await expect(failed).toBeVisible();
    const notice = page.getByRole('alert').filter({ hasText: NOTICE });
    await expect(notice).toBeVisible();

    back();
    await notice.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByRole('heading', { name: 'Ventas', level: 1 })).toBeVisible();
    await expect(failed).toHaveCount(0);
    await expect(notice).toBeHidden();
  });
});
