import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { siiRut } from '../../../domain/rut';
import { badRequest } from '../../lib/http-errors';
import { assertCafOf, type Caf, type DteType, isBoleta } from './caf';
import { type PesoTotals, pesoTotals } from './pesos';
import { type Signer, signEnveloped, WRITE } from './signature';
import { appendTed } from './ted';
import { siiText } from './text';

export const SII_NAMESPACE = 'http://www.sii.cl/SiiDte';

/**
 * The RUT a boleta names when the buyer gives none: the SII's generic receiver, "66.666.666-6"
 * (Formato Boleta Electrónica, RUTRecep).
 */
export const GENERIC_RECEIVER_RUT = '66666666-6';

export interface Party {
  rut: string;
  businessName: string;
  /** Giro (a boleta's receiver has none: its Receptor carries no giro). */
  businessActivity: string;
  address: string;
  commune: string;
}

export interface Issuer extends Party {
  /** Acteco: the SII's code of the economic activity. */
  activityCode: number;
}

export interface DteLine {
  name: string;
  /** What the client pays for the line in whole pesos, IVA included when taxable (decision 0056). */
  pesos: bigint;
  exempt: boolean;
}

/** The document a credit note annuls or corrects (CodRef 1 annuls, 2 corrects text, 3 amounts). */
export interface DteReference {
  type: DteType;
  folio: number;
  date: string;
  code: 1 | 2 | 3;
  reason: string;
}

export interface DteInput {
  type: DteType;
  folio: number;
  issueDate: string;
  issuer: Issuer;
  receiver: Party;
  lines: readonly DteLine[];
  reference?: DteReference;
  caf: Caf;
  signer: Signer;
  /** TSTED and TmstFirma: yyyy-mm-ddThh:mm:ss on the agency's clock. */
  stampedAt: string;
}

export interface BuiltDte {
  /** The signed DTE element (no XML declaration: it travels inside an EnvioDTE). */
  xml: string;
  /** Documento's ID, the signature's reference. */
  id: string;
  totals: PesoTotals;
}

export const DTE_MESSAGES = {
  noLines: 'El documento no tiene líneas',
  tooManyLines: 'El SII admite hasta 60 líneas por documento',
  exemptHasTaxable: 'Una factura exenta (34) no puede tener líneas afectas a IVA',
  taxableWithout: 'Una factura electrónica (33) necesita al menos una línea afecta a IVA',
  boletaExemptHasTaxable: 'Una boleta exenta (41) no puede tener líneas afectas a IVA',
  boletaTaxableWithout: 'Una boleta electrónica (39) necesita al menos una línea afecta a IVA',
  boletaReference: 'Una boleta no referencia otro documento',
  creditNoteReference: 'Una nota de crédito debe referenciar el documento que anula o corrige',
  wrongCaf: 'El CAF no corresponde al tipo o al folio del documento',
} as const;

const hasTaxable = (lines: readonly DteLine[]) => lines.some((line) => !line.exempt);

/** 33 when any line is taxable, 34 when all are exempt (docs/product.md#invoicing). */
export const invoiceTypeFor = (lines: readonly DteLine[]): 33 | 34 => (hasTaxable(lines) ? 33 : 34);
/** The boleta by the same rule: 39 when any line is taxable, 41 when all are exempt (decision 0097). */
export const boletaTypeFor = (lines: readonly DteLine[]): 39 | 41 => (hasTaxable(lines) ? 39 : 41);

/** What each type refuses: a taxable line on an exempt one, no taxable line on a taxable one. */
const EXEMPT_ONLY: Partial<Record<DteType, string>> = {
  34: DTE_MESSAGES.exemptHasTaxable,
  41: DTE_MESSAGES.boletaExemptHasTaxable,
};
const NEEDS_TAXABLE: Partial<Record<DteType, string>> = {
  33: DTE_MESSAGES.taxableWithout,
  39: DTE_MESSAGES.boletaTaxableWithout,
};

function assertConsistent(input: DteInput): void {
  const { type, lines, caf, folio } = input;
  if (lines.length === 0) throw badRequest(DTE_MESSAGES.noLines);
  if (lines.length > 60) throw badRequest(DTE_MESSAGES.tooManyLines);
  const exemptOnly = EXEMPT_ONLY[type];
  if (exemptOnly && hasTaxable(lines)) throw badRequest(exemptOnly);
  const needsTaxable = NEEDS_TAXABLE[type];
  if (needsTaxable && !hasTaxable(lines)) throw badRequest(needsTaxable);
  if (type === 61 && !input.reference) throw badRequest(DTE_MESSAGES.creditNoteReference);
  // The boleta's Referencia has no type nor folio of another document (EnvioBOLETA_v11.xsd).
  if (isBoleta(type) && input.reference) throw badRequest(DTE_MESSAGES.boletaReference);
  if (caf.type !== type || folio < caf.from || folio > caf.to) throw badRequest(DTE_MESSAGES.wrongCaf);
  // The TED's CAF names its issuer: the SII rejects a document of another (decision 0081).
  assertCafOf(caf, input.issuer.rut);
}

/**
 * Encabezado in the format of the type: a factura's or credit note's (DTE_v10.xsd) or a boleta's
 * (EnvioBOLETA_v11.xsd), which differ in names and in what they carry. A boleta's IdDoc says
 * IndServicio 3 (sales and services) instead of MntBruto, because its line amounts include IVA by
 * definition; its Emisor names are RznSocEmisor and GiroEmisor and it has no Acteco; its Receptor has
 * no giro and states an address only when the client has one; its Totales have no TasaIVA.
 */
function appendEncabezado(documento: XMLBuilder, input: DteInput, totals: PesoTotals): void {
  const boleta = isBoleta(input.type);
  const taxed = totals.net > 0n;
  const encabezado = documento.ele('Encabezado');
  const idDoc = encabezado.ele('IdDoc');
  idDoc.ele('TipoDTE').txt(String(input.type));
  idDoc.ele('Folio').txt(String(input.folio));
  idDoc.ele('FchEmis').txt(input.issueDate);
  if (boleta) idDoc.ele('IndServicio').txt('3');
  // Line amounts are what the client pays, IVA included: the SII's MntBruto (decision 0056).
  else if (taxed) idDoc.ele('MntBruto').txt('1');

  const { issuer, receiver } = input;
  const emisor = encabezado.ele('Emisor');
  emisor.ele('RUTEmisor').txt(siiRut(issuer.rut));
  emisor.ele(boleta ? 'RznSocEmisor' : 'RznSoc').txt(siiText(issuer.businessName, 100));
  emisor.ele(boleta ? 'GiroEmisor' : 'GiroEmis').txt(siiText(issuer.businessActivity, 80));
  if (!boleta) emisor.ele('Acteco').txt(String(issuer.activityCode));
  emisor.ele('DirOrigen').txt(siiText(issuer.address, 70));
  emisor.ele('CmnaOrigen').txt(siiText(issuer.commune, 20));

  const receptor = encabezado.ele('Receptor');
  receptor.ele('RUTRecep').txt(siiRut(receiver.rut));
  receptor.ele('RznSocRecep').txt(siiText(receiver.businessName, 100));
  if (!boleta) receptor.ele('GiroRecep').txt(siiText(receiver.businessActivity, 40));
  const address = siiText(receiver.address, 70);
  const commune = siiText(receiver.commune, 20);
  if (!boleta || address) receptor.ele('DirRecep').txt(address);
  if (!boleta || commune) receptor.ele('CmnaRecep').txt(commune);

  const totales = encabezado.ele('Totales');
  if (taxed) totales.ele('MntNeto').txt(totals.net.toString());
  if (totals.exempt > 0n) totales.ele('MntExe').txt(totals.exempt.toString());
  if (taxed && !boleta) totales.ele('TasaIVA').txt('19');
  if (taxed) totales.ele('IVA').txt(totals.vat.toString());
  totales.ele('MntTotal').txt(totals.total.toString());
}

function appendDetalle(documento: XMLBuilder, lines: readonly DteLine[]): void {
  lines.forEach((line, index) => {
    const detalle = documento.ele('Detalle');
    detalle.ele('NroLinDet').txt(String(index + 1));
    if (line.exempt) detalle.ele('IndExe').txt('1');
    detalle.ele('NmbItem').txt(siiText(line.name, 80) || 'Servicio');
    detalle.ele('MontoItem').txt(line.pesos.toString());
  });
}

function appendReferencia(documento: XMLBuilder, reference: DteReference): void {
  const referencia = documento.ele('Referencia');
  referencia.ele('NroLinRef').txt('1');
  referencia.ele('TpoDocRef').txt(String(reference.type));
  referencia.ele('FolioRef').txt(String(reference.folio));
  referencia.ele('FchRef').txt(reference.date);
  referencia.ele('CodRef').txt(String(reference.code));
  const reason = siiText(reference.reason, 90);
  if (reason) referencia.ele('RazonRef').txt(reason);
}

/**
 * Builds one DTE (33, 34, 39, 41 or 61): Documento with its timbre, signed with the company's
 * certificate.
 */
export function buildDte(input: DteInput): BuiltDte {
  assertConsistent(input);
  const totals = pesoTotals(input.lines);
  const id = `F${input.folio}T${input.type}`;
  const dte = create().ele(SII_NAMESPACE, 'DTE', { version: '1.0' });
  const documento = dte.ele('Documento', { ID: id });
  appendEncabezado(documento, input, totals);
  appendDetalle(documento, input.lines);
  if (input.reference) appendReferencia(documento, input.reference);
  appendTed(
    documento,
    {
      issuerRut: siiRut(input.issuer.rut),
      type: input.type,
      folio: input.folio,
      issueDate: input.issueDate,
      receiverRut: siiRut(input.receiver.rut),
      receiverName: input.receiver.businessName,
      total: totals.total,
      firstItem: siiText(input.lines[0]?.name ?? '', 40) || 'Servicio',
      stampedAt: input.stampedAt,
    },
    input.caf,
  );
  documento.ele('TmstFirma').txt(input.stampedAt);
  signEnveloped(dte, documento, id, input.signer);
  return { xml: dte.toString(WRITE), id, totals };
}
