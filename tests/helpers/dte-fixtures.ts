/**
 * A CAF and a certificate of our own, made the way the SII and a certification authority make them:
 * a "SII" key signs the CAF's DA (FRMA), the CAF carries its folio key pair (RSASK, RSAPK), and the
 * company's certificate is a self-signed X.509 with the holder's RUT, in a password-protected .p12.
 */
import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import forge from 'node-forge';

export const COMPANY_RUT = '76123456-0';
export const HOLDER_RUT = '11111111-1';

const pem = (key: KeyObject, type: 'pkcs1' | 'spki') =>
  key.export({ format: 'pem', type } as never).toString();

export const rsaPair = (bits = 512) => generateKeyPairSync('rsa', { modulusLength: bits });

/** The SII's key that signs CAFs (FRMA). */
export const siiKey = rsaPair(1024);

export interface CafOptions {
  rut?: string;
  type?: number;
  from?: number;
  to?: number;
  /** Another pair's private key in RSASK: a CAF whose keys do not match. */
  wrongPrivateKey?: KeyObject;
}

/** A CAF file's text, indented as the SII's files are. */
export function makeCaf(options: CafOptions = {}) {
  const { rut = COMPANY_RUT, type = 33, from = 1, to = 100 } = options;
  const pair = rsaPair(512);
  const jwk = pair.publicKey.export({ format: 'jwk' });
  const b64 = (value?: string) => Buffer.from(value ?? '', 'base64url').toString('base64');
  const da =
    `<DA><RE>${rut}</RE><RS>VIAJES DEMO SPA</RS><TD>${type}</TD><RNG><D>${from}</D><H>${to}</H></RNG>` +
    `<FA>2026-01-15</FA><RSAPK><M>${b64(jwk.n)}</M><E>${b64(jwk.e)}</E></RSAPK><IDK>100</IDK></DA>`;
  const frma = sign('RSA-SHA1', Buffer.from(da, 'latin1'), siiKey.privateKey).toString('base64');
  const xml = [
    '<?xml version="1.0"?>',
    '<AUTORIZACION>',
    '<CAF version="1.0">',
    da.replace(/></g, '>\n<'),
    `<FRMA algoritmo="SHA1withRSA">${frma}</FRMA>`,
    '</CAF>',
    `<RSASK>${pem(options.wrongPrivateKey ?? pair.privateKey, 'pkcs1')}</RSASK>`,
    `<RSAPUBK>${pem(pair.publicKey, 'spki')}</RSAPUBK>`,
    '</AUTORIZACION>',
  ].join('\n');
  return { xml, publicKey: pair.publicKey, modulus: b64(jwk.n), exponent: b64(jwk.e) };
}

export interface CertificateOptions {
  rut?: string;
  password?: string;
  notBefore?: Date;
  notAfter?: Date;
}

/** A .p12 in base64 holding a self-signed certificate of `rut` and its key; also the certificate's PEM. */
export function makeP12(options: CertificateOptions = {}) {
  const {
    rut = HOLDER_RUT,
    password = 'clave-secreta',
    notBefore = new Date(Date.now() - 86_400_000),
    notAfter = new Date(Date.now() + 365 * 86_400_000),
  } = options;
  const pair = rsaPair(2048);
  const privateKey = forge.pki.privateKeyFromPem(pem(pair.privateKey, 'pkcs1'));
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(pem(pair.publicKey, 'spki'));
  cert.serialNumber = '01';
  cert.validity.notBefore = notBefore;
  cert.validity.notAfter = notAfter;
  const subject = [
    { name: 'commonName', value: 'Ana Pérez' },
    { shortName: 'serialNumber', type: '2.5.4.5', value: rut },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.sign(privateKey, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(privateKey, [cert], password, { algorithm: '3des' });
  return {
    base64: Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary').toString('base64'),
    certificatePem: forge.pki.certificateToPem(cert),
    password,
  };
}
