import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import type { SiiEndpoints } from './endpoints';
import { escapeXml, readXml, SiiTemporaryError } from './xml';

/** The company's certificate, as the outbox needs it (dte's companySigner, handed over by app.ts). */
export interface SiiSigner {
  /** RutEnvia: the holder, who sends. */
  holderRut: string;
  /** Appends an enveloped XMLDSig of the whole document (Reference URI="") to `root`. */
  signDocument(root: XMLBuilder): void;
}

/** What DTEUpload answered (RECEPCIONDTE): STATUS 0 and a TRACKID when it took the file. */
export interface UploadReply {
  status: string;
  trackId?: string;
  messages: string[];
}

/** What QueryEstUp answered: the upload's ESTADO and, once processed, the documents' counts. */
export interface UploadStatusReply {
  code: string;
  glosa: string;
  counts: { informed: number; accepted: number; rejected: number; repairs: number };
  /** One line per document type, as the SII reports them. */
  byType: string[];
}

const SOAP = 'http://schemas.xmlsoap.org/soap/envelope/';
/** The SII's services are Apache Axis RPC ones: Java's default namespace, no SOAPAction. */
const RPC = 'http://DefaultNamespace';

/** RUT "76123456-0" as the SII's forms take it: number and check digit apart. */
export const rutParts = (rut: string) => {
  const [number = '', digit = ''] = rut.replace(/\./g, '').toUpperCase().split('-');
  return { number, digit };
};

async function post(url: string, init: RequestInit, timeoutMs: number): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, method: 'POST', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    throw new SiiTemporaryError(`SII no disponible (${cause ?? (error as Error).message})`);
  }
  const text = await response.text();
  if (!response.ok) throw new SiiTemporaryError(`SII no disponible (HTTP ${response.status})`);
  return text;
}

/** Calls an RPC operation and returns the XML document the SII writes as its string result. */
async function soapCall(url: string, operation: string, params: Record<string, string>, timeoutMs: number) {
  const args = Object.entries(params)
    .map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`)
    .join('');
  const body =
    `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="${SOAP}">` +
    `<soapenv:Body><ns:${operation} xmlns:ns="${RPC}">${args}</ns:${operation}></soapenv:Body>` +
    '</soapenv:Envelope>';
  const reply = await post(
    url,
    { headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '""' }, body },
    timeoutMs,
  );
  const result = readXml(reply).first(`${operation}Return`);
  if (!result) throw new SiiTemporaryError(`Respuesta SOAP sin ${operation}Return`);
  return readXml(result);
}

/** The SII's answer to the seed and token calls: ESTADO 00 and the value, or a temporary failure. */
function answered(reply: ReturnType<typeof readXml>, field: string, step: string) {
  const estado = reply.first('ESTADO');
  const value = reply.first(field);
  if (estado !== '00' || !value) {
    throw new SiiTemporaryError(`${step}: ${estado ?? '?'} ${reply.first('GLOSA') ?? ''}`.trim());
  }
  return value;
}

/** The SII's web services as its manuals describe them (docs/decisions/0066). */
export function siiClient(endpoints: SiiEndpoints, timeoutMs: number) {
  return {
    /** CrSeed, then GetTokenFromSeed with the seed signed by the certificate. */
    async token(signer: SiiSigner): Promise<string> {
      const seed = answered(await soapCall(endpoints.seed, 'getSeed', {}, timeoutMs), 'SEMILLA', 'Semilla');
      const request = create({ version: '1.0' }).ele('getToken');
      request.ele('item').ele('Semilla').txt(seed);
      signer.signDocument(request);
      const xml = request.end({ headless: true, allowEmptyTags: true });
      const reply = await soapCall(endpoints.token, 'getToken', { pszXml: xml }, timeoutMs);
      return answered(reply, 'TOKEN', 'Token');
    },

    /** DTEUpload: the EnvioDTE's ISO-8859-1 bytes (as its declaration says) as the file `archivo`. */
    async upload(input: {
      token: string;
      senderRut: string;
      companyRut: string;
      fileName: string;
      xml: string;
    }): Promise<UploadReply> {
      const sender = rutParts(input.senderRut);
      const company = rutParts(input.companyRut);
      const form = new FormData();
      form.set('rutSender', sender.number);
      form.set('dvSender', sender.digit);
      form.set('rutCompany', company.number);
      form.set('dvCompany', company.digit);
      form.set('archivo', new Blob([Buffer.from(input.xml, 'latin1')], { type: 'text/xml' }), input.fileName);
      const reply = readXml(
        await post(
          endpoints.upload,
          // The SII's manual shows a browser's User-Agent; its upload has answered other clients with errors.
          {
            headers: { cookie: `TOKEN=${input.token}`, 'user-agent': 'Mozilla/4.0 (compatible; PROG 1.0)' },
            body: form,
          },
          timeoutMs,
        ),
      );
      const status = reply.first('STATUS');
      if (status === undefined) throw new SiiTemporaryError('Respuesta de DTEUpload sin STATUS');
      return { status, trackId: reply.first('TRACKID'), messages: reply.all('ERROR') };
    },

    /** QueryEstUp's getEstUp: the state of the upload `trackId` of the company. */
    async uploadStatus(input: {
      token: string;
      companyRut: string;
      trackId: string;
    }): Promise<UploadStatusReply> {
      const company = rutParts(input.companyRut);
      const reply = await soapCall(
        endpoints.uploadStatus,
        'getEstUp',
        {
          RutCompania: company.number,
          DvCompania: company.digit,
          TrackId: input.trackId,
          Token: input.token,
        },
        timeoutMs,
      );
      const code = reply.first('ESTADO');
      if (code === undefined) throw new SiiTemporaryError('Respuesta de QueryEstUp sin ESTADO');
      // One group of counts per document type; an envelope of ours carries one document.
      const numbers = (name: string) => reply.all(name).map(Number);
      const sum = (name: string) => numbers(name).reduce((a, b) => a + (Number.isFinite(b) ? b : 0), 0);
      const types = reply.all('TIPO_DOCTO');
      const byType = types.map(
        (type, i) =>
          `Tipo ${type}: ${numbers('INFORMADOS')[i]} informados, ${numbers('ACEPTADOS')[i]} aceptados, ` +
          `${numbers('RECHAZADOS')[i]} rechazados, ${numbers('REPAROS')[i]} con reparos`,
      );
      return {
        code,
        glosa: reply.first('GLOSA') ?? '',
        counts: {
          informed: sum('INFORMADOS'),
          accepted: sum('ACEPTADOS'),
          rejected: sum('RECHAZADOS'),
          repairs: sum('REPAROS'),
        },
        byType,
      };
    },
  };
}
export type SiiClient = ReturnType<typeof siiClient>;
