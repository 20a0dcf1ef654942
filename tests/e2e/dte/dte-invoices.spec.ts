import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { pdfText } from '../../helpers/pdf-text';
import { apiLogin, DEMO, expectNoSeriousA11yViolations, signIn } from '../support/helpers';
import { configureCompany, invoiceableSale } from './dte-invoicing';

// docs/decisions/0065-dte-invoices.md: once the company's tax data, certificate and CAFs are in, "Generar
// Factura" issues a DTE. This spec runs after every other group (playwright.config.ts): from here on the
// server issues DTEs.
test.describe.configure({ timeout: 120_000 });

async function downloaded(page: Page, button: string) {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const file = await download;
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

test('factura electrónica: configurar, emitir desde la venta, descargar XML y PDF, corregir montos y anular con notas de crédito', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, DEMO.admin);
  await signIn(page, DEMO.admin, '/classifications/new');
  // A classification whose items are always exempt (insurance), chosen on its screen.
  const unique = Date.now() % 1_000_000;
  await page.getByLabel('Nombre').fill(`Seguro ${unique}`);
  await expect(page.getByLabel('Tratamiento tributario')).toHaveValue('byRegion');
  await page.getByLabel('Tratamiento tributario').selectOption({ label: 'Exento' });
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Clasificación creada')).toBeVisible();
  const found = await request.get(`/api/classifications/search?q=${encodeURIComponent(`Seguro ${unique}`)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const [exempt] = (await found.json()).classifications as { id: number; taxTreatment: string }[];
  expect(exempt?.taxTreatment).toBe('exempt');
  // One taxable service (national) and one exempt insurance.
  const saleId = await invoiceableSale(request, token, [
    ['taxable', '1000.50', 'Hotel Puerto Varas 3 noches'],
    [exempt?.id ?? 0, '250.25', 'Seguro de viaje'],
  ]);
  await configureCompany(page, [33, 61]);

  // The preview, then the client's missing giro and comuna: the dialog asks for exactly those.
  await page.goto(`/sales/${saleId}`);
  await page.getByRole('button', { name: 'Generar Factura' }).click();
  const receiver = page.getByRole('dialog', { name: 'Generar documento electrónico' });
  await expect(receiver.getByRole('region', { name: 'Totales' })).toContainText('Factura Electrónica (33)');
  await expect(receiver.getByLabel('Dirección del cliente')).toHaveCount(0);
  await receiver.getByRole('button', { name: 'Emitir' }).click();
  await expect(receiver.getByText('Indica el giro')).toBeVisible();

  await receiver.getByLabel('Giro del cliente').fill('Servicios de ingeniería');
  await receiver.getByLabel('Comuna del cliente').fill('Las Condes');
  await receiver.getByRole('button', { name: 'Emitir' }).click();

  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  const heading = page.getByRole('heading', { name: /^Factura Electrónica N° \d+$/ });
  await expect(heading).toBeVisible();
  const folio = ((await heading.textContent()) ?? '').replace(/\D/g, '');
  // 952.38 pesos per dollar: 952 856 taxable, 238 333 exempt; net 800 719, IVA 152 137.
  await expect(page.getByText('Monto neto')).toBeVisible();
  await expect(page.getByText('CLP 800,719')).toBeVisible();
  await expect(page.getByText('CLP 152,137')).toBeVisible();
  await expect(page.getByText('CLP 1,191,189')).toBeVisible();
  await expect(page.getByText('Exento de IVA')).toBeVisible();
  await expect(page.getByText('Tipo de cambio: CLP 952.38 por cada 1 USD')).toBeVisible();
  await expect(page.getByText('Giro: Servicios de ingeniería')).toBeVisible();

  await expectNoSeriousA11yViolations(page);

  const xml = await downloaded(page, 'Descargar XML');
  expect(xml.name).toBe(`DTE-33-${folio}.xml`);
  const text = xml.bytes.toString('latin1');
  expect(text).toContain('<TipoDTE>33</TipoDTE>');
  expect(text).toContain(`<Folio>${folio}</Folio>`);
  expect(text).toContain('<MntTotal>1191189</MntTotal>');
  const pdf = await downloaded(page, 'Descargar PDF');
  expect(pdf.name).toBe(`DTE-33-${folio}.pdf`);
  const printed = await pdfText(pdf.bytes);
  expect(printed).toContain(`N° ${folio}`);
  expect(printed).toContain('Timbre Electrónico SII');
  expect(printed).toContain('Total: CLP 1,191,189');

  // A Nota de Crédito corrects one item's amount first (CodRef 3): the invoice stays active. Crediting
  // all that is left is the server's to refuse, in the dialog, keeping what was typed.
  await page.getByRole('button', { name: 'Emitir nota de crédito' }).click();
  const dialog = page.getByRole('dialog', { name: 'Emitir nota de crédito' });
  await expect(dialog).toContainText(`anula la Factura Electrónica N° ${folio} por CLP 1,191,189`);
  await dialog.getByRole('button', { name: 'Emitir nota de crédito' }).click();
  await expect(dialog.getByText('El motivo es requerido')).toBeVisible();
  await dialog.getByText('Corregir montos').click();
  const hotel = dialog.getByRole('group', { name: 'Hotel Puerto Varas 3 noches' });
  const insurance = dialog.getByRole('group', { name: 'Seguro de viaje' });
  await expect(hotel).toContainText('Queda por acreditar CLP 952,856');
  await hotel.getByLabel('Pesos a acreditar').fill('952.856');
  await insurance.getByLabel('Pesos a acreditar').fill('238333');
  await expect(
    dialog.getByText('Total a acreditar: CLP 1,191,189 de CLP 1,191,189 que quedan'),
  ).toBeVisible();
  await dialog.getByLabel('Motivo (se imprime en la nota de crédito)').fill('Descuento acordado');
  await dialog.getByRole('button', { name: 'Emitir nota de crédito' }).click();
  await expect(dialog.getByRole('alert')).toContainText('para eso anúlala');
  await expect(insurance.getByLabel('Pesos a acreditar')).toHaveValue('238.333');
  await insurance.getByLabel('Pesos a acreditar').fill('');
  await hotel.getByLabel('Pesos a acreditar').fill('119.000');
  await expect(dialog.getByText('Total a acreditar: CLP 119,000 de CLP 1,191,189 que quedan')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Emitir nota de crédito' }).click();
  await expect(dialog).toBeHidden();
  const notes = page.getByRole('region', { name: 'Notas de crédito' });
  await expect(notes).toContainText('Corrige montos · CLP 119,000');
  await expect(notes).toContainText('Motivo: Descuento acordado');
  const correctionFolio = (
    (await notes.getByText(/^Nota de Crédito Electrónica N° \d+$/).textContent()) ?? ''
  ).replace(/\D/g, '');
  const correction = await downloaded(page, `XML de la nota N° ${correctionFolio}`);
  const correctionXml = correction.bytes.toString('latin1');
  expect(correctionXml).toContain(`<TpoDocRef>33</TpoDocRef><FolioRef>${folio}</FolioRef>`);
  expect(correctionXml).toContain('<CodRef>3</CodRef>');
  expect(correctionXml).toContain('<MntTotal>119000</MntTotal>');
  await expect(page.getByRole('region', { name: 'Factura anulada' })).toHaveCount(0);

  // Then annulled: the note credits what is left.
  await page.getByRole('button', { name: 'Emitir nota de crédito' }).click();
  await expect(dialog).toContainText(
    `anula la Factura Electrónica N° ${folio} por CLP 1,072,189 (lo que queda después de las correcciones)`,
  );
  await dialog.getByLabel('Motivo (se imprime en la nota de crédito)').fill('Cliente desiste del viaje');
  await dialog.getByRole('button', { name: 'Emitir nota de crédito' }).click();
  await expect(dialog).toBeHidden();
  const notice = page.getByRole('region', { name: 'Factura anulada' });
  await expect(notice).toContainText('Motivo: Cliente desiste del viaje');
  await expect(notice).toContainText(/Con la Nota de Crédito Electrónica N° \d+/);
  const annulFolio = ((await notice.getByText(/Con la Nota de Crédito/).textContent()) ?? '').replace(
    /^\D+(\d+).*$/,
    '$1',
  );
  await expect(notes).toContainText('Anula la factura · CLP 1,072,189');
  const note = await downloaded(page, `XML de la nota N° ${annulFolio}`);
  expect(note.bytes.toString('latin1')).toContain(`<TpoDocRef>33</TpoDocRef><FolioRef>${folio}</FolioRef>`);
  expect(note.bytes.toString('latin1')).toContain('<MntTotal>1072189</MntTotal>');
  await expect(page.getByRole('button', { name: 'Emitir nota de crédito' })).toHaveCount(0);

  // Decision 0070: no SII worker runs here (SII_SEND=false), so each document waits "Por enviar", and
  // an admin may push one out now; the panel lists every note.
  const sii = page.getByRole('region', { name: 'Estado en el SII' });
  await expect(sii).toContainText(`Nota de crédito N° ${correctionFolio}SII: Por enviar`);
  await sii.getByRole('button', { name: 'Enviar ahora: Factura' }).click();
  await expect(page.getByText('El documento se enviará al SII en unos segundos')).toBeVisible();
  await expect(sii).toContainText('FacturaSII: Por enviar');

  // The list shows the invoice's folio and each of its notes.
  await page.goto('/invoices');
  const row = page.getByRole('link', { name: new RegExp(`Factura electrónica N° ${folio}\\b`) });
  await expect(row).toContainText(`NC 61 N° ${correctionFolio} (corrige montos)`);
  await expect(row).toContainText(`NC 61 N° ${annulFolio} (anula la factura)`);
});
