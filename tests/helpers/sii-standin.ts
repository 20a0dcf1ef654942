/**
 * A stand-in for the SII (house rule 1: the only part of the world the tests do not reach), a plain
 * node:http server speaking the protocol of its manuals: CrSeed/getSeed and GetTokenFromSeed/getToken
 * (SOAP, the seed signed by the certificate, checked here), DTEUpload (multipart, the token as the
 * TOKEN cookie) and QueryEstUp/getEstUp (SOAP). It checks with xml-crypto and xmldom, libraries the
 * app does not sign with: the signed seed's XMLDSig against the certificate in its KeyInfo, and at the
 * status query, as the SII does, every signature of the uploaded EnvioDTE against that certificate.
 */
import { randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { freePort } from './free-port';
import { verifySignatures, type XmlNode, xmlTree } from './xml-check.mjs';

export type Verdict = 'accept' | 'repairs' | 'reject-document';

export interface Upload {
  trackId: string;
  rutSender: string;
  rutCompany: string;
  fileName: string;
  xml: string;
  token: string;
  /** What the last status query answered (ESTADO). */
  state?: string;
}

function find(node: XmlNode, name: string): XmlNode | undefined {
  if (node.name === name) return node;
  for (const child of node.children) {
    const found = find(child, name);
    if (found) return found;
  }
  return undefined;
}

const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The SII's SOAP reply: its RESPUESTA document as the operation's string result. */
function soapReply(operation: string, body: string, header: string) {
  const inner =
    '<?xml version="1.0" encoding="UTF-8"?><SII:RESPUESTA xmlns:SII="http://www.sii.cl/XMLSchema">' +
    `<SII:RESP_BODY>${body}</SII:RESP_BODY><SII:RESP_HDR>${header}</SII:RESP_HDR></SII:RESPUESTA>`;
  return (
    '<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/">' +
    `<soapenv:Body><ns1:${operation}Response xmlns:ns1="http://DefaultNamespace">` +
    `<${operation}Return>${escaped(inner)}</${operation}Return></ns1:${operation}Response></soapenv:Body></soapenv:Envelope>`
  );
}

/** The multipart form's fields; the file as its bytes read one per character (ISO-8859-1). */
function multipart(body: Buffer, contentType: string) {
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

const read = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

export async function startSiiStandin() {
  const port = await freePort();
  const seeds = new Set<string>();
  /** Token -> the certificate (PEM) whose signed seed got it. */
  const tokens = new Map<string, string>();
  const uploads: Upload[] = [];
  const calls = { seed: 0, token: 0, upload: 0, status: 0 };
  let unavailable = false;
  let verdict: Verdict = 'accept';
  /** Status queries answered "en proceso" before the final word. */
  let processingQueries = 0;
  let nextTrackId = 4_700_000;
  let server: Server | undefined;

  function getSeed(res: ServerResponse) {
    calls.seed++;
    const seed = String(randomInt(1e11, 1e12 - 1)).padStart(12, '0');
    seeds.add(seed);
    res.end(soapReply('getSeed', `<SEMILLA>${seed}</SEMILLA>`, '<ESTADO>00</ESTADO>'));
  }

  function getToken(body: string, res: ServerResponse) {
    calls.token++;
    const signed = find(xmlTree(body), 'pszXml')?.text ?? '';
    const refuse = (estado: string, glosa: string) =>
      res.end(soapReply('getToken', '', `<ESTADO>${estado}</ESTADO><GLOSA>${glosa}</GLOSA>`));
    let doc: XmlNode;
    try {
      doc = xmlTree(signed);
    } catch {
      return refuse('-07', 'Error de Firma');
    }
    const seed = find(doc, 'Semilla')?.text ?? '';
    const certificate = find(doc, 'X509Certificate')?.text.replace(/\s+/g, '') ?? '';
    const pem = `-----BEGIN CERTIFICATE-----\n${certificate.match(/.{1,64}/g)?.join('\n')}\n-----END CERTIFICATE-----\n`;
    const reference = find(doc, 'Reference')?.attributes.URI;
    if (doc.name !== 'getToken' || reference !== '') return refuse('-07', 'Error de Firma');
    if (!seeds.delete(seed)) return refuse('-03', 'Semilla invalida');
    if (verifySignatures(signed, pem).join() !== 'true') return refuse('-07', 'Error de Firma');
    const token = Array.from(
      { length: 13 },
      () => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'[randomInt(36)],
    ).join('');
    tokens.set(token, pem);
    res.end(
      soapReply('getToken', `<TOKEN>${token}</TOKEN>`, '<ESTADO>00</ESTADO><GLOSA>Token Creado</GLOSA>'),
    );
  }

  function upload(request: IncomingMessage, body: Buffer, res: ServerResponse) {
    calls.upload++;
    const token = /(?:^|;\s*)TOKEN=([^;]+)/.exec(request.headers.cookie ?? '')?.[1] ?? '';
    const fields = multipart(body, request.headers['content-type'] ?? '');
    const reply = (status: string, extra = '') =>
      res.end(`<?xml version="1.0"?><RECEPCIONDTE><STATUS>${status}</STATUS>${extra}</RECEPCIONDTE>`);
    if (!tokens.has(token)) return reply('5');
    const file = fields.archivo;
    const rut = (n: string, d: string) => `${fields[n]?.value}-${fields[d]?.value}`;
    if (!file?.fileName || !fields.rutSender || !fields.rutCompany) return reply('99');
    try {
      if (xmlTree(file.value).name !== 'EnvioDTE') throw new Error('not an EnvioDTE');
    } catch {
      return reply('7', '<DETAIL><ERROR>El archivo no es un EnvioDTE</ERROR></DETAIL>');
    }
    const trackId = String(nextTrackId++).padStart(10, '0');
    uploads.push({
      trackId,
      rutSender: rut('rutSender', 'dvSender'),
      rutCompany: rut('rutCompany', 'dvCompany'),
      fileName: file.fileName,
      xml: file.value,
      token,
    });
    reply('0', `<FILE>${file.fileName}</FILE><TRACKID>${trackId}</TRACKID>`);
  }

  function getEstUp(body: string, res: ServerResponse) {
    calls.status++;
    const doc = xmlTree(body);
    const field = (name: string) => find(doc, name)?.text ?? '';
    const header = (estado: string, glosa: string) =>
      `<TRACKID>${field('TrackId')}</TRACKID><ESTADO>${estado}</ESTADO><GLOSA>${glosa}</GLOSA>`;
    const answer = (estado: string, glosa: string, counts = '') =>
      res.end(soapReply('getEstUp', counts, header(estado, glosa)));
    const certificate = tokens.get(field('Token'));
    if (!certificate) return answer('002', 'Token inactivo');
    const found = uploads.find(
      (u) =>
        u.trackId === field('TrackId') && u.rutCompany === `${field('RutCompania')}-${field('DvCompania')}`,
    );
    if (!found) return answer('-11', 'Error: no existe el envio');
    if (processingQueries > 0) {
      processingQueries--;
      found.state = 'PDR';
      return answer('PDR', 'Envio en Proceso');
    }
    const signatures = verifySignatures(found.xml, certificate);
    if (signatures.length < 2 || signatures.includes(false)) {
      found.state = 'RFR';
      return answer('RFR', 'Rechazado por Error en Firma');
    }
    const type = find(xmlTree(found.xml), 'TipoDTE')?.text ?? '';
    const [accepted, rejected, repairs] =
      verdict === 'accept' ? [1, 0, 0] : verdict === 'repairs' ? [0, 0, 1] : [0, 1, 0];
    found.state = 'EPR';
    answer(
      'EPR',
      'Envio Procesado',
      `<TIPO_DOCTO>${type}</TIPO_DOCTO><INFORMADOS>1</INFORMADOS><ACEPTADOS>${accepted}</ACEPTADOS>` +
        `<RECHAZADOS>${rejected}</RECHAZADOS><REPAROS>${repairs}</REPAROS>`,
    );
  }

  async function handle(request: IncomingMessage, res: ServerResponse) {
    const body = await read(request);
    if (unavailable) {
      res.statusCode = 503;
      return res.end('Servicio no disponible');
    }
    if (request.method !== 'POST') {
      res.statusCode = 405;
      return res.end();
    }
    res.setHeader('content-type', 'text/xml');
    const text = body.toString('utf8');
    switch (request.url) {
      case '/DTEWS/CrSeed.jws':
        return getSeed(res);
      case '/DTEWS/GetTokenFromSeed.jws':
        return getToken(text, res);
      case '/cgi_dte/UPL/DTEUpload':
        return upload(request, body, res);
      case '/DTEWS/QueryEstUp.jws':
        return getEstUp(text, res);
      default:
        res.statusCode = 404;
        res.end();
    }
  }

  /** Listens on the same port again after `stop` (nothing when listening already). */
  const start = () =>
    new Promise<void>((resolve, reject) => {
      if (server) return resolve();
      const starting = createServer((request, res) => {
        handle(request, res).catch(() => {
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

  return {
    url: `http://127.0.0.1:${port}`,
    uploads,
    calls,
    start,
    stop,
    /** Every call answered 503 while true. */
    setUnavailable(value: boolean) {
      unavailable = value;
    },
    /** The SII's word on the next processed uploads whose signatures verify. */
    setVerdict(value: Verdict) {
      verdict = value;
    },
    /** The next `count` status queries answer PDR (in process). */
    processFor(count: number) {
      processingQueries = count;
    },
    /** Forgets every token, as the SII does when they expire. */
    expireTokens() {
      tokens.clear();
    },
  };
}
export type SiiStandin = Awaited<ReturnType<typeof startSiiStandin>>;
