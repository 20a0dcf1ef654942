import { eq } from 'drizzle-orm';
import { sales } from '../../src/server/db/schema';
import { createSaleRefs, itemBody, type SaleRefs, saleBody } from './sales';
import type { TestContext, Who } from './test-app';

/**
 * A small agency for the finance reports and alerts, written through the API as an admin: sales with
 * chosen travel dates, items, suppliers and payments. Figures are strings so that the tests state
 * the exact amounts an agency would type.
 */
export interface ItemSpec {
  salePrice: string;
  costPrice: string;
  supplierId?: number;
  classificationId?: number;
  paymentDate?: string;
  reservationCode?: string | null;
}

export interface SaleSpec {
  travelDate: string;
  items: ItemSpec[];
  clientId?: number;
  sellerId?: number;
  region?: string;
  serviceType?: string;
}

export async function financeAgency(ctx: TestContext, tag: string) {
  const refs: SaleRefs = await createSaleRefs(ctx, tag);
  const admin = await ctx.auth('admin');

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, who: Who = 'admin') => {
    const headers = who === 'admin' ? admin : await ctx.auth(who);
    return ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  };
  /** Rates for the supplier payments: USD and a euro at 1.0825 USD. */
  const rates = await call('PUT', '/api/company/currency-rates', {
    rates: [
      { currency: 'USD', rate: 1 },
      { currency: 'EUR', rate: 1.0825 },
    ],
  });
  if (rates.statusCode !== 200) throw new Error(`rates: ${rates.statusCode} ${rates.body}`);
  // The travelling passenger has a passport valid for decades, so the figures' sales (international)
  // raise no travel-document alert (decision 0098) unless a test says otherwise.
  const [traveller] = refs.passengers;
  const passport = await call('PUT', `/api/passengers/${traveller?.id}`, {
    name: traveller?.name,
    passengerId: `P1-${tag}`,
    dateOfBirth: '1985-04-02',
    documentType: 'passport',
    documentNumber: `F${tag}`,
    documentExpiry: '2099-12-31',
  });
  if (passport.statusCode !== 200) throw new Error(`passport: ${passport.statusCode} ${passport.body}`);

  async function created<T>(url: string, payload: object, key: string): Promise<T> {
    const res = await call('POST', url, payload);
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json()[key] as T;
  }

  return {
    refs,
    call,
    client: (name: string) => created<{ id: number; name: string }>('/api/clients', { name }, 'client'),
    supplier: (name: string) => created<{ id: number; name: string }>('/api/suppliers', { name }, 'supplier'),
    classification: (name: string) =>
      created<{ id: number; name: string }>('/api/classifications', { name }, 'classification'),

    async sale(spec: SaleSpec): Promise<number> {
      const body = saleBody(refs, spec.sellerId ?? ctx.users.sales.id, {
        saleData: {
          passengerName: `Pasajero ${tag} ${spec.travelDate}`,
          clientId: spec.clientId ?? refs.client.id,
          travelDate: spec.travelDate,
          serviceType: spec.serviceType ?? 'package',
          region: spec.region ?? 'international',
          passengerCount: 1,
        },
        items: spec.items.map((item) =>
          itemBody(refs, {
            classificationId: item.classificationId ?? refs.classification.id,
            supplierId: item.supplierId ?? refs.supplier.id,
            operatorId: refs.operator.id,
            passengers: [refs.passengers[0]?.id],
            // No item dates or description: the figures follow the sale's travel date alone.
            dateIn: undefined,
            dateOut: undefined,
            description: undefined,
            salePrice: item.salePrice,
            costPrice: item.costPrice,
            reservationCode: item.reservationCode === undefined ? 'RES-1' : item.reservationCode,
            paymentDate: item.paymentDate ?? null,
          }),
        ),
      });
      return (await created<{ id: number }>('/api/sales', body, 'sale')).id;
    },

    /** A customer payment; `pending` ones do not count toward what was paid. */
    pay: (saleId: number, amount: string, status: 'confirmed' | 'pending' = 'confirmed') =>
      created('/api/payments', { saleId, amount, date: '2030-01-01', method: 'transfer', status }, 'payment'),

    paySupplier: (supplierId: number, amount: string, currency = 'USD') =>
      created(
        '/api/supplier-payments',
        {
          supplierId,
          amount,
          currency,
          paymentDate: '2030-01-01',
          paymentMethod: 'transfer',
          description: `Pago ${tag}`,
        },
        'payment',
      ),

    async cancel(saleId: number) {
      const res = await call('PUT', `/api/sales/${saleId}`, { status: 'cancelled' });
      if (res.statusCode !== 200) throw new Error(`cancel: ${res.statusCode} ${res.body}`);
    },

    /**
     * Turns a sale into a draft created at `createdAt`. The API creates sales confirmed and never
     * moves them back to draft, so the test writes the two columns an old quote would have.
     */
    async makeDraft(saleId: number, createdAt: Date) {
      await ctx.db
        .update(sales)
        .set({ status: 'draft', creationDate: createdAt })
        .where(eq(sales.id, saleId));
    },
  };
}

export type FinanceAgency = Awaited<ReturnType<typeof financeAgency>>;
