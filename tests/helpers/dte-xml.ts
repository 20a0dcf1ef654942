import forge from 'node-forge';
import type { XmlNode } from './xml-check.mjs';

/** Reading a DTE's XML in the tests: the element names, the first or every element of a name, its text. */
export const names = (node: XmlNode) => node.children.map((child) => child.name);

/** The first element named `name` under `node`, depth first. */
export function first(node: XmlNode, name: string): XmlNode {
  const queue = [...node.children];
  for (let next = queue.shift(); next; next = queue.shift()) {
    if (next.name === name) return next;
    queue.unshift(...next.children);
  }
  throw new Error(`no ${name}`);
}

export function all(node: XmlNode, name: string): XmlNode[] {
  return node.children.flatMap((child) => [...(child.name === name ? [child] : []), ...all(child, name)]);
}

export const value = (node: XmlNode, name: string) => first(node, name).text;

/** The timbre's FRMT checked by node-forge with the CAF's public key (M, E) over DD as the document has it. */
export function timbreVerifies(xml: string, caf: { modulus: string; exponent: string }): boolean {
  const dd = /<DD>.*<\/DD>/s.exec(xml)?.[0] ?? '';
  const frmt = /<FRMT algoritmo="SHA1withRSA">([^<]+)<\/FRMT>/.exec(xml)?.[1] ?? '';
  const big = (b64: string) => new forge.jsbn.BigInteger(Buffer.from(b64, 'base64').toString('hex'), 16);
  const key = forge.pki.setRsaPublicKey(big(caf.modulus), big(caf.exponent));
  const md = forge.md.sha1.create();
  md.update(Buffer.from(dd, 'latin1').toString('binary'));
  try {
    return key.verify(md.digest().bytes(), Buffer.from(frmt, 'base64').toString('binary'));
  } catch {
    return false;
  }
}
