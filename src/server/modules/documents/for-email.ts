import { and, eq, sql } from 'drizzle-orm';
import type { DocumentKind } from '../../../domain/document-emails';
import { documentTitles } from '../../../domain/documents';
import type { Database } from '../../db/client';
import { clients, payments, sales } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import type { AuthUser } from '../auth';
import { SALE_NOT_FOUND, scopeFor, sellerCondition } from '../sales';
import { receipt } from './receipt';
import { issueQuote, itinerary } from './sale-documents';
import { statementData } from './statement';
import { statementPdf } from './statement-files';

/** The document asked for: its kind, the record it is made of, and its own choices. */
export type DocumentRef =
  | { kind: 'quote'; saleId: number; validUntil?: string }
  | { kind: 'itinerary'; saleId: number }
  | { kind: 'receipt'; paymentId: number }
  | { kind: 'statement'; clientId: number; from?: string; to?: string };

/** The client a document is for, as it is on file. */
export interface Addressee {
  name: string;
  email: string | null;
}

/**
 * The client of the document's record, within the user's scope: the same 404s its download gives (a
 * seller's own sales and payments only). A client's statement is a seller's when the client has a
 * sale of theirs, and lists those sales only; its e-mail is then theirs alone to read (decision 0079).
 */
export async function addresseeOf(db: Database, user: AuthUser, ref: DocumentRef): Promise<Addressee> {
  const scope = scopeFor(user);
  const columns = { name: clients.name, email: clients.email };
  if (ref.kind === 'statement') {
    const [row] = await db
      .select(columns)
      .from(clients)
      .where(
        and(
          eq(clients.id, ref.clientId),
          scope.sellerId === undefined
            ? undefined
            : sql`exists (select 1 from ${sales} where ${sales.clientId} = ${clients.id} and ${sales.sellerId} = ${scope.sellerId})`,
        ),
      );
    if (!row) throw notFound('Cliente no encontrado');
    return row;
  }
  if (ref.kind === 'receipt') {
    const [row] = await db
      .select(columns)
      .from(payments)
      .innerJoin(sales, eq(sales.id, payments.saleId))
      .innerJoin(clients, eq(clients.id, sales.clientId))
      .where(and(eq(payments.id, ref.paymentId), sellerCondition(sales.sellerId, scope)));
    if (!row) throw notFound('Pago no encontrado');
    return row;
  }
  const [row] = await db
    .select({ ...columns, saleId: sales.id })
    .from(sales)
    .leftJoin(clients, eq(clients.id, sales.clientId))
    .where(and(eq(sales.id, ref.saleId), sellerCondition(sales.sellerId, scope)));
  if (!row) throw notFound(SALE_NOT_FOUND);
  return { name: row.name ?? '', email: row.email };
}

export interface RenderedDocument {
  kind: DocumentKind;
  /** The document's title: its e-mail's subject and {documento}. */
  title: string;
  filename: string;
  pdf: Buffer;
}

/**
 * The document's PDF made by its own builder from the records its screen shows, in the caller's
 * transaction: a quote is kept as its next version there (number, SHA-256, who, when), so the
 * e-mail queued in the same transaction attaches exactly the kept bytes, or neither is written.
 */
export async function renderDocument(
  tx: Database,
  user: AuthUser,
  ref: DocumentRef,
): Promise<RenderedDocument> {
  switch (ref.kind) {
    case 'quote': {
      const quote = await issueQuote(tx, ref.saleId, user, { validUntil: ref.validUntil });
      return {
        kind: ref.kind,
        title: documentTitles.quote(quote.number),
        filename: quote.filename,
        pdf: quote.pdf,
      };
    }
    case 'itinerary': {
      const { pdf } = await itinerary(tx, ref.saleId, user);
      return {
        kind: ref.kind,
        title: documentTitles.itinerary(ref.saleId),
        filename: `itinerario-venta-${ref.saleId}.pdf`,
        pdf,
      };
    }
    case 'receipt': {
      const { pdf, number } = await receipt(tx, ref.paymentId, user);
      return {
        kind: ref.kind,
        title: documentTitles.receipt(number),
        filename: `comprobante-${number}.pdf`,
        pdf,
      };
    }
    case 'statement': {
      const data = await statementData(tx, ref.clientId, user, { format: 'pdf', from: ref.from, to: ref.to });
      return {
        kind: ref.kind,
        title: documentTitles.statement(data.client.name),
        filename: `estado-de-cuenta-${fileSlug(data.client.name) || data.client.id}.pdf`,
        pdf: await statementPdf(data),
      };
    }
  }
}

/** A name as a file name's part: ASCII letters and digits, words joined by "-" ("Núñez SpA" -> "nunez-spa"). */
export function fileSlug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}
