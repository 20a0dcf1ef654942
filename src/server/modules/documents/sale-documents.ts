import { createHash } from 'node:crypto';
import { and, desc, eq, max } from 'drizzle-orm';
import { agencyToday } from '../../../domain/agency-day';
import { quoteNumber } from '../../../domain/documents';
import { addDays } from '../../../domain/report-params';
import { SALE_STATUS_LABEL } from '../../../domain/status';
import type { Database } from '../../db/client';
import { clients, saleQuotes, sales, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import type { AuditActor } from '../audit';
import type { AuthUser } from '../auth';
import { getCompanySettings } from '../company';
import { changeStatus, loadSale, lockSale, SALE_NOT_FOUND, scopeFor, sellerCondition } from '../sales';
import { itineraryPdf, quotePdf } from './sale-pdfs';

const QUOTE_VERSION_NOT_FOUND = 'Versión de cotización no encontrada';

/** The sale as its documents print it, with its client's details, the company and the agency's day. */
async function saleDocumentData(db: Database, saleId: number, user: AuthUser) {
  const sale = await loadSale(db, saleId, scopeFor(user));
  const company = await getCompanySettings(db);
  const [client] = await db
    .select({
      name: clients.name,
      clientId: clients.clientId,
      email: clients.email,
      address: clients.address,
    })
    .from(clients)
    .where(eq(clients.id, sale.clientId));
  return {
    sale,
    company,
    client: client ?? { ...sale.client, address: null },
    today: agencyToday(company.timeZone),
  };
}

/** A quote is offered on a draft; once confirmed (or cancelled) the sale is past quoting. */
function requireDraft(status: keyof typeof SALE_STATUS_LABEL) {
  if (status !== 'draft')
    throw conflict(
      `Solo se cotiza una venta en borrador; esta venta está ${SALE_STATUS_LABEL[status].toLowerCase()}`,
    );
}

/** "Válida hasta": the date asked for (not before today), else today plus the company's validity days. */
function validUntilOf(asked: string | undefined, today: string, validityDays: number) {
  if (asked && asked < today)
    throw badRequest('La fecha Válida hasta no puede ser anterior a hoy', [
      { path: 'validUntil', message: 'La fecha Válida hasta no puede ser anterior a hoy' },
    ]);
  return asked ?? addDays(today, validityDays);
}

/** The quote as it would be sent now, marked as a draft without a number; nothing is kept. */
export async function previewQuote(db: Database, saleId: number, user: AuthUser, validUntil?: string) {
  const { sale, company, client, today } = await saleDocumentData(db, saleId, user);
  requireDraft(sale.status);
  const pdf = await quotePdf({
    company,
    sale,
    client,
    number: null,
    issuedOn: today,
    validUntil: validUntilOf(validUntil, today, company.quoteValidityDays),
  });
  return { pdf, filename: `Cotizacion-borrador-${sale.id}.pdf` };
}

/**
 * Renders the sale's quote, keeps it as the next version (`COT-<sale>-<version>`, its bytes and their
 * SHA-256, who and when) and returns it. Runs in the caller's transaction `tx` (the e-mail that sends
 * it is queued in the same one); the sale row is locked first, so two at once get two versions.
 */
export async function issueQuote(
  tx: Database,
  saleId: number,
  user: AuthUser,
  options: { validUntil?: string } = {},
) {
  const locked = await lockSale(tx, saleId, scopeFor(user));
  requireDraft(locked.status);
  const { sale, company, client, today } = await saleDocumentData(tx, saleId, user);
  const [last] = await tx
    .select({ version: max(saleQuotes.version) })
    .from(saleQuotes)
    .where(eq(saleQuotes.saleId, saleId));
  const version = (last?.version ?? 0) + 1;
  const number = quoteNumber(saleId, version);
  const validUntil = validUntilOf(options.validUntil, today, company.quoteValidityDays);
  const pdf = await quotePdf({ company, sale, client, number, issuedOn: today, validUntil });
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  const [row] = await tx
    .insert(saleQuotes)
    .values({ saleId, version, number, validUntil, sha256, pdf, createdBy: user.id })
    .returning({ createdAt: saleQuotes.createdAt });
  if (!row) throw new Error('quote insert returned no row');
  const createdAt = row.createdAt.toISOString();
  return {
    version,
    number,
    validUntil,
    sha256,
    createdAt,
    createdBy: user.username,
    filename: `${number}.pdf`,
    pdf,
  };
}

/** 404 unless the sale exists for `user` (a seller's own sales only). */
async function requireVisibleSale(db: Database, saleId: number, user: AuthUser) {
  const [row] = await db
    .select({ id: sales.id })
    .from(sales)
    .where(and(eq(sales.id, saleId), sellerCondition(sales.sellerId, scopeFor(user))));
  if (!row) throw notFound(SALE_NOT_FOUND);
}

const quoteColumns = {
  version: saleQuotes.version,
  number: saleQuotes.number,
  validUntil: saleQuotes.validUntil,
  sha256: saleQuotes.sha256,
  createdAt: saleQuotes.createdAt,
  createdBy: users.username,
};

/** The sale's kept quotes, newest first. */
export async function listQuotes(db: Database, saleId: number, user: AuthUser) {
  await requireVisibleSale(db, saleId, user);
  const rows = await db
    .select(quoteColumns)
    .from(saleQuotes)
    .leftJoin(users, eq(users.id, saleQuotes.createdBy))
    .where(eq(saleQuotes.saleId, saleId))
    .orderBy(desc(saleQuotes.version));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** A kept version's exact bytes, as the client received them. */
export async function quoteVersion(db: Database, saleId: number, version: number, user: AuthUser) {
  await requireVisibleSale(db, saleId, user);
  const [row] = await db
    .select({ number: saleQuotes.number, pdf: saleQuotes.pdf })
    .from(saleQuotes)
    .where(and(eq(saleQuotes.saleId, saleId), eq(saleQuotes.version, version)));
  if (!row) throw notFound(QUOTE_VERSION_NOT_FOUND);
  return { pdf: row.pdf, filename: `${row.number}.pdf` };
}

/**
 * "Aceptar cotización": the client took the offer, so the draft becomes a confirmed sale through the
 * sales module's own transition (its rules and its entry in the audit trail). The version read here is
 * passed on: a sale changed meanwhile is a 409, not confirmed unseen.
 */
export async function acceptQuote(db: Database, user: AuthUser, saleId: number, audit: AuditActor) {
  const sale = await loadSale(db, saleId, scopeFor(user));
  requireDraft(sale.status);
  return changeStatus(db, user, saleId, 'confirmed', sale.version, audit);
}

/** The itinerary of a confirmed or completed sale (a draft is not booked, a cancelled one not travelling). */
export async function itinerary(db: Database, saleId: number, user: AuthUser) {
  const { sale, company, client, today } = await saleDocumentData(db, saleId, user);
  if (sale.status !== 'confirmed' && sale.status !== 'completed')
    throw conflict(
      `El itinerario es de una venta confirmada o liquidada; esta venta está ${SALE_STATUS_LABEL[sale.status].toLowerCase()}`,
    );
  const pdf = await itineraryPdf({ company, sale, client, issuedOn: today });
  return { pdf, filename: `Itinerario-${sale.id}.pdf` };
}
