import { type APIRequestContext, expect, test } from '@playwright/test';
import { agencyToday } from '../../../src/domain/agency-day';
import { addMonths } from '../../../src/domain/passenger-document-warnings';
import { addDays } from '../../../src/domain/report-params';
import { apiLogin, DEMO, expectNoSeriousA11yViolations, signIn } from '../support/helpers';
import { firstId } from './sales-fixtures';

/*
 * The travel-document warnings (decision 0098): an international sale departing today with a passport
 * that expires too soon and a minor without a document shows them in the dashboard's alerts, behind
 * their chips, and passenger by passenger on the sale detail.
 */

const today = agencyToday();

async function post<T>(request: APIRequestContext, token: string, url: string, data: object): Promise<T> {
  const response = await request.post(url, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

async function tripWithWarnings(request: APIRequestContext, token: string, tag: string) {
  const passenger = (body: object) =>
    post<{ passenger: { id: number } }>(request, token, '/api/passengers', body).then((r) => r.passenger.id);
  const adult = await passenger({
    name: `Ana Viajera ${tag}`,
    passengerId: `E2E-A-${tag}`,
    dateOfBirth: '1980-05-04',
    documentType: 'passport',
    documentNumber: `F${tag}`,
    // Valid on the trip, but not six months after the return.
    documentExpiry: addMonths(addDays(today, 7), 3),
  });
  const minor = await passenger({
    name: `Tomás Menor ${tag}`,
    passengerId: `E2E-M-${tag}`,
    dateOfBirth: addMonths(today, -12 * 10),
  });
  const [client, classification, supplier, operator] = await Promise.all(
    ['/api/clients', '/api/classifications', '/api/suppliers', '/api/operators'].map((p) =>
      firstId(request, token, p),
    ),
  );
  const { sale } = await post<{ sale: { id: number } }>(request, token, '/api/sales', {
    saleData: {
      passengerName: `Familia ${tag}`,
      clientId: client?.id,
      travelDate: today,
      saleType: 'individual',
      serviceType: 'package',
      region: 'international',
      passengerCount: 2,
      sellerId: 1,
    },
    items: [
      {
        classificationId: String(classification?.id),
        supplierId: String(supplier?.id),
        operatorId: String(operator?.id),
        passengers: [adult, minor],
        dateIn: today,
        dateOut: addDays(today, 7),
        salePrice: 900,
        costPrice: 700,
        reservationCode: `R${tag}`,
      },
    ],
  });
  return { saleId: sale.id, adult: `Ana Viajera ${tag}`, minor: `Tomás Menor ${tag}` };
}

test('los avisos de documentos de viaje salen en las alertas y en la venta', async ({ page, request }) => {
  const token = await apiLogin(request, DEMO.admin);
  const tag = String(Date.now()).slice(-7);
  const trip = await tripWithWarnings(request, token, tag);

  await signIn(page, DEMO.admin);
  const alerts = page.getByRole('region', { name: 'Alertas' });
  const chips = alerts.getByRole('list', { name: 'Alertas por tipo' });
  for (const label of ['Falta documento', 'Documento por vencer', 'Menor viaja al extranjero']) {
    const chip = chips.getByRole('button', { name: new RegExp(`^${label}: \\d+$`) });
    await chip.click();
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
    const list = alerts.getByRole('list', { name: label });
    await expect(
      list.getByRole('link', { name: new RegExp(`Venta #${trip.saleId} `) }).first(),
    ).toBeVisible();
    await chip.click();
    await expect(chip).toHaveAttribute('aria-pressed', 'false');
  }
  await chips.getByRole('button', { name: /^Menor viaja al extranjero: / }).click();
  await alerts
    .getByRole('list', { name: 'Menor viaja al extranjero' })
    .getByRole('link', { name: new RegExp(`Venta #${trip.saleId} `) })
    .click();

  await expect(page).toHaveURL(new RegExp(`/sales/${trip.saleId}$`));
  const notice = page.getByRole('region', { name: 'Documentos de viaje' });
  await expect(notice.getByRole('listitem')).toHaveText([
    new RegExp(`^El pasaporte de ${trip.adult} vence el .+, antes de seis meses después del regreso\\.$`),
    `Falta el número de documento de ${trip.minor}.`,
    `${trip.minor} es menor de edad y viaja al extranjero: necesita el permiso notarial de viaje.`,
  ]);
  await expectNoSeriousA11yViolations(page);
});
