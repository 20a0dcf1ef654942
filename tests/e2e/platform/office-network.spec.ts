import { chromium, expect, test } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { DEMO, expectNoSeriousA11yViolations, loginViaUi } from '../support/helpers';

/**
 * The other PCs of the office reach the server by a host name or LAN address over plain HTTP, never as
 * localhost. A browser of its own resolves agencia.lan to this machine, as the office's DNS would.
 */
test('se abre como http://agencia.lan desde otro PC de la oficina y se inicia sesión', async ({
  baseURL,
}) => {
  const port = new URL(baseURL ?? '').port;
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP agencia.lan 127.0.0.1'],
  });
  try {
    const context = await browser.newContext({ baseURL: `http://agencia.lan:${port}`, locale: 'es-CL' });
    const page = await context.newPage();
    await loginViaUi(page, DEMO.admin);
    expect(new URL(page.url()).origin).toBe(`http://agencia.lan:${port}`);
    await expectNoSeriousA11yViolations(page);
  } finally {
    await browser.close();
  }
});
