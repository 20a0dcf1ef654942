import { expect, type Page } from '@playwright/test';

/** Configuraciones > Facturación Electrónica's tax data, filled and saved as an admin does it. */
export async function fillTaxData(page: Page) {
  await page.getByLabel('RUT de la empresa').fill('761234560');
  await page.getByLabel('Razón social').fill('Viajes Demo SpA');
  await page.getByLabel('Giro').fill('Agencia de viajes');
  await page.getByLabel('Actividad económica (Acteco)').fill('791100');
  await page.getByLabel('Dirección').fill('Av. Providencia 1234');
  await page.getByLabel('Comuna').fill('Providencia');
  await page.getByLabel('Fecha de resolución').fill('2026-01-10');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Datos tributarios guardados')).toBeVisible();
}
