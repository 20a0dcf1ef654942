import { typeLine, type UploadInput, type UploadStatusReply } from './client';
import type { SiiBoletaEndpoints } from './endpoints';
import {
  answered,
  rutParts,
  SII_USER_AGENT,
  type SiiSigner,
  signedSeed,
  siiFetch,
  siiText,
  uploadForm,
} from './protocol';
import { SiiTemporaryError } from './xml';

/** The boleta service's answer when it does not know the token (HTTP 401): get a new one. */
export const TOKEN_REFUSED = 'token-refused';

/** What the upload answered: the track id (and its ESTADO, REC) when it took the file. */
export interface BoletaUploadReply {
  trackId?: string;
  code: string;
  file?: string;
}

/** The upload's state names, as the SII's boleta API documents them (its replies carry the code only). */
export const BOLETA_STATES: Record<string, string> = {
  REC: 'Envío recibido',
  SOK: 'Schema validado',
  CRT: 'Carátula OK',
  FOK: 'Firma de envío validada',
  PRD: 'Envío en proceso',
  EPR: 'Envío procesado',
  RPR: 'Aceptado con reparos',
  RLV: 'Aceptado con reparos leves',
  RCH: 'Rechazado por error en información',
  RCO: 'Rechazado por consistencia',
  VOF: 'No se encontró el archivo .xml',
  RFR: 'Rechazado por error en firma',
  RPT: 'Envío repetido rechazado',
  RSC: 'Rechazado por error en schema',
  RCT: 'Rechazado por error en carátula',
};

interface StatusJson {
  estado?: string;
  estadistica?: {
    tipo?: number;
    informados?: number;
    aceptados?: number;
    rechazados?: number;
    reparos?: number;
  }[];
  detalle_rep_rech?: {
    tipo?: number;
    folio?: number;
    estado?: string;
    descripcion?: string;
    error?: { descripcion?: string; detalle?: string | null }[];
  }[];
}

function json<T>(text: string, step: string): T {
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object') return value as T;
  } catch {
    // Below: an HTML error page or a cut reply is the service failing, not its word on the file.
  }
  throw new SiiTemporaryError(`Respuesta ilegible del SII (${step}): ${text.slice(0, 200)}`);
}

/** An authenticated call: 401 is the token refused, any other HTTP error the service failing. */
async function authorized(url: string, init: RequestInit, timeoutMs: number, step: string) {
  const { status, text } = await siiFetch(url, init, timeoutMs);
  if (status === 401) return TOKEN_REFUSED;
  if (status < 200 || status > 299) throw new SiiTemporaryError(`SII no disponible (HTTP ${status})`);
  return json<Record<string, unknown>>(text, step);
}

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The SII's boleta REST service (docs/decisions/0102): the factura's steps over HTTP and JSON. */
export function boletaClient(endpoints: SiiBoletaEndpoints, timeoutMs: number) {
  const headers = (token: string) => ({
    cookie: `TOKEN=${token}`,
    accept: 'application/json',
    'user-agent': SII_USER_AGENT,
  });
  return {
    /** GET the seed, then POST it signed by the certificate (the factura's getToken document). */
    async token(signer: SiiSigner): Promise<string> {
      const xml = { accept: 'application/xml', 'user-agent': SII_USER_AGENT };
      const seed = answered(
        await siiText(endpoints.seed, { method: 'GET', headers: xml }, timeoutMs),
        'SEMILLA',
        'Semilla',
      );
      const reply = await siiText(
        endpoints.token,
        {
          method: 'POST',
          headers: { ...xml, 'content-type': 'application/xml' },
          body: `<?xml version="1.0"?>${signedSeed(signer, seed)}`,
        },
        timeoutMs,
      );
      return answered(reply, 'TOKEN', 'Token');
    },

    /** POST the EnvioBOLETA as the factura's form; the reply is JSON with `trackid` and `estado`. */
    async upload(input: UploadInput): Promise<BoletaUploadReply | typeof TOKEN_REFUSED> {
      const init = { method: 'POST', headers: headers(input.token), body: uploadForm(input) };
      const reply = await authorized(endpoints.upload, init, timeoutMs, 'envío de boleta');
      if (reply === TOKEN_REFUSED) return reply;
      const trackId = reply.trackid;
      return {
        trackId: typeof trackId === 'number' || typeof trackId === 'string' ? String(trackId) : undefined,
        code: typeof reply.estado === 'string' ? reply.estado : '',
        file: typeof reply.file === 'string' ? reply.file : undefined,
      };
    },

    /** GET …/{rut}-{dv}-{trackid}: `estado`, the counts per type and the documents with problems. */
    async uploadStatus(input: {
      token: string;
      companyRut: string;
      trackId: string;
    }): Promise<UploadStatusReply | typeof TOKEN_REFUSED> {
      const company = rutParts(input.companyRut);
      const url = `${endpoints.uploadStatus}/${company.number}-${company.digit}-${encodeURIComponent(input.trackId)}`;
      const reply = await authorized(
        url,
        { method: 'GET', headers: headers(input.token) },
        timeoutMs,
        'estado',
      );
      if (reply === TOKEN_REFUSED) return reply;
      const { estado, estadistica = [], detalle_rep_rech = [] } = reply as StatusJson;
      if (typeof estado !== 'string')
        throw new SiiTemporaryError('Respuesta del estado de boletas sin estado');
      const types = (estadistica ?? []).map((row) => ({
        type: row.tipo ?? '?',
        counts: {
          informed: count(row.informados),
          accepted: count(row.aceptados),
          rejected: count(row.rechazados),
          repairs: count(row.reparos),
        },
      }));
      const sum = (field: keyof UploadStatusReply['counts']) =>
        types.reduce((total, row) => total + row.counts[field], 0);
      return {
        code: estado,
        glosa: BOLETA_STATES[estado] ?? '',
        counts: {
          informed: sum('informed'),
          accepted: sum('accepted'),
          rejected: sum('rejected'),
          repairs: sum('repairs'),
        },
        byType: types.map((row) => typeLine(row.type, row.counts)),
        details: (detalle_rep_rech ?? []).map((doc) =>
          [
            `Tipo ${doc.tipo ?? '?'} N° ${doc.folio ?? '?'}: ${doc.estado ?? ''} ${doc.descripcion ?? ''}`.trim(),
            ...(doc.error ?? []).map((e) => [e.descripcion, e.detalle].filter(Boolean).join(': ')),
          ].join(' · '),
        ),
      };
    },
  };
}
export type BoletaClient = ReturnType<typeof boletaClient>;
