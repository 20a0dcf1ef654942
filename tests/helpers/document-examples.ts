import type { ExampleCall } from './route-examples';
import { type SaleRefs, saleBody } from './sales';

/** The first call's promise, for every call. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

interface Makers {
  refs: SaleRefs;
  sellerId: number;
  api: (method: 'POST' | 'PUT', url: string, payload: object) => Promise<Record<string, { id: number }>>;
  newSale: () => Promise<number>;
}

/**
 * The example calls of the documents the client takes home (issue 28). Their reads share their records
 * (made once, on first use): a GET changes nothing, and each new sale costs the route matrix's time.
 */
export function documentExamples({
  refs,
  sellerId,
  api,
  newSale,
}: Makers): Record<string, () => Promise<ExampleCall>> {
  const draftSale = async () =>
    (await api('POST', '/api/sales', saleBody(refs, sellerId, { saleData: { status: 'draft' } }))).sale?.id;
  const sharedDraft = once(draftSale);
  const keptQuote = once(async () => {
    const id = await draftSale();
    await api('POST', `/api/sales/${id}/quotes`, {});
    return id;
  });
  const sharedSale = once(newSale);
  const sharedPayment = once(
    async () =>
      (
        await api('POST', '/api/payments', {
          saleId: await sharedSale(),
          date: '2031-01-15',
          amount: '100.00',
        })
      ).payment?.id,
  );
  return {
    'GET /api/sales/:id/quote.pdf': async () => ({
      url: `/api/sales/${await sharedDraft()}/quote.pdf?validUntil=2031-01-31`,
    }),
    'GET /api/sales/:id/quotes': async () => ({ url: `/api/sales/${await keptQuote()}/quotes` }),
    'POST /api/sales/:id/quotes': async () => ({
      url: `/api/sales/${await sharedDraft()}/quotes`,
      body: { validUntil: '2031-01-31' },
    }),
    'GET /api/sales/:id/quotes/:version.pdf': async () => ({
      url: `/api/sales/${await keptQuote()}/quotes/1.pdf`,
    }),
    // Accepting changes the sale: a draft of its own each time.
    'POST /api/sales/:id/quote/accept': async () => ({ url: `/api/sales/${await draftSale()}/quote/accept` }),
    'GET /api/sales/:id/itinerary.pdf': async () => ({
      url: `/api/sales/${await sharedSale()}/itinerary.pdf`,
    }),
    'GET /api/payments/:id/receipt.pdf': async () => ({
      url: `/api/payments/${await sharedPayment()}/receipt.pdf`,
    }),
    'GET /api/clients/:id/statement': async () => ({
      url: `/api/clients/${refs.client.id}/statement?format=xlsx&from=2020-01-01&to=2031-12-31`,
    }),
  };
}
