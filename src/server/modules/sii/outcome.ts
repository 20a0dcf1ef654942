import type { SiiStatus } from '../../../domain/sii';
import { BOLETA_STATES, type BoletaUploadReply, TOKEN_REFUSED } from './boleta-client';
import type { UploadReply, UploadStatusReply } from './client';

/**
 * What a reply of the SII means for a submission (docs/decisions/0066):
 * - `sent`: the upload was taken, with its track id;
 * - `final`: the SII's last word (accepted, rejected, repairs);
 * - `processing`: the SII is still checking the upload: ask again later;
 * - `token`: the SII does not know the token (expired): get a new one and try again at once;
 * - `retry`: the SII failed (busy, internal error): try again later.
 */
export type Outcome =
  | { kind: 'sent'; trackId: string; code: string; messages: string[] }
  | { kind: 'final'; status: Exclude<SiiStatus, 'pending' | 'sent'>; code: string; messages: string[] }
  | { kind: 'processing'; code: string; messages: string[] }
  | { kind: 'token' }
  | { kind: 'retry'; error: string };

/** An outcome to record: a token the SII refused twice in one try is a retry (worker.ts). */
export type Settled = Exclude<Outcome, { kind: 'token' }>;

/** DTEUpload's STATUS codes (the SII's "Envío automático de DTE" manual). */
const UPLOAD_STATUS: Record<string, string> = {
  '0': 'Upload OK',
  '1': 'El Sender no tiene permiso para enviar',
  '2': 'Error en tamaño del archivo (muy grande o muy chico)',
  '3': 'Archivo cortado (tamaño distinto al informado)',
  '5': 'No está autenticado',
  '6': 'Empresa no autorizada a enviar archivos',
  '7': 'Esquema inválido',
  '8': 'Firma del documento',
  '9': 'Sistema bloqueado',
};
/** The file itself or the sender is refused: sending it again changes nothing. */
const UPLOAD_REFUSED = new Set(['1', '2', '3', '6', '7', '8']);

export function uploadOutcome(reply: UploadReply): Outcome {
  const glosa = `${reply.status}: ${UPLOAD_STATUS[reply.status] ?? 'Error interno del SII'}`;
  const messages = [glosa, ...reply.messages];
  if (reply.status === '0' && reply.trackId) {
    return { kind: 'sent', trackId: reply.trackId, code: reply.status, messages };
  }
  if (reply.status === '5') return { kind: 'token' };
  if (UPLOAD_REFUSED.has(reply.status)) {
    return { kind: 'final', status: 'rejected', code: reply.status, messages };
  }
  return { kind: 'retry', error: `DTEUpload ${messages.join(' · ')}` };
}

/**
 * The ESTADO of an upload the SII refused whole (schema, signature, cover, ...): QueryEstUp's, and the
 * boleta service's, which adds RCO (consistency) and VOF (no .xml file found).
 */
const REJECTED = new Set(['RSC', 'RFR', 'RCT', 'RCH', 'RPT', 'RCO', 'VOF']);
/** Accepted with repairs (RLV: leves). */
const REPAIRS = new Set(['RPR', 'RLV']);
/** The SII does not know the token: 001 cookie inactiva, 002 token inactivo, 003 no existe. */
const TOKEN_UNKNOWN = new Set(['001', '002', '003']);

export function statusOutcome(reply: UploadStatusReply): Outcome {
  const messages = [`${reply.code}: ${reply.glosa}`.trim(), ...reply.byType, ...(reply.details ?? [])];
  const { code, counts } = reply;
  if (TOKEN_UNKNOWN.has(code)) return { kind: 'token' };
  // Negative codes are the query's own failures (no data yet, internal errors), not the upload's.
  if (code.startsWith('-')) return { kind: 'retry', error: `QueryEstUp ${messages.join(' · ')}` };
  if (REJECTED.has(code)) return { kind: 'final', status: 'rejected', code, messages };
  if (REPAIRS.has(code)) return { kind: 'final', status: 'repairs', code, messages };
  if (code === 'EPR' && counts.informed > 0) {
    // EPR is "envelope processed": the documents' own fate is in the counts.
    const status = counts.rejected > 0 ? 'rejected' : counts.repairs > 0 ? 'repairs' : 'accepted';
    return { kind: 'final', status, code, messages };
  }
  // SOK, CRT, FOK, PDR (the boleta service's REC, PRD; EPR before its counts): the SII is still at it.
  return { kind: 'processing', code, messages };
}

/** The boleta service's upload (docs/decisions/0102): a track id means taken; HTTP 401 a stale token. */
export function boletaUploadOutcome(reply: BoletaUploadReply | typeof TOKEN_REFUSED): Outcome {
  if (reply === TOKEN_REFUSED) return { kind: 'token' };
  const code = reply.code || 'REC';
  const messages = [`${code}: ${BOLETA_STATES[code] ?? 'Estado desconocido'}`];
  if (reply.trackId) return { kind: 'sent', trackId: reply.trackId, code, messages };
  return { kind: 'retry', error: `Envío de boleta sin trackid (${messages[0]})` };
}

/** Its status query reads as QueryEstUp's: the same ESTADO codes and counts per type. */
export const boletaStatusOutcome = (reply: UploadStatusReply | typeof TOKEN_REFUSED): Outcome =>
  reply === TOKEN_REFUSED ? { kind: 'token' } : statusOutcome(reply);
