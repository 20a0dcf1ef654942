import { allows } from '../../../domain/access';
import { agencyToday } from '../../../domain/agency-day';
import { documentsApi } from '../../../domain/api/documents';
import type { DocumentDraft, DocumentDraftQuery, DocumentEmail } from '../../../domain/document-emails';
import { addDays } from '../../../domain/report-params';
import type { Database } from '../../db/client';
import { forbidden } from '../../lib/http-errors';
import type { AuthUser } from '../auth';
import { getCompanySettings } from '../company';
import { addresseeOf, type DocumentRef, renderDocument } from '../documents';
import { scopeFor } from '../sales';
import { documentEmailText } from './document-text';
import { type Enqueued, enqueueEmail } from './enqueue';

/**
 * The document a request names, with the choices of its kind. The schemas made sure the kind's own id
 * is there (and no other), so the `?? 0` never applies; were it to, 0 finds no record (a 404).
 */
function refOf(request: DocumentDraftQuery | DocumentEmail): DocumentRef {
  const extra = 'to' in request ? request : undefined;
  switch (request.kind) {
    case 'quote':
      return { kind: 'quote', saleId: request.saleId ?? 0, validUntil: extra?.validUntil };
    case 'itinerary':
      return { kind: 'itinerary', saleId: request.saleId ?? 0 };
    case 'receipt':
      return { kind: 'receipt', paymentId: request.paymentId ?? 0 };
    case 'statement':
      return {
        kind: 'statement',
        clientId: request.clientId ?? 0,
        from: extra?.periodFrom,
        to: extra?.periodTo,
      };
  }
}

/** Sending a quote keeps a version of it: only those who may keep one (finance reads quotes only). */
function requireSender(user: AuthUser, kind: DocumentRef['kind']) {
  if (kind === 'quote' && !allows(documentsApi.issueQuote.access, user.role))
    throw forbidden('Solo administradores y vendedores envían cotizaciones');
}

/**
 * POST /api/emails: in ONE transaction the document is made from the records its screen shows (a quote
 * kept as its next version), and its e-mail queued with it attached; any refusal (scope 404, state
 * 409, recipients or subject 400) rolls all of it back, so nothing is queued and no version kept.
 */
export async function sendDocument(db: Database, user: AuthUser, request: DocumentEmail): Promise<Enqueued> {
  const ref = refOf(request);
  requireSender(user, ref.kind);
  return db.transaction(async (tx) => {
    const client = await addresseeOf(tx, user, ref);
    const document = await renderDocument(tx, user, ref);
    const company = await getCompanySettings(tx);
    const text = documentEmailText({
      title: document.title,
      filename: document.filename,
      clientName: client.name,
      company,
      message: request.message ?? company.emailMessage,
    });
    return enqueueEmail(tx, {
      kind: ref.kind,
      saleId: 'saleId' in ref ? ref.saleId : undefined,
      paymentId: 'paymentId' in ref ? ref.paymentId : undefined,
      clientId: 'clientId' in ref ? ref.clientId : undefined,
      to: request.to,
      cc: request.cc,
      ...text,
      attachments: [{ filename: document.filename, contentType: 'application/pdf', content: document.pdf }],
      createdBy: user.id,
      // The document was made in this scope (a seller's statement lists only their sales).
      scopeSellerId: scopeFor(user).sellerId,
    });
  });
}

/** GET /api/emails/draft: the client's e-mail, the company's template and a quote's default validity. */
export async function documentDraft(
  db: Database,
  user: AuthUser,
  query: DocumentDraftQuery,
): Promise<DocumentDraft> {
  const ref = refOf(query);
  requireSender(user, ref.kind);
  const client = await addresseeOf(db, user, ref);
  const company = await getCompanySettings(db);
  return {
    to: client.email ? [client.email] : [],
    message: company.emailMessage,
    ...(ref.kind === 'quote' && {
      validUntil: addDays(agencyToday(company.timeZone), company.quoteValidityDays),
    }),
  };
}
