/**
 * A stand-in for the SII (house rule 1: the only part of the world the tests do not reach), a plain
 * node:http server speaking the protocol of its manuals: CrSeed/getSeed and GetTokenFromSeed/getToken
 * (SOAP, the seed signed by the certificate, checked here), DTEUpload (multipart, the token as the
 * TOKEN cookie) and QueryEstUp/getEstUp (SOAP). It checks with xml-crypto and xmldom, libraries the
 * app does not sign with: the signed seed's XMLDSig against the certificate in its KeyInfo, and at the
 * status query, as the SII does, every signature of the uploaded EnvioDTE against that certificate.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  cookieToken,
  escaped,
  find,
  multipart,
  respuesta,
  seedsAndTokens,
  standinServer,
} from './sii-standin-common';
import { verifySignatures, xmlTree } from './xml-check.mjs';

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

/** The SII's SOAP reply: its RESPUESTA document as the operation's string result. */
function soapReply(operation: string, body: string, header: string) {
  return (
    '<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/">' +
    `<soapenv:Body><ns1:${operation}Response xmlns:ns1="http://DefaultNamespace">` +
    `<${operation}Return>${escaped(respuesta(body, header))}</${operation}Return></ns1:${operation}Response></soapenv:Body></soapenv:Envelope>`
  );
}

export async function startSiiStandin() {
  const auth = seedsAndTokens();
  /** Token -> the certificate (PEM) whose signed seed got it. */
  const tokens = auth.tokens;
  const uploads: Upload[] = [];
  const calls = { seed: 0, token: 0, upload: 0, status: 0 };
  let unavailable = false;
  let verdict: Verdict = 'accept';
  /** Status queries answered "en proceso" before the final word. */
  let processingQueries = 0;
  let nextTrackId = 4_700_000;

  function getSeed(res: ServerResponse) {
    calls.seed++;
    res.end(soapReply('getSeed', `<SEMILLA>${auth.newSeed()}</SEMILLA>`, '<ESTADO>00</ESTADO>'));
  }

  function getToken(body: string, res: ServerResponse) {
    calls.token++;
    const signed = find(xmlTree(body), 'pszXml')?.text ?? '';
    const answer = auth.exchange(signed);
    if (!('token' in answer)) {
      return res.end(
        soapReply('getToken', '', `<ESTADO>${answer.estado}</ESTADO><GLOSA>${answer.glosa}</GLOSA>`),
      );
    }
    res.end(
      soapReply(
        'getToken',
        `<TOKEN>${answer.token}</TOKEN>`,
        '<ESTADO>00</ESTADO><GLOSA>Token Creado</GLOSA>',
      ),
    );
  }

  function upload(request: IncomingMessage, body: Buffer, res: ServerResponse) {
    calls.upload++;
    const token = cookieToken(request);
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

  function handle(request: IncomingMessage, body: Buffer, res: ServerResponse) {
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
  const server = await standinServer(handle, () => unavailable);

  return {
    ...server,
    uploads,
    calls,
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
