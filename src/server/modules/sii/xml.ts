import { create } from 'xmlbuilder2';

/**
 * A failure worth trying again later: the SII unreachable or busy (a refused connection, a timeout,
 * an HTTP error, a reply that is not what its protocol says), or this server not ready (no
 * certificate). Its message is recorded as the try's error.
 */
export class SiiTemporaryError extends Error {}

interface Elements {
  length: number;
  [index: number]: { textContent: string | null };
}

/** The text of a reply's elements by local name, whatever their prefix. */
export function readXml(text: string) {
  let doc: { getElementsByTagNameNS(ns: string, name: string): Elements };
  try {
    doc = create(text).node as unknown as typeof doc;
  } catch {
    throw new SiiTemporaryError(`Respuesta ilegible del SII: ${text.slice(0, 200)}`);
  }
  const all = (name: string) => {
    const list = doc.getElementsByTagNameNS('*', name);
    const texts: string[] = [];
    for (let i = 0; i < list.length; i++) texts.push((list[i]?.textContent ?? '').trim());
    return texts;
  };
  return {
    all,
    first: (name: string): string | undefined => all(name)[0],
  };
}

/** Text for an XML element's content or attribute. */
export const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
