// Reads and verifies XML with libraries the code under test does not use (xmldom, xml-crypto). Plain
// JavaScript with its types in xml-check.d.mts: their own type files pull the DOM library into the
// server's TypeScript program, which clashes with Node's stream types.
import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';

const DSIG = 'http://www.w3.org/2000/09/xmldsig#';

const parse = (xml) => new DOMParser().parseFromString(xml, 'text/xml');

function toTree(element) {
  const children = Array.from(element.childNodes).filter((node) => node.nodeType === 1);
  const attributes = {};
  for (const attribute of Array.from(element.attributes)) attributes[attribute.name] = attribute.value;
  return {
    name: element.localName,
    namespace: element.namespaceURI,
    attributes,
    text: element.textContent ?? '',
    children: children.map(toTree),
  };
}

/** The document as a plain tree of elements (name, namespace, attributes, text, children). */
export const xmlTree = (xml) => toTree(parse(xml).documentElement);

/** Each XMLDSig Signature of the document, in order, checked by xml-crypto against `certificatePem`. */
export function verifySignatures(xml, certificatePem) {
  return Array.from(parse(xml).getElementsByTagNameNS(DSIG, 'Signature')).map((node) => {
    const check = new SignedXml({ publicCert: certificatePem });
    check.loadSignature(node);
    try {
      return check.checkSignature(xml);
    } catch {
      return false;
    }
  });
}
