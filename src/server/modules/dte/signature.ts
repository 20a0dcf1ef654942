import { createHash, createPublicKey, type KeyObject, sign } from 'node:crypto';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';

/** Who signs: the certificate's key and the certificate itself, for KeyInfo. */
export interface Signer {
  privateKey: KeyObject;
  certificateBase64: string;
}

const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';

/**
 * How every XML of this module is written: empty elements as a start and an end tag, the way
 * canonical XML (C14N) writes them. With the text cleaned by siiText (no control characters) and one
 * attribute per element or attributes already in C14N's order, an element serialised this way, with
 * the namespace it inherits, IS its canonical form, so its digest can be taken from the text.
 */
export const WRITE = { allowEmptyTags: true } as const;

const base64Of = (base64url: string) => Buffer.from(base64url, 'base64url').toString('base64');

/**
 * Signs `referenced` (an element with attribute ID = `id`) the way the SII requires: an enveloped
 * XMLDSig Signature appended to `parent`, RSA-SHA1 over the canonical SignedInfo, whose one Reference
 * "#id" holds the SHA-1 of the referenced element's canonical form; KeyInfo carries the RSA key's
 * numbers and the certificate.
 */
export function signEnveloped(parent: XMLBuilder, referenced: XMLBuilder, id: string, signer: Signer): void {
  appendSignature(parent, referenced, `#${id}`, signer);
}

/**
 * Signs a whole document (`root`, its element) as the SII's token request wants its seed signed:
 * the Signature appended to the root, a Reference URI="" with the enveloped-signature transform, so
 * the digest is of the root as it was before the Signature was added.
 */
export function signDocument(root: XMLBuilder, signer: Signer): void {
  appendSignature(root, root, '', signer);
}

function appendSignature(parent: XMLBuilder, referenced: XMLBuilder, uri: string, signer: Signer) {
  // Taken before the Signature is appended: for URI="" that is the enveloped transform's result.
  const digest = createHash('sha1').update(referenced.toString(WRITE), 'utf8').digest('base64');
  const signature = parent.ele(DSIG, 'Signature');
  const signedInfo = signature.ele('SignedInfo');
  signedInfo.ele('CanonicalizationMethod', { Algorithm: C14N });
  signedInfo.ele('SignatureMethod', { Algorithm: `${DSIG}rsa-sha1` });
  const reference = signedInfo.ele('Reference', { URI: uri });
  if (uri === '') reference.ele('Transforms').ele('Transform', { Algorithm: `${DSIG}enveloped-signature` });
  reference.ele('DigestMethod', { Algorithm: `${DSIG}sha1` });
  reference.ele('DigestValue').txt(digest);
  // SignedInfo's text here carries the Signature's namespace, as its canonical form does.
  const value = sign('RSA-SHA1', Buffer.from(signedInfo.toString(WRITE), 'utf8'), signer.privateKey);
  signature.ele('SignatureValue').txt(value.toString('base64'));
  const jwk = createPublicKey(signer.privateKey).export({ format: 'jwk' });
  const keyInfo = signature.ele('KeyInfo');
  const rsa = keyInfo.ele('KeyValue').ele('RSAKeyValue');
  rsa.ele('Modulus').txt(base64Of(jwk.n ?? ''));
  rsa.ele('Exponent').txt(base64Of(jwk.e ?? ''));
  keyInfo.ele('X509Data').ele('X509Certificate').txt(signer.certificateBase64);
}
