import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { CompanyTax, certificateReplySchema, companyTaxReplySchema } from '../../../domain/dte';
import { compactId } from '../../../domain/rut';
import type { Database } from '../../db/client';
import { companyCertificate, companyTax } from '../../db/schema';
import { conflict } from '../../lib/http-errors';
import { type AuditActor, diff, record } from '../audit';
import { forgetAgencyPreferences } from '../company';
import { foliosLeftOf } from './caf-issuer';
import { readCertificateInThread } from './certificate-thread';
import type { SecretBox } from './secret-box';

type TaxReply = z.infer<typeof companyTaxReplySchema>;

/** The company's tax data, or null until they are first saved. */
export async function getCompanyTax(db: Database): Promise<TaxReply | null> {
  const [row] = await db.select().from(companyTax).where(eq(companyTax.id, 1));
  if (!row) return null;
  const { id: _id, updatedAt: _updatedAt, environment, ...rest } = row;
  return { ...rest, environment: environment === 'production' ? 'production' : 'certification' };
}

export const rutChangeMessage = (from: string, to: string, folios: number) =>
  `La empresa tiene ${folios} folios sin usar en CAF del RUT ${from}, que no se usarán con el RUT ${to}: ` +
  'el SII rechaza un documento timbrado con el CAF de otro RUT. Si el RUT de la empresa cambió, ' +
  'confirma el cambio (y carga los CAF del nuevo RUT); si no, corrige el RUT.';

/**
 * Saves the tax data. A new RUT while CAFs of the current one have folios left is refused (409)
 * unless `confirmRutChange`: those folios are then never used, since only CAFs of the company's RUT
 * stamp its documents (decision 0081).
 */
export async function saveCompanyTax(db: Database, input: CompanyTax, audit: AuditActor): Promise<TaxReply> {
  const { confirmRutChange, ...data } = input;
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(companyTax).where(eq(companyTax.id, 1)).for('update');
    if (before && compactId(before.rut) !== compactId(data.rut) && !confirmRutChange) {
      const left = await foliosLeftOf(tx, before.rut);
      if (left > 0) throw conflict(rutChangeMessage(before.rut, data.rut, left));
    }
    const values = { ...data, updatedAt: new Date() };
    const [after] = await tx
      .insert(companyTax)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: companyTax.id, set: values })
      .returning();
    await record(tx, audit, {
      action: before ? 'update' : 'create',
      entity: 'companyTax',
      entityId: null,
      changes: diff(before ?? {}, after ?? {}),
    });
  });
  // From now on "Generar Factura" issues DTEs: the screens read it in the preferences.
  forgetAgencyPreferences(db);
  return data;
}

type CertificateReply = z.infer<typeof certificateReplySchema>;

/**
 * The stored certificate as Configuraciones shows it; `usable` is false when this server's
 * SECRET_KEY cannot open its key (a restore from another server: upload it again).
 */
export async function certificateStatus(
  db: Database,
  box: SecretBox,
): Promise<(CertificateReply & { usable: boolean }) | null> {
  const [row] = await db.select().from(companyCertificate).where(eq(companyCertificate.id, 1));
  if (!row) return null;
  return {
    holderRut: row.holderRut,
    validTo: row.validTo.toISOString(),
    usable: box.open(row.encryptedKey) !== null,
  };
}

/**
 * Reads the .p12 in the certificate thread (wrong password, expired, no RUT, too many iterations: a
 * 400 before anything is written) and keeps the certificate with its private key sealed; the trail
 * records whose certificate and until when.
 */
export async function saveCertificate(
  db: Database,
  box: SecretBox,
  upload: { file: string; password: string },
  audit: AuditActor,
): Promise<CertificateReply> {
  const certificate = await readCertificateInThread(upload.file, upload.password);
  const values = {
    holderRut: certificate.holderRut,
    validFrom: certificate.validFrom,
    validTo: certificate.validTo,
    certificate: certificate.certificateBase64,
    encryptedKey: box.seal(certificate.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString()),
    updatedAt: new Date(),
  };
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(companyCertificate)
      .where(eq(companyCertificate.id, 1))
      .for('update');
    await tx
      .insert(companyCertificate)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: companyCertificate.id, set: values });
    const shown = (row?: { holderRut: string; validTo: Date }) =>
      row ? { holderRut: row.holderRut, validTo: row.validTo } : {};
    await record(tx, audit, {
      action: before ? 'update' : 'create',
      entity: 'certificate',
      entityId: null,
      changes: diff(shown(before), shown(values)),
    });
  });
  return { holderRut: values.holderRut, validTo: values.validTo.toISOString() };
}
