import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { pdfText } from '../../helpers/pdf-text';
import { apiLogin, DEMO, expectNoSeriousA11yViolations, signIn } from '../support/helpers';
import { api, draftSale, unique } from './document-fixtures';

/** Clicks the control that downloads a file and returns the file's bytes and suggested name. */
async function download(page: Page, click: () => Promise<void>) {
  const waiting = page.waitForEvent('download');
  await click();
  const file = await waiting;
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

const pdfOf = async (file: { bytes: Buffer }) => {
  expect(file.bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  return (await pdfText(file.bytes)).replace(/[ \t]+/g, ' ');
};

test.describe('documentos para el cliente', () => {
  test('cotiza un borrador, guarda la versión, la acepta, y descarga itinerario, comprobante y estado de cuenta', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const token = await apiLogin(request, DEMO.admin);
    const clientName = `Cliente Documentos ${unique()}`;
    const { saleId } = await draftSale(request, token, clientName);
    await signIn(page, DEMO.admin, `/sales/${saleId}`);

    const documents = page.getByRole('region', { name: 'Documentos para el cliente' });
    const preview = await download(page, () =>
      documents.getByRole('button', { name: 'Cotización (PDF)' }).click(),
    );
    expect(await pdfOf(preview)).toContain('Total: US$ 812.35');

    await documents.getByLabel('Válida hasta').fill('2031-05-31');
    await documents.getByRole('button', { name: 'Guardar versión' }).click();
    await expect(documents.getByText(`COT-${saleId}-1`)).toBeVisible();
    await expect(documents.getByText('Válida hasta 31 may 2031')).toBeVisible();
    const kept = await download(page, () =>
      documents.getByRole('button', { name: `Descargar COT-${saleId}-1` }).click(),
    );
    expect(kept.name).toBe(`COT-${saleId}-1.pdf`);
    expect(await pdfOf(kept)).toContain(`Cotización COT-${saleId}-1`);
    await expectNoSeriousA11yViolations(page);

    // Accepted by keyboard: the draft becomes a confirmed sale and offers its itinerary.
    await documents.getByRole('button', { name: 'Aceptar cotización' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Aceptar cotización' });
    await dialog.getByRole('button', { name: 'Aceptar cotización' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Confirmada').first()).toBeVisible();
    const itinerary = await download(page, () =>
      documents.getByRole('button', { name: 'Itinerario (PDF)' }).click(),
    );
    const itineraryText = await pdfOf(itinerary);
    expect(itineraryText).toContain(`Itinerario de viaje - Venta #${saleId}`);
    expect(itineraryText).toContain('Tour Valle del Elqui');
    expect(itineraryText).toContain('por confirmar');

    // A confirmed payment has its receipt, with the sale's balance after it.
    await api(request, token, 'POST', '/api/payments', { saleId, date: '2031-05-02', amount: '300.10' });
    await page.reload();
    const receipt = await download(page, () =>
      page
        .getByRole('button', { name: 'Comprobante del pago de US$ 300.10 del 02 may 2031', exact: true })
        .click(),
    );
    const receiptText = await pdfOf(receipt);
    expect(receiptText).toContain('trescientos dólares con diez centavos');
    expect(receiptText).toContain('Total de la venta: US$ 812.35');
    expect(receiptText).toContain('Saldo después de este pago: US$ 512.25');

    // The client's statement, as PDF and as a workbook.
    await page.goto('/clients');
    await page.getByPlaceholder('Buscar clientes...').fill(clientName);
    await page.getByRole('button', { name: `Estado de cuenta de ${clientName}` }).click();
    const statement = page.getByRole('dialog', { name: 'Estado de cuenta' });
    await expectNoSeriousA11yViolations(page);
    const pdf = await download(page, () => statement.getByRole('button', { name: 'PDF' }).click());
    const statementText = await pdfOf(pdf);
    expect(statementText).toContain('US$ 812.35');
    expect(statementText).toContain('Saldo pendiente: US$ 512.25');
    const xlsx = await download(page, () => statement.getByRole('button', { name: 'Excel' }).click());
    expect(xlsx.name).toMatch(/\.xlsx$/);
    expect(xlsx.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  });
});
