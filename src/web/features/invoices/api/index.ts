import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { invoicesApi } from '../../../../domain/api/invoices';
import { siiApi } from '../../../../domain/api/sii';
import type {
  CreditNoteInput,
  Invoice,
  InvoiceCreditNote,
  InvoiceIssueInput,
  InvoiceSaved,
  InvoiceStatus,
} from '../../../../domain/invoices';
import { call } from '../../../api/client';
import { downloadFile } from '../../../api/download';
import { refreshAfterChange } from '../../../api/query-client';
import type { ListPage, ListParams } from '../../../api/resource';

export type { InvoicePreview, InvoicePreviewLine } from '../../../../domain/invoice-preview';
export type { Invoice, InvoiceCreditNote, InvoiceItem } from '../../../../domain/invoices';

export type InvoiceStatusFilter = 'all' | InvoiceStatus;

export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (status: InvoiceStatusFilter, params: ListParams) =>
    [...invoiceKeys.all, 'list', status, params] as const,
  detail: (id: number) => [...invoiceKeys.all, 'detail', id] as const,
  ofSale: (saleId: number) => [...invoiceKeys.all, 'list', 'sale', saleId] as const,
  preview: (saleId: number, query: object) => [...invoiceKeys.all, 'preview', saleId, query] as const,
};

/** An admin's choices in the preview: item id -> exempt, only for the lines changed from their default. */
export type ExemptChoices = Record<number, boolean>;

/** The choices as the issue body's `items` (none when nothing was changed). */
export const chosenItems = (choices: ExemptChoices) =>
  Object.entries(choices).map(([id, exempt]) => ({ id: Number(id), exempt }));

/** The choices as the preview's query: `exempt=` and `taxable=` id lists, in a stable order. */
function previewQuery(choices: ExemptChoices) {
  const ids = (exempt: boolean) =>
    chosenItems(choices)
      .filter((item) => item.exempt === exempt)
      .map((item) => item.id)
      .sort((a, b) => a - b)
      .join(',') || undefined;
  return { exempt: ids(true), taxable: ids(false) };
}

/**
 * What "Generar Factura" would issue with these choices (decision 0071). The previous answer stays on
 * screen while a changed choice is read again, marked as placeholder so Emitir waits for the new one.
 */
export const invoicePreviewQuery = (saleId: number, choices: ExemptChoices) => {
  const query = previewQuery(choices);
  return queryOptions({
    queryKey: invoiceKeys.preview(saleId, query),
    queryFn: async ({ signal }) =>
      (await call(invoicesApi.preview, { params: { id: saleId }, query }, { signal })).preview,
    placeholderData: keepPreviousData,
    // Folios and certificates change elsewhere: every opening asks again.
    staleTime: 0,
    gcTime: 0,
  });
};

/** Shaped as a ListPage so the shared paged-list hook (search box, debounce, paging) drives it. */
export const invoiceListQuery = (status: InvoiceStatusFilter) => (params: ListParams) =>
  queryOptions({
    queryKey: invoiceKeys.list(status, params),
    queryFn: async ({ signal }): Promise<ListPage<Invoice>> => {
      const query = { ...params, status: status === 'all' ? undefined : status };
      const body = await call(invoicesApi.list, { query }, { signal });
      return { data: body.invoices, pagination: body.pagination };
    },
    placeholderData: keepPreviousData,
  });

export const invoiceQuery = (id: number) =>
  queryOptions({
    queryKey: invoiceKeys.detail(id),
    queryFn: async ({ signal }) => (await call(invoicesApi.one, { params: { id } }, { signal })).invoice,
  });

/** The sale's invoice that is not cancelled, or null: at most one exists (the server refuses a second). */
export const activeSaleInvoiceQuery = (saleId: number) =>
  queryOptions({
    queryKey: invoiceKeys.ofSale(saleId),
    queryFn: async ({ signal }) => {
      const { invoices } = await call(invoicesApi.list, { query: { saleId } }, { signal });
      return invoices.find((invoice) => invoice.status !== 'cancelled') ?? null;
    },
  });

function useInvoiceSaved() {
  const queryClient = useQueryClient();
  return ({ invoice }: InvoiceSaved) => {
    queryClient.setQueryData(invoiceKeys.detail(invoice.id), invoice);
    void refreshAfterChange(queryClient, { queryKey: [...invoiceKeys.all, 'list'] });
  };
}

/**
 * 201 for a new invoice, 200 with the sale's active one: either way the caller opens it. `body` adds
 * the receiver's data a DTE needs and the client's record lacks.
 */
export function useGenerateInvoice() {
  const onSuccess = useInvoiceSaved();
  return useMutation({
    mutationFn: ({ saleId, body = {} }: { saleId: number; body?: InvoiceIssueInput }) =>
      call(invoicesApi.issue, { params: { id: saleId }, body }),
    onSuccess,
  });
}

/** Annuls or corrects a DTE invoice with a Nota de Crédito (61). */
export function useCreditNote(id: number) {
  const onSuccess = useInvoiceSaved();
  return useMutation({
    mutationFn: (body: CreditNoteInput) => call(invoicesApi.creditNote, { params: { id }, body }),
    onSuccess,
  });
}

export function useCancelInvoice(id: number) {
  const onSuccess = useInvoiceSaved();
  return useMutation({
    mutationFn: (reason: string) => call(invoicesApi.cancel, { params: { id }, body: { reason } }),
    onSuccess,
  });
}

/**
 * "Enviar ahora" / "Reintentar envío" of one of the invoice's documents (decision 0070): the invoice
 * and its lists are read again, so the new state (and later the SII's word) shows.
 */
export function useSiiRetry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (submissionId: number) => call(siiApi.retry, { params: { id: submissionId }, body: {} }),
    onSuccess: () => refreshAfterChange(queryClient, { queryKey: invoiceKeys.all }),
  });
}

/** The invoice's PDF, downloaded with the session's token. */
export function downloadInvoicePdf(invoice: Pick<Invoice, 'id' | 'invoiceNumber'>): Promise<void> {
  return downloadFile(`${invoice.invoiceNumber}.pdf`, invoicesApi.pdf, { params: { id: invoice.id } });
}

/** The signed EnvioDTE of a DTE invoice, as the SII receives it. */
export function downloadInvoiceXml(invoice: Pick<Invoice, 'id' | 'folio' | 'dteType'>): Promise<void> {
  const name = `DTE-${invoice.dteType}-${invoice.folio}.xml`;
  return downloadFile(name, invoicesApi.xml, { params: { id: invoice.id } });
}

/** One credit note's XML or PDF. */
export function downloadCreditNote(
  invoice: Pick<Invoice, 'id'>,
  note: Pick<InvoiceCreditNote, 'id' | 'folio'>,
  format: 'xml' | 'pdf',
) {
  const name = `DTE-61-${note.folio}.${format}`;
  const endpoint = format === 'xml' ? invoicesApi.noteXml : invoicesApi.notePdf;
  return downloadFile(name, endpoint, { params: { id: invoice.id, noteId: note.id } });
}
