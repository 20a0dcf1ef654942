import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { emailsApi } from '../../../../domain/api/emails';
import type { DocumentEmailInput } from '../../../../domain/document-emails';
import type { EmailDetail, EmailList, EmailListQuery, EmailSummary } from '../../../../domain/emails';
import { call, queryCall } from '../../../api/client';
import { downloadFile } from '../../../api/download';
import { refreshAfterChange } from '../../../api/query-client';
import { type DocumentTarget, draftQuery } from '../send-form';

export type { EmailDetail, EmailList, EmailSummary };

/** What a list asks for: a page of one status, of one sale or of one client. */
export type EmailFilters = Partial<Pick<EmailListQuery, 'status' | 'saleId' | 'clientId' | 'page'>>;

/** How often a list with a message still waiting asks again: the outbox sends within seconds. */
const PENDING_POLL_MS = 3_000;

const stillWaiting = (list: EmailList | undefined) =>
  list?.emails.some((email) => email.status === 'pending') ?? false;

export const emailsQuery = (filters: EmailFilters) =>
  queryOptions<EmailList>({
    queryKey: ['emails', 'list', filters],
    queryFn: queryCall(emailsApi.list, { query: filters }),
    placeholderData: keepPreviousData,
    // A message just queued shows "Enviado" once the outbox sent it, without reloading the page.
    refetchInterval: (query) => (stillWaiting(query.state.data) ? PENDING_POLL_MS : false),
  });

export const useEmail = (id: number | null) =>
  useQuery({
    queryKey: ['emails', 'detail', id],
    queryFn: queryCall(emailsApi.get, { params: { id: id ?? 0 } }),
    enabled: id !== null,
  });

/** "Reintentar" and "Cancelar": the lists and the open preview read the message again after. */
function useEmailAction(endpoint: typeof emailsApi.retry | typeof emailsApi.cancel) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(endpoint, { params: { id } }),
    onSuccess: () => refreshAfterChange(queryClient, { queryKey: ['emails'] }),
  });
}
export const useRetryEmail = () => useEmailAction(emailsApi.retry);
export const useCancelEmail = () => useEmailAction(emailsApi.cancel);

/** The message as the SMTP server receives it, fetched with the session's token. */
export const downloadEml = (id: number) =>
  downloadFile(`correo-${id}.eml`, emailsApi.eml, { params: { id } });

/** What the send dialog starts from (the client's e-mail, the company's message), read once per opening. */
export const useDocumentDraft = (target: DocumentTarget) =>
  useQuery({
    queryKey: ['emails', 'draft', target],
    queryFn: queryCall(emailsApi.draft, { query: draftQuery(target) }),
    staleTime: 0,
    gcTime: 0,
  });

/** "Enviar": queues the document's e-mail; every list of messages (Comunicaciones, Correos) reads again. */
export function useSendDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DocumentEmailInput) => call(emailsApi.send, { body }),
    onSuccess: () => refreshAfterChange(queryClient, { queryKey: ['emails', 'list'] }),
  });
}
