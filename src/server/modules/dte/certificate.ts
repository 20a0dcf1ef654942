import { createPrivateKey, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import { hasValidCheckDigit, siiRut } from '../../../domain/rut';
import { badRequest } from '../../lib/http-errors';
import { iterationsWithinLimits, MAX_ITERATIONS } from './p12-iterations';

export const CERTIFICATE_MESSAGES = {
  file: 'El archivo no es un certificado .p12 o .pfx',
  password: 'La contraseña del certificado no es correcta',
  noKey: 'El archivo no trae la clave privada del certificado',
  expired: 'El certificado está vencido',
  notYetValid: 'El certificado aún no es válido',
  noRut: 'El certificado no indica el RUT de su titular',
  iterations: `El archivo del certificado pide más de ${MAX_ITERATIONS.toLocaleString('es-CL')} iteraciones para abrirse: expórtalo de nuevo con las opciones habituales o pide el .p12 a la entidad certificadora`,
} as const;

/** The company's signing certificate, read from its .p12: what XMLDSig needs, and what the screens show. */
export interface Certificate {
  holderRut: string;
  validFrom: Date;
  validTo: Date;
  privateKey: KeyObject;
  /** The certificate's DER in base64, for X509Data. */
  certificateBase64: string;
}

const KEY_BAG = forge.pki.oids.pkcs8ShroudedKeyBag as string;
const PLAIN_KEY_BAG = forge.pki.oids.keyBag as string;
const CERT_BAG = forge.pki.oids.certBag as string;
const RUT_IN_TEXT = /\b(\d{1,2}\.?\d{3}\.?\d{3}-[\dkK])(?![\dkK])/g;

/**
 * The holder's RUT: Chilean certificates carry it in the subject's serial number or in the subject
 * alternative name (an "otherName" node-forge leaves as raw bytes), so both are searched for a RUT
 * whose check digit is right.
 */
function holderRutOf(cert: forge.pki.Certificate): string | null {
  const texts = cert.subject.attributes.map((attribute) => String(attribute.value ?? ''));
  const altNames = cert.getExtension('subjectAltName') as { value?: string } | null;
  if (altNames?.value) texts.push(altNames.value);
  for (const text of texts) {
    for (const match of text.matchAll(RUT_IN_TEXT)) {
      const rut = match[1] ?? '';
      if (hasValidCheckDigit(rut)) return siiRut(rut);
    }
  }
  return null;
}

function openP12(base64: string, password: string): forge.pkcs12.Pkcs12Pfx {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.binary.raw.encode(Buffer.from(base64, 'base64')));
  } catch {
    throw badRequest(CERTIFICATE_MESSAGES.file);
  }
  // Before node-forge derives any key: each derivation costs its count in CPU (decision 0081).
  if (!iterationsWithinLimits(asn1, password)) {
    throw badRequest(CERTIFICATE_MESSAGES.iterations, [
      { path: 'file', message: CERTIFICATE_MESSAGES.iterations },
    ]);
  }
  try {
    return forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (error) {
    // node-forge says "Invalid password?" when the MAC does not match; anything else is the file.
    const message = error instanceof Error ? error.message : '';
    throw badRequest(/password/i.test(message) ? CERTIFICATE_MESSAGES.password : CERTIFICATE_MESSAGES.file);
  }
}

/** Reads a .p12/.pfx (base64) with its password, refusing one that cannot sign today. */
export function readCertificate(base64: string, password: string, now: Date = new Date()): Certificate {
  const p12 = openP12(base64, password);
  const keyBag = p12.getBags({ bagType: KEY_BAG })[KEY_BAG]?.[0];
  const plainKeyBag = p12.getBags({ bagType: PLAIN_KEY_BAG })[PLAIN_KEY_BAG]?.[0];
  const forgeKey = (keyBag ?? plainKeyBag)?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!forgeKey) throw badRequest(CERTIFICATE_MESSAGES.noKey);
  const certs = (p12.getBags({ bagType: CERT_BAG })[CERT_BAG] ?? []).flatMap((bag) =>
    bag.cert ? [bag.cert] : [],
  );
  // The holder's certificate is the one whose public key is the private key's; the others are its CAs.
  const cert = certs.find((candidate) => {
    const key = candidate.publicKey as forge.pki.rsa.PublicKey;
    return key.n?.equals(forgeKey.n) && key.e?.equals(forgeKey.e);
  });
  if (!cert) throw badRequest(CERTIFICATE_MESSAGES.noKey);
  if (cert.validity.notAfter.getTime() < now.getTime()) throw badRequest(CERTIFICATE_MESSAGES.expired);
  if (cert.validity.notBefore.getTime() > now.getTime()) throw badRequest(CERTIFICATE_MESSAGES.notYetValid);
  const holderRut = holderRutOf(cert);
  if (!holderRut) throw badRequest(CERTIFICATE_MESSAGES.noRut);
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes();
  return {
    holderRut,
    validFrom: cert.validity.notBefore,
    validTo: cert.validity.notAfter,
    privateKey: createPrivateKey(forge.pki.privateKeyToPem(forgeKey)),
    certificateBase64: Buffer.from(der, 'binary').toString('base64'),
  };
}
