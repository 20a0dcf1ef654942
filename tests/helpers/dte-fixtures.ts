/**
 * A CAF and a certificate of our own, made the way the SII and a certification authority make them:
 * a "SII" key signs the CAF's DA (FRMA), the CAF carries its folio key pair (RSASK, RSAPK), and the
 * company's certificate is a self-signed X.509 with the holder's RUT, in a password-protected .p12.
 */
import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import forge from 'node-forge';

/** The company's RUT as the SII writes it (CAFs, XML), and as the tax data store and show it (decision 0087). */
export const COMPANY_RUT = '76123456-0';
export const COMPANY_RUT_STORED = '76.123.456-0';
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
  /** The iterations of each key derivation (the MAC's and the key bag's); node-forge's default is 2,048. */
  count?: number;
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
  const p12 = forge.pkcs12.toPkcs12Asn1(privateKey, [cert], password, {
    algorithm: '3des',
    ...(options.count ? { count: options.count } : {}),
  });
  return {
    base64: Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary').toString('base64'),
    certificatePem: forge.pki.certificateToPem(cert),
    password,
  };
}

const { asn1 } = forge;
type Node = forge.asn1.Asn1;
const children = (node: Node | undefined) => (node?.value ?? []) as Node[];
const node = (type: number, value: string | Node[]) =>
  asn1.create(asn1.Class.UNIVERSAL, type, typeof value !== 'string', value);

/** An INTEGER node of `value` (positive, as iteration counts are). */
function integer(value: number): Node {
  const hex = value.toString(16);
  return node(asn1.Type.INTEGER, forge.util.hexToBytes(hex.length % 2 ? `0${hex}` : hex));
}

/**
 * A .p12 of makeP12 edited as an attacker would, to ask `count` iterations: of its MAC (the password
 * still checks it, so reading it takes the count's derivation); of its key bag (the MAC then fails,
 * after a derivation of the MAC's count); or of its key bag moved into an encrypted SafeContents
 * (PBES2, 2,048 iterations), where the count shows only once that is opened with the password.
 */
export function withIterations(
  p12: { base64: string; password: string },
  where: 'mac' | 'keyBag' | 'encryptedKeyBag',
  count: number,
): string {
  const pfx = asn1.fromDer(forge.util.binary.raw.encode(Buffer.from(p12.base64, 'base64')));
  const [, authSafe, macData] = children(pfx);
  if (where === 'mac') children(macData)[2] = integer(count);
  else {
    // authSafe (data) -> AuthenticatedSafe -> the key's ContentInfo (data) -> SafeContents -> its bag.
    const octets = children(children(authSafe)[1])[0] as Node;
    const contents = asn1.fromDer(octets.value as string);
    const keyInfo = children(contents).at(-1) as Node;
    const bags = asn1.fromDer(children(children(keyInfo)[1])[0]?.value as string);
    const algorithm = children(children(children(children(bags)[0])[1])[0])[0];
    children(children(algorithm)[1])[1] = integer(count);
    children(contents)[children(contents).length - 1] =
      where === 'keyBag' ? dataContentInfo(bags) : encryptedContentInfo(bags, p12.password);
    octets.value = asn1.toDer(contents).getBytes();
  }
  return Buffer.from(asn1.toDer(pfx).getBytes(), 'binary').toString('base64');
}

const contentInfo = (oid: string, content: Node) =>
  node(asn1.Type.SEQUENCE, [
    node(asn1.Type.OID, asn1.oidToDer(oid).getBytes()),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [content]),
  ]);
const dataContentInfo = (safeContents: Node) =>
  contentInfo(
    forge.pki.oids.data as string,
    node(asn1.Type.OCTETSTRING, asn1.toDer(safeContents).getBytes()),
  );

/** SafeContents as PKCS#7 EncryptedData: node-forge's EncryptedPrivateKeyInfo encrypts any DER. */
function encryptedContentInfo(safeContents: Node, password: string): Node {
  const [algorithm, encrypted] = children(
    forge.pki.encryptPrivateKeyInfo(safeContents, password, { count: 2048 }),
  );
  const data = asn1.oidToDer(forge.pki.oids.data as string).getBytes();
  return contentInfo(
    forge.pki.oids.encryptedData as string,
    node(asn1.Type.SEQUENCE, [
      integer(0),
      node(asn1.Type.SEQUENCE, [
        node(asn1.Type.OID, data),
        algorithm as Node,
        asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, false, encrypted?.value as string),
      ]),
    ]),
  );
}
