import { documentsApi } from '../../src/domain/api/documents';
import type { ExampleEntry } from './route-examples';
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
 * The example calls of the documents the client takes home (docs/product.md#documents-api). Their reads share
 * their records (made once, on first use): a GET changes nothing, and each new sale costs the route matrix's
 * time.
 */
export function documentExamples({ refs, sellerId, api, newSale }: Makers): ExampleEntry[] {
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
  return [
    [
      documentsApi.quotePreview,
      async () => ({
        url: `/api/sales/${await sharedDraft()}/quote.pdf?validUntil=2031-01-31`,
      }),
    ],
    [documentsApi.quotes, async () => ({ url: `/api/sales/${await keptQuote()}/quotes` })],
    [
      documentsApi.issueQuote,
      async () => ({
        url: `/api/sales/${await sharedDraft()}/quotes`,
        body: { validUntil: '2031-01-31' },
      }),
    ],
    [
      documentsApi.quoteVersion,
      async () => ({
        url: `/api/sales/${await keptQuote()}/quotes/1.pdf`,
      }),
    ],
    // Accepting changes the sale: a draft of its own each time.
    [documentsApi.acceptQuote, async () => ({ url: `/api/sales/${await draftSale()}/quote/accept` })],
    [
      documentsApi.itinerary,
      async () => ({
        url: `/api/sales/${await sharedSale()}/itinerary.pdf`,
      }),
    ],
    [
      documentsApi.receipt,
      async () => ({
        url: `/api/payments/${await sharedPayment()}/receipt.pdf`,
      }),
    ],
    [
      documentsApi.statement,
      async () => ({
        url: `/api/clients/${refs.client.id}/statement?format=xlsx&from=2020-01-01&to=2031-12-31`,
      }),
    ],
  ];
}
