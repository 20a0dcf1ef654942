/**
 * What the two stand-ins of the SII share (tests/helpers/sii-standin.ts for the factura service,
 * tests/helpers/sii-boleta-standin.ts for the boleta one): reading requests, the signed seed's check
 * (xml-crypto and xmldom, libraries the app does not sign with) and a server that can be stopped and
 * started again on its port.
 */
import { randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { freePort } from './free-port';
import { verifySignatures, type XmlNode, xmlTree } from './xml-check.mjs';

export function find(node: XmlNode, name: string): XmlNode | undefined {
  if (node.name === name) return node;
  for (const child of node.children) {
    const found = find(child, name);
    if (found) return found;
  }
  return undefined;
}

export const escaped = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The SII's RESPUESTA document (seed and token replies of both services). */
export const respuesta = (body: string, header: string) =>
  '<?xml version="1.0" encoding="UTF-8"?><SII:RESPUESTA xmlns:SII="http://www.sii.cl/XMLSchema">' +
  `<SII:RESP_BODY>${body}</SII:RESP_BODY><SII:RESP_HDR>${header}</SII:RESP_HDR></SII:RESPUESTA>`;

/** The multipart form's fields; the file as its bytes read one per character (ISO-8859-1). */
export function multipart(body: Buffer, contentType: string) {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const fields: Record<string, { value: string; fileName?: string }> = {};
  if (!boundary) return fields;
  const text = body.toString('latin1');
  for (const part of text.split(`--${boundary[1] ?? boundary[2]}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const headers = part.slice(0, split);
    const name = /name="([^"]+)"/.exec(headers)?.[1];
    if (!name) continue;
    fields[name] = {
      value: part.slice(split + 4).replace(/\r\n$/, ''),
      fileName: /filename="([^"]*)"/.exec(headers)?.[1],
    };
  }
  return fields;
}

export const cookieToken = (request: IncomingMessage) =>
  /(?:^|;\s*)TOKEN=([^;]+)/.exec(request.headers.cookie ?? '')?.[1] ?? '';

export const read = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

/** Seeds handed out and not yet used, and the tokens their signatures bought (token -> certificate). */
export function seedsAndTokens() {
  const seeds = new Set<string>();
  const tokens = new Map<string, string>();
  return {
    tokens,
    newSeed() {
      const seed = String(randomInt(1e11, 1e12 - 1)).padStart(12, '0');
      seeds.add(seed);
      return seed;
    },
    /**
     * A signed `getToken` checked as the SII does: one of its seeds (once), Reference URI="", the
     * XMLDSig verifying against the certificate in its KeyInfo. A token, or the SII's refusal.
     */
    exchange(signed: string): { token: string } | { estado: string; glosa: string } {
      let doc: XmlNode;
      try {
        doc = xmlTree(signed);
      } catch {
        return { estado: '-07', glosa: 'Error de Firma' };
      }
      const seed = find(doc, 'Semilla')?.text ?? '';
      const certificate = find(doc, 'X509Certificate')?.text.replace(/\s+/g, '') ?? '';
      const pem = `-----BEGIN CERTIFICATE-----\n${certificate.match(/.{1,64}/g)?.join('\n')}\n-----END CERTIFICATE-----\n`;
      const reference = find(doc, 'Reference')?.attributes.URI;
      if (doc.name !== 'getToken' || reference !== '') return { estado: '-07', glosa: 'Error de Firma' };
      if (!seeds.delete(seed)) return { estado: '-03', glosa: 'Semilla invalida' };
      if (verifySignatures(signed, pem).join() !== 'true') return { estado: '-07', glosa: 'Error de Firma' };
      const token = Array.from(
        { length: 13 },
        () => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'[randomInt(36)],
      ).join('');
      tokens.set(token, pem);
      return { token };
    },
  };
}

/**
 * A node:http server on a free port of 127.0.0.1 answering `handle`, 503 to everything while
 * `unavailable()`; `stop` closes it (connections refused) and `start` listens on the same port again.
 */
export async function standinServer(
  handle: (request: IncomingMessage, body: Buffer, res: ServerResponse) => void,
  unavailable: () => boolean,
) {
  const port = await freePort();
  let server: Server | undefined;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      if (server) return resolve();
      const starting = createServer((request, res) => {
        read(request)
          .then((body) => {
            if (!unavailable()) return handle(request, body, res);
            res.statusCode = 503;
            res.end('Servicio no disponible');
          })
          .catch(() => {
            res.statusCode = 500;
            res.end();
          });
      });
      starting.once('error', reject);
      starting.listen(port, '127.0.0.1', () => {
        server = starting;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.closeAllConnections();
      server.close(() => resolve());
      server = undefined;
    });
  await start();
  return { url: `http://127.0.0.1:${port}`, start, stop };
}
