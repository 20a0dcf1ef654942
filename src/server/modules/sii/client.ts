import type { SiiEndpoints } from './endpoints';
import {
  answered,
  rutParts,
  SII_USER_AGENT,
  type SiiSigner,
  signedSeed,
  siiText,
  uploadForm,
} from './protocol';
import { escapeXml, readXml, SiiTemporaryError } from './xml';

export type { SiiSigner } from './protocol';

/** What DTEUpload answered (RECEPCIONDTE): STATUS 0 and a TRACKID when it took the file. */
export interface UploadReply {
  status: string;
  trackId?: string;
  messages: string[];
}

/** An upload: the envelope stored for the document, sent by the certificate's holder for the company. */
export interface UploadInput {
  token: string;
  senderRut: string;
  companyRut: string;
  fileName: string;
  xml: string;
}

/** What a status query answered: the upload's state and, once processed, the documents' counts. */
export interface UploadStatusReply {
  code: string;
  glosa: string;
  counts: { informed: number; accepted: number; rejected: number; repairs: number };
  /** One line per document type, as the SII reports them. */
  byType: string[];
  /** One line per document the SII rejected or accepted with reparos, with its errors (boletas). */
  details?: string[];
}

/** A document type's counts as the messages show them (both services report them per type). */
export const typeLine = (type: string | number, c: UploadStatusReply['counts']) =>
  `Tipo ${type}: ${c.informed} informados, ${c.accepted} aceptados, ${c.rejected} rechazados, ${c.repairs} con reparos`;

const SOAP = 'http://schemas.xmlsoap.org/soap/envelope/';
/** The SII's services are Apache Axis RPC ones: Java's default namespace, no SOAPAction. */
const RPC = 'http://DefaultNamespace';

const post = (url: string, init: RequestInit, timeoutMs: number) =>
  siiText(url, { ...init, method: 'POST' }, timeoutMs);

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
  return result;
}

/** The SII's web services as its manuals describe them (docs/decisions/0066). */
export function siiClient(endpoints: SiiEndpoints, timeoutMs: number) {
  return {
    /** CrSeed, then GetTokenFromSeed with the seed signed by the certificate. */
    async token(signer: SiiSigner): Promise<string> {
      const seed = answered(await soapCall(endpoints.seed, 'getSeed', {}, timeoutMs), 'SEMILLA', 'Semilla');
      const pszXml = signedSeed(signer, seed);
      return answered(await soapCall(endpoints.token, 'getToken', { pszXml }, timeoutMs), 'TOKEN', 'Token');
    },

    /** DTEUpload: the EnvioDTE as the file `archivo`, the token as the TOKEN cookie. */
    async upload(input: UploadInput): Promise<UploadReply> {
      const reply = readXml(
        await post(
          endpoints.upload,
          {
            headers: { cookie: `TOKEN=${input.token}`, 'user-agent': SII_USER_AGENT },
            body: uploadForm(input),
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
      const reply = readXml(
        await soapCall(
          endpoints.uploadStatus,
          'getEstUp',
          {
            RutCompania: company.number,
            DvCompania: company.digit,
            TrackId: input.trackId,
            Token: input.token,
          },
          timeoutMs,
        ),
      );
      const code = reply.first('ESTADO');
      if (code === undefined) throw new SiiTemporaryError('Respuesta de QueryEstUp sin ESTADO');
      // One group of counts per document type; an envelope of ours carries one document.
      const numbers = (name: string) => reply.all(name).map(Number);
      const sum = (name: string) => numbers(name).reduce((a, b) => a + (Number.isFinite(b) ? b : 0), 0);
      const at = (name: string, i: number) => numbers(name)[i] ?? Number.NaN;
      const byType = reply.all('TIPO_DOCTO').map((type, i) =>
        typeLine(type, {
          informed: at('INFORMADOS', i),
          accepted: at('ACEPTADOS', i),
          rejected: at('RECHAZADOS', i),
          repairs: at('REPAROS', i),
        }),
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
