import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { readXml, SiiTemporaryError } from './xml';

/**
 * What both of the SII's services share (decisions 0066, 0102): the HTTP call, the signed seed that
 * buys a token, the RESPUESTA of the seed and token calls, and the upload's multipart form.
 */

/** The company's certificate, as the outbox needs it (dte's companySigner, handed over by app.ts). */
export interface SiiSigner {
  /** RutEnvia: the holder, who sends. */
  holderRut: string;
  /** Appends an enveloped XMLDSig of the whole document (Reference URI="") to `root`. */
  signDocument(root: XMLBuilder): void;
}

/** The SII's manuals show a browser's User-Agent; its uploads have answered other clients with errors. */
export const SII_USER_AGENT = 'Mozilla/4.0 (compatible; PROG 1.0; Windows NT)';

/** RUT "76123456-0" as the SII's forms take it: number and check digit apart. */
export const rutParts = (rut: string) => {
  const [number = '', digit = ''] = rut.replace(/\./g, '').toUpperCase().split('-');
  return { number, digit };
};

/** One call: its HTTP status and body. The SII unreachable (refused, timed out) is temporary. */
export async function siiFetch(url: string, init: RequestInit, timeoutMs: number) {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    throw new SiiTemporaryError(`SII no disponible (${cause ?? (error as Error).message})`);
  }
}

/** A call whose every HTTP error is temporary (the SII busy or failing): its body. */
export async function siiText(url: string, init: RequestInit, timeoutMs: number): Promise<string> {
  const { status, text } = await siiFetch(url, init, timeoutMs);
  if (status < 200 || status > 299) throw new SiiTemporaryError(`SII no disponible (HTTP ${status})`);
  return text;
}

/** The SII's answer to the seed and token calls: ESTADO 00 and the value, or a temporary failure. */
export function answered(replyXml: string, field: string, step: string) {
  const reply = readXml(replyXml);
  const estado = reply.first('ESTADO');
  const value = reply.first(field);
  if (estado !== '00' || !value) {
    throw new SiiTemporaryError(`${step}: ${estado ?? '?'} ${reply.first('GLOSA') ?? ''}`.trim());
  }
  return value;
}

/** `<getToken><item><Semilla>…</Semilla></item></getToken>` signed whole by the certificate. */
export function signedSeed(signer: SiiSigner, seed: string): string {
  const request = create({ version: '1.0' }).ele('getToken');
  request.ele('item').ele('Semilla').txt(seed);
  signer.signDocument(request);
  return request.end({ headless: true, allowEmptyTags: true });
}

/**
 * The upload's form, the same for both services: sender (the certificate's holder) and company
 * apart, and the envelope's ISO-8859-1 bytes (as its declaration says) as the file `archivo`.
 */
export function uploadForm(input: { senderRut: string; companyRut: string; fileName: string; xml: string }) {
  const sender = rutParts(input.senderRut);
  const company = rutParts(input.companyRut);
  const form = new FormData();
  form.set('rutSender', sender.number);
  form.set('dvSender', sender.digit);
  form.set('rutCompany', company.number);
  form.set('dvCompany', company.digit);
  form.set('archivo', new Blob([Buffer.from(input.xml, 'latin1')], { type: 'text/xml' }), input.fileName);
  return form;
}
