import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { documentsApi } from '../../../../domain/api/documents';
import type { StatementFormat } from '../../../../domain/documents';
import { call } from '../../../api/client';
import { downloadFile } from '../../../api/download';
import { refreshAfterChange } from '../../../api/query-client';

export const documentKeys = {
  quotes: (saleId: number) => ['documents', 'quotes', saleId] as const,
};

/** The sale's kept quote versions, newest first. */
export const saleQuotesQuery = (saleId: number) =>
  queryOptions({
    queryKey: documentKeys.quotes(saleId),
    queryFn: async ({ signal }) =>
      (await call(documentsApi.quotes, { params: { id: saleId } }, { signal })).quotes,
  });

/** Keeps the quote as the next version (what the client receives), and refreshes the list. */
export function useIssueQuote(saleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (validUntil: string | undefined) =>
      call(documentsApi.issueQuote, { params: { id: saleId }, body: validUntil ? { validUntil } : {} }),
    onSuccess: () => refreshAfterChange(queryClient, { queryKey: documentKeys.quotes(saleId) }),
  });
}

export const acceptQuote = (saleId: number) => call(documentsApi.acceptQuote, { params: { id: saleId } });

// Each file is fetched with the session's token and saved under the name the server gives it.
export const downloadQuotePreview = (saleId: number, validUntil?: string) =>
  downloadFile(`Cotizacion-${saleId}.pdf`, documentsApi.quotePreview, {
    params: { id: saleId },
    query: validUntil ? { validUntil } : {},
  });

export const downloadQuoteVersion = (saleId: number, version: number, number: string) =>
  downloadFile(`${number}.pdf`, documentsApi.quoteVersion, { params: { id: saleId, version } });

export const downloadItinerary = (saleId: number) =>
  downloadFile(`Itinerario-${saleId}.pdf`, documentsApi.itinerary, { params: { id: saleId } });

export const downloadReceipt = (paymentId: number) =>
  downloadFile(`Comprobante-${paymentId}.pdf`, documentsApi.receipt, { params: { id: paymentId } });

export const downloadStatement = (
  clientId: number,
  format: StatementFormat,
  range: { from?: string; to?: string },
) =>
  downloadFile(`Estado-de-cuenta-${clientId}.${format}`, documentsApi.statement, {
    params: { id: clientId },
    query: { format, ...(range.from && { from: range.from }), ...(range.to && { to: range.to }) },
  });
