/**
 * A stand-in for the SII's boleta service (docs/decisions/0102), apart from the factura one's
 * (tests/helpers/sii-standin.ts) as the SII keeps them on other hosts: GET boleta.electronica.semilla,
 * POST boleta.electronica.token with the signed seed (checked as the factura stand-in checks it),
 * POST boleta.electronica.envio (multipart, the token as the TOKEN cookie, answering a track id in
 * JSON) and GET boleta.electronica.envio/{rut}-{dv}-{trackid} (JSON: estado, estadistica,
 * detalle_rep_rech). A token it does not know is HTTP 401, as the SII answers. At the status query it
 * verifies every signature of the uploaded EnvioBOLETA against the token's certificate.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Upload, Verdict } from './sii-standin';
import { cookieToken, find, multipart, respuesta, seedsAndTokens, standinServer } from './sii-standin-common';
import { verifySignatures, type XmlNode, xmlTree } from './xml-check.mjs';

const PATH = '/recursos/v1/boleta.electronica';
const STATUS_PATH = /^\/recursos\/v1\/boleta\.electronica\.envio\/(\d+)-([\dK])-(\d+)$/;

export async function startSiiBoletaStandin() {
  const auth = seedsAndTokens();
  const uploads: Upload[] = [];
  const calls = { seed: 0, token: 0, upload: 0, status: 0 };
  let unavailable = false;
  let verdict: Verdict = 'accept';
  let processingQueries = 0;
  // The boleta service's track ids run to 15 digits.
  let nextTrackId = 202_612_000_000_001;

  const send = (res: ServerResponse, status: number, type: string, body: string) => {
    res.statusCode = status;
    res.setHeader('content-type', type);
    res.end(body);
  };
  const sendJson = (res: ServerResponse, status: number, body: object) =>
    send(res, status, 'application/json', JSON.stringify(body));
  const refused = (res: ServerResponse) => sendJson(res, 401, { message: 'NO ESTA AUTENTICADO' });

  function token(body: string, res: ServerResponse) {
    calls.token++;
    const answer = auth.exchange(body);
    const xml =
      'token' in answer
        ? respuesta(`<TOKEN>${answer.token}</TOKEN>`, '<ESTADO>00</ESTADO><GLOSA>Token Creado</GLOSA>')
        : respuesta('', `<ESTADO>${answer.estado}</ESTADO><GLOSA>${answer.glosa}</GLOSA>`);
    send(res, 200, 'application/xml', xml);
  }

  function upload(request: IncomingMessage, body: Buffer, res: ServerResponse) {
    calls.upload++;
    const token = cookieToken(request);
    if (!auth.tokens.has(token)) return refused(res);
    const fields = multipart(body, request.headers['content-type'] ?? '');
    const file = fields.archivo;
    const rut = (n: string, d: string) => `${fields[n]?.value}-${fields[d]?.value}`;
    if (!file?.fileName || !fields.rutSender || !fields.rutCompany) {
      return sendJson(res, 400, { message: 'Faltan campos del envío' });
    }
    const trackId = String(nextTrackId++);
    const entry = {
      trackId,
      rutSender: rut('rutSender', 'dvSender'),
      rutCompany: rut('rutCompany', 'dvCompany'),
      fileName: file.fileName,
      xml: file.value,
      token,
    };
    uploads.push(entry);
    // The file is checked later (schema, signatures): the upload only takes it.
    sendJson(res, 200, {
      rut_emisor: entry.rutCompany,
      rut_envia: entry.rutSender,
      trackid: Number(trackId),
      fecha_recepcion: new Date().toISOString().slice(0, 19).replace('T', ' '),
      estado: 'REC',
      file: file.fileName,
    });
  }

  function status(request: IncomingMessage, match: RegExpExecArray, res: ServerResponse) {
    calls.status++;
    const certificate = auth.tokens.get(cookieToken(request));
    if (!certificate) return refused(res);
    const [, number, digit, trackId] = match;
    const found = uploads.find((u) => u.trackId === trackId && u.rutCompany === `${number}-${digit}`);
    if (!found) return sendJson(res, 404, { message: 'No existe el envío' });
    const header = { rut_emisor: found.rutCompany, rut_envia: found.rutSender, trackid: Number(trackId) };
    const answer = (estado: string, rest: object = {}) => {
      found.state = estado;
      sendJson(res, 200, { ...header, estado, ...rest });
    };
    if (processingQueries > 0) {
      processingQueries--;
      return answer('REC');
    }
    let doc: XmlNode;
    try {
      doc = xmlTree(found.xml);
    } catch {
      return answer('RSC');
    }
    if (doc.name !== 'EnvioBOLETA') return answer('RSC');
    const signatures = verifySignatures(found.xml, certificate);
    if (signatures.length < 1 || signatures.includes(false)) return answer('RFR');
    const tipo = Number(find(doc, 'TipoDTE')?.text);
    const folio = Number(find(doc, 'Folio')?.text);
    const [aceptados, rechazados, reparos] =
      verdict === 'accept' ? [1, 0, 0] : verdict === 'repairs' ? [0, 0, 1] : [0, 1, 0];
    const problem =
      verdict === 'accept'
        ? []
        : [
            verdict === 'repairs'
              ? { tipo, folio, estado: 'RPR', descripcion: 'DTE Aceptado con Reparos', error: [] }
              : {
                  tipo,
                  folio,
                  estado: 'RCH',
                  descripcion: 'DTE Rechazado',
                  error: [
                    { seccion: 'HED', codigo: 100, descripcion: 'Monto total no cuadra', detalle: null },
                  ],
                },
          ];
    answer('EPR', {
      estadistica: [{ tipo, informados: 1, aceptados, rechazados, reparos }],
      detalle_rep_rech: problem,
    });
  }

  function handle(request: IncomingMessage, body: Buffer, res: ServerResponse) {
    const url = request.url ?? '';
    const statusMatch = STATUS_PATH.exec(url);
    if (request.method === 'GET' && url === `${PATH}.semilla`) {
      calls.seed++;
      return send(
        res,
        200,
        'application/xml',
        respuesta(`<SEMILLA>${auth.newSeed()}</SEMILLA>`, '<ESTADO>00</ESTADO>'),
      );
    }
    if (request.method === 'POST' && url === `${PATH}.token`) return token(body.toString('utf8'), res);
    if (request.method === 'POST' && url === `${PATH}.envio`) return upload(request, body, res);
    if (request.method === 'GET' && statusMatch) return status(request, statusMatch, res);
    send(res, 404, 'text/plain', 'No encontrado');
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
    /** The next `count` status queries answer REC (received, not processed yet). */
    processFor(count: number) {
      processingQueries = count;
    },
    /** Forgets every token, as the SII does when they expire. */
    expireTokens() {
      auth.tokens.clear();
    },
  };
}
export type SiiBoletaStandin = Awaited<ReturnType<typeof startSiiBoletaStandin>>;
