import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiLogin, DEMO, expectNoSeriousA11yViolations, signIn } from '../support/helpers';
import { api, draftSale, unique } from './document-fixtures';

/**
 * "Enviar" (docs/decisions/0064-sending-documents.md): each document is e-mailed from where it is downloaded.
 * The E2E server has no SMTP_URL, so every message waits as Pendiente in Comunicaciones and in Correos.
 */

/** The dialog's toast, then the dialog gone. */
async function queued(page: Page, dialog: Locator, toast: string | RegExp) {
  await expect(page.getByText(toast)).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** The rows of a messages table for one recipient, each with its kind and Pendiente. */
async function expectMessages(table: Locator, to: string, kinds: string[]) {
  const rows = table.getByRole('row').filter({ hasText: to });
  await expect(rows).toHaveCount(kinds.length);
  for (const kind of kinds) {
    const row = rows.filter({ hasText: kind });
    await expect(row.getByText('Pendiente', { exact: true }).first()).toBeVisible();
  }
}

test.describe('enviar documentos', () => {
  test('envía la cotización, el itinerario, un comprobante y el estado de cuenta, y se ven en Comunicaciones y Correos', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const token = await apiLogin(request, DEMO.admin);
    const clientName = `Cliente Envíos ${unique()}`;
    const email = `cliente.${unique()}@correo.cl`;
    const { saleId, clientId } = await draftSale(request, token, clientName, email);
    await signIn(page, DEMO.admin, `/sales/${saleId}`);
    const documents = page.getByRole('region', { name: 'Documentos para el cliente' });
    const communications = page.getByRole('table', { name: 'Comunicaciones' });

    // The quote: Para comes from the client, Mensaje from the company's template.
    await documents.getByRole('button', { name: 'Enviar cotización' }).click();
    const quote = page.getByRole('dialog', { name: 'Enviar cotización' });
    const to = quote.getByLabel('Para');
    await expect(to).toHaveValue(email);
    await expect(to).toBeFocused();
    await expect(quote.getByLabel('Mensaje')).toHaveValue(/Estimado\/a \{cliente\}:/);
    await expectNoSeriousA11yViolations(page);
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
      await page.screenshot({ path: test.info().outputPath(`enviar-cotizacion-${width}.png`) });
      const box = await quote.boundingBox();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= width).toBe(true);
    }
    await page.setViewportSize({ width: 1366, height: 768 });

    // Checked before sending, in Spanish.
    await to.fill('');
    await quote.getByRole('button', { name: 'Enviar' }).click();
    await expect(quote.getByText('Indica al menos un destinatario')).toBeVisible();
    await to.fill(`${email}, otro@`);
    await quote.getByRole('button', { name: 'Enviar' }).click();
    await expect(quote.getByText('El email del destinatario no es válido')).toBeVisible();

    // A refusal of the server is shown on its field; nothing typed is lost.
    await to.fill(`${email}, pedro@correo.cl`);
    await quote.getByLabel('CC').fill('jefa@viajes-demo.cl');
    await quote.getByLabel('Mensaje').fill('Hola {cliente}, va {documento}.');
    await quote.getByLabel('Válida hasta').fill('2020-01-01');
    await quote.getByRole('button', { name: 'Enviar' }).click();
    await expect(quote.getByText('La fecha Válida hasta no puede ser anterior a hoy').first()).toBeVisible();
    await expect(to).toHaveValue(`${email}, pedro@correo.cl`);
    await expect(quote.getByLabel('Mensaje')).toHaveValue('Hola {cliente}, va {documento}.');
    // Escape keeps the dialog and its text too.
    await page.keyboard.press('Escape');
    await expect(quote.getByLabel('CC')).toHaveValue('jefa@viajes-demo.cl');
    await quote.getByLabel('Válida hasta').fill('2031-05-31');
    await quote.getByRole('button', { name: 'Enviar' }).click();
    await queued(page, quote, `Cotización en la cola de envío a ${email}, pedro@correo.cl`);
    await expect(documents.getByText(`COT-${saleId}-1`)).toBeVisible();
    await expect(documents.getByText('Válida hasta 31 may 2031')).toBeVisible();
    await expectMessages(communications, email, ['Cotización']);

    // Accepted, the sale offers its itinerary: sent by keyboard only.
    await documents.getByRole('button', { name: 'Aceptar cotización' }).click();
    const accept = page.getByRole('dialog', { name: 'Aceptar cotización' });
    await accept.getByRole('button', { name: 'Aceptar cotización' }).click();
    await expect(accept).toBeHidden();
    await documents.getByRole('button', { name: 'Enviar itinerario' }).focus();
    await page.keyboard.press('Enter');
    const itinerary = page.getByRole('dialog', { name: 'Enviar itinerario' });
    await expect(itinerary.getByLabel('Para')).toBeFocused();
    await expect(itinerary.getByLabel('Válida hasta')).toHaveCount(0);
    await page.keyboard.press('Enter');
    await queued(page, itinerary, `Itinerario en la cola de envío a ${email}`);

    // A confirmed payment's receipt, sent from the payment.
    await api(request, token, 'POST', '/api/payments', { saleId, date: '2031-05-02', amount: '300.10' });
    await page.reload();
    await page
      .getByRole('button', { name: 'Enviar comprobante del pago de US$ 300.10 del 02 may 2031' })
      .click();
    const receipt = page.getByRole('dialog', { name: 'Enviar comprobante de pago' });
    await expect(receipt.getByLabel('Para')).toHaveValue(email);
    await receipt.getByRole('button', { name: 'Enviar' }).click();
    await queued(page, receipt, `Comprobante de pago en la cola de envío a ${email}`);
    await expectMessages(communications, email, ['Cotización', 'Itinerario', 'Comprobante de pago']);

    // The client's statement, from its dialog.
    await page.goto('/clients');
    await page.getByPlaceholder('Buscar clientes...').fill(clientName);
    await page.getByRole('button', { name: `Estado de cuenta de ${clientName}` }).click();
    const statement = page.getByRole('dialog', { name: 'Estado de cuenta' });
    await statement.getByRole('button', { name: 'Enviar estado de cuenta' }).click();
    const sendStatement = page.getByRole('dialog', { name: 'Enviar estado de cuenta' });
    await expect(sendStatement.getByLabel('Para')).toHaveValue(email);
    await sendStatement.getByRole('button', { name: 'Enviar' }).click();
    await queued(page, sendStatement, `Estado de cuenta en la cola de envío a ${email}`);
    await statement.getByRole('button', { name: 'Cerrar', exact: true }).first().click();

    await page.goto(`/clients/${clientId}/edit`);
    await expectMessages(page.getByRole('table', { name: 'Comunicaciones' }), email, [
      'Cotización',
      'Itinerario',
      'Comprobante de pago',
      'Estado de cuenta',
    ]);
    await page.goto('/emails');
    await expectMessages(page.getByRole('table', { name: 'Correos' }), email, [
      'Cotización',
      'Itinerario',
      'Comprobante de pago',
      'Estado de cuenta',
    ]);
  });
});
