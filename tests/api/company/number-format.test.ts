import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyToday } from '../../../src/domain/agency-day';
import { addDays } from '../../../src/domain/report-params';
import { latestEntry } from '../../helpers/audit';
import { pdfText } from '../../helpers/pdf-text';
import { createSaleRefs, type SaleRefs, saleBody } from '../../helpers/sales';
import { createTestContext, type TestContext } from '../../helpers/test-app';

/**
 * Configuraciones' "Formato de números" (docs/decisions/0089-number-format-setting.md): `en` writes
 * 1,234.56, `es` Chile's 1.234,56, on every screen, PDF and e-mail alike.
 */
let ctx: TestContext;
let refs: SaleRefs;
type Who = 'admin' | 'sales' | 'finance';
const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, who: Who = 'admin') =>
  ctx.app.inject({ method, url, headers: await ctx.auth(who), ...(payload ? { payload } : {}) });
const setFormat = (numberFormat: unknown) =>
  call('PUT', '/api/company/settings', { name: 'Viajes Australes', numberFormat });
const textOf = async (pdf: Buffer) => (await pdfText(pdf)).replace(/[ \t]+/g, ' ');

beforeAll(async () => {
  ctx = await createTestContext();
  refs = await createSaleRefs(ctx, 'formato');
});
afterAll(() => ctx.close());

describe('the number format setting', () => {
  it('is en until saved, then saved, read back, kept when left out, given to every role and audited', async () => {
    expect((await call('GET', '/api/company/settings')).json().data.numberFormat).toBe('en');
    const saved = await setFormat('es');
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.numberFormat).toBe('es');
    expect((await call('GET', '/api/company/settings')).json().data.numberFormat).toBe('es');
    // Left out of the body, it keeps its value.
    await call('PUT', '/api/company/settings', { name: 'Viajes Australes SpA' });
    expect((await call('GET', '/api/company/settings')).json().data.numberFormat).toBe('es');
    for (const who of ['admin', 'sales', 'finance'] as const) {
      const preferences = (await call('GET', '/api/company/preferences', undefined, who)).json().data;
      expect(preferences.numberFormat).toBe('es');
    }
    await setFormat('en');
    expect((await latestEntry(ctx, 'companySettings', 1)).changes).toContainEqual(
      expect.objectContaining({ field: 'numberFormat', from: 'es', to: 'en' }),
    );
  });

  it('refuses any other value with a Spanish message on the field, saving nothing', async () => {
    await setFormat('es');
    for (const bad of ['EN', 'es-CL', '', 'de', 1, null, true]) {
      const res = await setFormat(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().errors).toContainEqual({
        path: 'numberFormat',
        message: 'El formato de números debe ser en (1,234.56) o es (1.234,56)',
      });
    }
    expect((await call('GET', '/api/company/settings')).json().data).toMatchObject({
      name: 'Viajes Australes',
      numberFormat: 'es',
    });
  });
});

describe('documents and messages in the agency format', () => {
  /** A confirmed sale of US$ 1,500.50 departing in five days, with one payment of US$ 1,234.56. */
  async function paidSale() {
    const travelDate = addDays(agencyToday('America/Santiago'), 5);
    const body = saleBody(refs, ctx.users.sales.id);
    const sale = await call('POST', '/api/sales', { ...body, saleData: { ...body.saleData, travelDate } });
    const saleId = sale.json().sale.id as number;
    const payment = await call('POST', '/api/payments', { saleId, date: '2031-01-15', amount: '1234.56' });
    return { saleId, paymentId: payment.json().payment.id as number };
  }

  it('prints the receipt, and words the alerts, with the saved format', async () => {
    const { saleId, paymentId } = await paidSale();
    const receipt = async () =>
      textOf((await call('GET', `/api/payments/${paymentId}/receipt.pdf`)).rawPayload);
    const balanceAlert = async () =>
      (await call('GET', `/api/alerts?saleId=${saleId}`))
        .json()
        .alerts.find((a: { kind: string }) => a.kind === 'client-balance').message as string;

    await setFormat('es');
    const chilean = await receipt();
    expect(chilean).toContain('Monto: US$ 1.234,56');
    expect(chilean).toContain('Total de la venta: US$ 1.500,50');
    expect(chilean).toContain('Saldo después de este pago: US$ 265,94');
    expect(chilean).not.toContain('1,234.56');
    expect(await balanceAlert()).toMatch(/^El cliente debe US\$ 265,94 y viaja el /);

    await setFormat('en');
    const spec = await receipt();
    expect(spec).toContain('Monto: US$ 1,234.56');
    expect(spec).toContain('Total de la venta: US$ 1,500.50');
    expect(spec).toContain('Saldo después de este pago: US$ 265.94');
    expect(spec).not.toContain('1.234,56');
    expect(await balanceAlert()).toMatch(/^El cliente debe US\$ 265\.94 y viaja el /);
  });
});
