import { createPrivateKey } from 'node:crypto';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { agencyTimestamp } from '../../../domain/agency-day';
import { siiRut } from '../../../domain/rut';
import { ADVISORY_LOCKS } from '../../db/advisory-locks';
import type { Database } from '../../db/client';
import { companyCertificate, dteCafs, dteDocuments } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-errors';
import { agencyTimeZone } from '../company';
import { queueSiiSubmission } from '../sii';
import { type DteType, parseCaf } from './caf';
import { cafOfRut } from './caf-issuer';
import { buildDte, type DteLine, type Party } from './document';
import { buildEnvio } from './envio';
import type { PesoTotals } from './pesos';
import type { SecretBox } from './secret-box';
import { getCompanyTax } from './setup';
import type { Signer } from './signature';

export const ISSUE_MESSAGES = {
  noTax: 'Faltan los datos tributarios de la empresa (Configuraciones > Facturación Electrónica)',
  noCertificate: 'Falta el certificado digital de la empresa (Configuraciones > Facturación Electrónica)',
  unusableCertificate:
    'La clave del certificado digital no se puede abrir en este servidor: sube de nuevo el certificado',
  expiredCertificate: 'El certificado digital está vencido: sube uno vigente',
  noReference: 'El documento que la nota de crédito referencia no existe',
  noFolios: (type: DteType, rut: string) =>
    `No hay folios disponibles del tipo ${type} para el RUT ${rut} de la empresa: carga un nuevo CAF del SII de ese RUT`,
} as const;

export interface IssueInput {
  type: DteType;
  issueDate: string;
  receiver: Party;
  lines: readonly DteLine[];
  /** A credit note's: the document it annuls (1) or whose amounts it corrects (3), and why. */
  reference?: { documentId: number; code: 1 | 2 | 3; reason: string };
}

export interface IssuedDte {
  id: number;
  type: DteType;
  folio: number;
  totals: PesoTotals;
  /** The signed EnvioDTE (EnvioBOLETA for a boleta). */
  xml: string;
}

/** The certificate's signer, refused (409) when missing, expired or sealed with another SECRET_KEY. */
export async function loadSigner(
  db: Database,
  box: SecretBox,
  now: Date,
): Promise<Signer & { holderRut: string }> {
  const [row] = await db.select().from(companyCertificate).where(eq(companyCertificate.id, 1));
  if (!row) throw conflict(ISSUE_MESSAGES.noCertificate);
  const pem = box.open(row.encryptedKey);
  if (!pem) throw conflict(ISSUE_MESSAGES.unusableCertificate);
  if (row.validTo.getTime() < now.getTime()) throw conflict(ISSUE_MESSAGES.expiredCertificate);
  return { privateKey: createPrivateKey(pem), certificateBase64: row.certificate, holderRut: row.holderRut };
}

/** The issuer's tax data and signer, each refused (409) as issuing refuses them. */
async function issuerOf(db: Database, box: SecretBox, now: Date) {
  const tax = await getCompanyTax(db);
  if (!tax) throw conflict(ISSUE_MESSAGES.noTax);
  return { tax, signer: await loadSigner(db, box, now) };
}

/**
 * The CAF the next folio of `type` comes from: the oldest with folios left among the CAFs of the
 * company's RUT (those of a previous RUT are never used, decision 0081), or a 409 when none has.
 */
async function cafWithFolios(db: Database, type: DteType, rut: string) {
  const [cafRow] = await db
    .select()
    .from(dteCafs)
    .where(and(eq(dteCafs.type, type), cafOfRut(rut), lte(dteCafs.nextFolio, dteCafs.folioTo)))
    .orderBy(asc(dteCafs.folioFrom))
    .limit(1);
  if (!cafRow) throw conflict(ISSUE_MESSAGES.noFolios(type, rut));
  return cafRow;
}

/**
 * Refuses now, as issueDte would, a document of `type` it could not issue (no tax data, no usable
 * certificate, no folios), taking no folio and writing nothing: the invoice's preview (decision 0071).
 */
export async function assertIssuable(db: Database, box: SecretBox, type: DteType, now = new Date()) {
  const { tax } = await issuerOf(db, box, now);
  await cafWithFolios(db, type, tax.rut);
}

/**
 * Issues one DTE: takes the next folio of its type and stores the signed document in one transaction,
 * so a folio is used once and a failure leaves none taken (no gap). The lock per type makes servers
 * issuing at the same moment take folios one after another.
 */
export async function issueDte(
  db: Database,
  box: SecretBox,
  input: IssueInput,
  now = new Date(),
): Promise<IssuedDte> {
  const { tax, signer } = await issuerOf(db, box, now);
  const stampedAt = agencyTimestamp(await agencyTimeZone(db), now);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.dteFolios}, ${input.type})`);
    const cafRow = await cafWithFolios(tx, input.type, tax.rut);
    const folio = cafRow.nextFolio;
    const referenced = input.reference
      ? (await tx.select().from(dteDocuments).where(eq(dteDocuments.id, input.reference.documentId)))[0]
      : undefined;
    if (input.reference && !referenced) throw notFound(ISSUE_MESSAGES.noReference);
    const dte = buildDte({
      type: input.type,
      folio,
      issueDate: input.issueDate,
      issuer: tax,
      receiver: input.receiver,
      lines: input.lines,
      reference:
        input.reference && referenced
          ? {
              type: referenced.type as DteType,
              folio: referenced.folio,
              date: referenced.issueDate,
              code: input.reference.code,
              reason: input.reference.reason,
            }
          : undefined,
      caf: parseCaf(cafRow.xml),
      signer,
      stampedAt,
    });
    const xml = buildEnvio(
      {
        issuerRut: tax.rut,
        senderRut: signer.holderRut,
        resolutionDate: tax.resolutionDate,
        resolutionNumber: tax.resolutionNumber,
        signedAt: stampedAt,
        dtes: [{ type: input.type, xml: dte.xml }],
      },
      signer,
    );
    await tx
      .update(dteCafs)
      .set({ nextFolio: folio + 1 })
      .where(eq(dteCafs.id, cafRow.id));
    const [row] = await tx
      .insert(dteDocuments)
      .values({
        type: input.type,
        folio,
        cafId: cafRow.id,
        issueDate: input.issueDate,
        receiverRut: siiRut(input.receiver.rut),
        receiverName: input.receiver.businessName,
        netAmount: dte.totals.net.toString(),
        exemptAmount: dte.totals.exempt.toString(),
        vatAmount: dte.totals.vat.toString(),
        totalAmount: dte.totals.total.toString(),
        referenceId: referenced?.id ?? null,
        xml,
      })
      .returning({ id: dteDocuments.id });
    if (!row) throw new Error('DTE not stored');
    await queueSiiSubmission(tx, row.id);
    return { id: row.id, type: input.type, folio, totals: dte.totals, xml };
  });
}
