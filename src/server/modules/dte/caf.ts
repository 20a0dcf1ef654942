import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { MAX_ID } from '../../../domain/input';
import { compactId, hasValidCheckDigit, siiRut } from '../../../domain/rut';
import { badRequest } from '../../lib/http-errors';

/** The document types this product issues. */
export const DTE_TYPES = [33, 34, 39, 41, 61] as const;
export type DteType = (typeof DTE_TYPES)[number];

/**
 * Boletas (39 afecta, 41 exenta): sold to whoever buys, without giro, in the SII's own boleta format and
 * envelope (EnvioBOLETA), unlike the facturas and credit notes (decision 0097).
 */
export const isBoleta = (type: number): type is 39 | 41 => type === 39 || type === 41;

export const CAF_MESSAGES = {
  format: 'El archivo no es un CAF del SII: falta AUTORIZACION, CAF, DA, RNG, RSAPK, FRMA o RSASK',
  type: 'El CAF es de un tipo de documento que no se emite aquí (33, 34, 39, 41 o 61)',
  range: 'El rango de folios del CAF no es válido',
  folioTooBig:
    'Los folios del CAF no pueden superar 2.147.483.646: revisa que sea el archivo que entregó el SII',
  key: 'La clave privada del CAF no corresponde a su clave pública',
  rut: 'El CAF es de otro RUT que el de la empresa',
} as const;

/** A folio authorisation (CAF) as the SII hands it out, read and checked. */
export interface Caf {
  issuerRut: string;
  issuerName: string;
  type: DteType;
  from: number;
  to: number;
  /** FA: the day the SII authorised the range (yyyy-mm-dd). */
  authorizedOn: string;
  /** The CAF element exactly as the SII signed it, to be copied into every timbre. */
  element: Record<string, unknown>;
  /** RSASK: the key that signs each document's timbre. */
  privateKey: KeyObject;
  /** RSAPK: the key the SII and receivers check the timbre with. */
  publicKey: KeyObject;
}

const FOLIO = /^[1-9]\d{0,9}$/;

/** A folio of the CAF's text (checked against FOLIO first): a number printed on documents. */
const folioNumber = (digits: string): number => Number(digits);

function text(node: XMLBuilder | undefined): string {
  return node
    ? node
        .toString()
        .replace(/<[^>]*>/g, '')
        .trim()
    : '';
}

function child(parent: XMLBuilder | undefined, name: string): XMLBuilder | undefined {
  return parent?.find((n) => n.node.nodeName === name, false, false);
}

/** Base64 of a big-endian integer without its leading zero bytes, for comparing key numbers. */
const integerOf = (value: string, encoding: 'base64' | 'base64url') =>
  Buffer.from(value, encoding)
    .toString('hex')
    .replace(/^(00)+/, '');

/** Reads a CAF file's text; throws a 400 with the reason in Spanish when it is not a usable CAF. */
export function parseCaf(xml: string): Caf {
  if (!xml.trim().startsWith('<')) throw badRequest(CAF_MESSAGES.format);
  let root: XMLBuilder;
  try {
    root = create(xml.trim()).root();
  } catch {
    throw badRequest(CAF_MESSAGES.format);
  }
  const cafNode = root.node.nodeName === 'AUTORIZACION' ? child(root, 'CAF') : undefined;
  const da = child(cafNode, 'DA');
  const range = child(da, 'RNG');
  const rsapk = child(da, 'RSAPK');
  const privatePem = text(child(root, 'RSASK'));
  const fields = {
    re: text(child(da, 'RE')),
    rs: text(child(da, 'RS')),
    td: text(child(da, 'TD')),
    from: text(child(range, 'D')),
    to: text(child(range, 'H')),
    fa: text(child(da, 'FA')),
    m: text(child(rsapk, 'M')),
    e: text(child(rsapk, 'E')),
    frma: text(child(cafNode, 'FRMA')),
  };
  if (!cafNode || Object.values(fields).some((value) => value === '') || !privatePem) {
    throw badRequest(CAF_MESSAGES.format);
  }
  const type = DTE_TYPES.find((t) => String(t) === fields.td);
  if (type === undefined) throw badRequest(CAF_MESSAGES.type);
  if (!FOLIO.test(fields.from) || !FOLIO.test(fields.to) || BigInt(fields.from) > BigInt(fields.to)) {
    throw badRequest(CAF_MESSAGES.range);
  }
  // The folio columns are PostgreSQL integers, and next_folio reaches the last folio + 1: a larger
  // folio would fail the insert (docs/decisions/0082-single-line-names-and-input-bounds.md).
  if (BigInt(fields.to) >= BigInt(MAX_ID)) throw badRequest(CAF_MESSAGES.folioTooBig);
  if (!hasValidCheckDigit(fields.re) || !/^\d{4}-\d{2}-\d{2}$/.test(fields.fa)) {
    throw badRequest(CAF_MESSAGES.format);
  }
  const privateKey = readPrivateKey(privatePem);
  const jwk = privateKey.export({ format: 'jwk' });
  if (
    !jwk.n ||
    !jwk.e ||
    integerOf(jwk.n, 'base64url') !== integerOf(fields.m, 'base64') ||
    integerOf(jwk.e, 'base64url') !== integerOf(fields.e, 'base64')
  ) {
    throw badRequest(CAF_MESSAGES.key);
  }
  const element = cafNode.toObject() as { CAF: Record<string, unknown> };
  return {
    issuerRut: siiRut(fields.re),
    issuerName: fields.rs,
    type,
    from: folioNumber(fields.from),
    to: folioNumber(fields.to),
    authorizedOn: fields.fa,
    element: element.CAF,
    privateKey,
    publicKey: createPublicKey(privateKey),
  };
}

function readPrivateKey(pem: string): KeyObject {
  try {
    const key = createPrivateKey(pem);
    if (key.asymmetricKeyType !== 'rsa') throw new Error('not RSA');
    return key;
  } catch {
    throw badRequest(CAF_MESSAGES.key);
  }
}

/** The CAF must be the company's own: a CAF of another RUT cannot stamp its documents. */
export function assertCafOf(caf: Caf, companyRut: string): void {
  if (compactId(caf.issuerRut) !== compactId(companyRut)) throw badRequest(CAF_MESSAGES.rut);
}
