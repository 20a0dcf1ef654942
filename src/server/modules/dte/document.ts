import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { siiRut } from '../../../domain/rut';
import { badRequest } from '../../lib/http-errors';
import { assertCafOf, type Caf, type DteType } from './caf';
import { type PesoTotals, pesoTotals } from './pesos';
import { type Signer, signEnveloped, WRITE } from './signature';
import { appendTed } from './ted';
import { siiText } from './text';

export const SII_NAMESPACE = 'http://www.sii.cl/SiiDte';

export interface Party {
  rut: string;
  businessName: string;
  /** Giro. */
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
  creditNoteReference: 'Una nota de crédito debe referenciar el documento que anula o corrige',
  wrongCaf: 'El CAF no corresponde al tipo o al folio del documento',
} as const;

/** 33 when any line is taxable, 34 when all are exempt (docs/product.md#invoicing). */
export const invoiceTypeFor = (lines: readonly DteLine[]): 33 | 34 =>
  lines.some((line) => !line.exempt) ? 33 : 34;

function assertConsistent(input: DteInput): void {
  const { type, lines, caf, folio } = input;
  if (lines.length === 0) throw badRequest(DTE_MESSAGES.noLines);
  if (lines.length > 60) throw badRequest(DTE_MESSAGES.tooManyLines);
  if (type === 34 && lines.some((line) => !line.exempt)) throw badRequest(DTE_MESSAGES.exemptHasTaxable);
  if (type === 33 && lines.every((line) => line.exempt)) throw badRequest(DTE_MESSAGES.taxableWithout);
  if (type === 61 && !input.reference) throw badRequest(DTE_MESSAGES.creditNoteReference);
  if (caf.type !== type || folio < caf.from || folio > caf.to) throw badRequest(DTE_MESSAGES.wrongCaf);
  // The TED's CAF names its issuer: the SII rejects a document of another (decision 0081).
  assertCafOf(caf, input.issuer.rut);
}

/** RUT, name and giro of a party, under the element names of its side (Emisor or Receptor). */
function appendParty(
  parent: XMLBuilder,
  party: Party,
  names: { rut: string; name: string; activity: string; activityLength: number },
): void {
  parent.ele(names.rut).txt(siiRut(party.rut));
  parent.ele(names.name).txt(siiText(party.businessName, 100));
  parent.ele(names.activity).txt(siiText(party.businessActivity, names.activityLength));
}

function appendEncabezado(documento: XMLBuilder, input: DteInput, totals: PesoTotals): void {
  const encabezado = documento.ele('Encabezado');
  const idDoc = encabezado.ele('IdDoc');
  idDoc.ele('TipoDTE').txt(String(input.type));
  idDoc.ele('Folio').txt(String(input.folio));
  idDoc.ele('FchEmis').txt(input.issueDate);
  // Line amounts are what the client pays, IVA included: the SII's MntBruto (decision 0056).
  if (totals.net > 0n) idDoc.ele('MntBruto').txt('1');

  const emisor = encabezado.ele('Emisor');
  appendParty(emisor, input.issuer, {
    rut: 'RUTEmisor',
    name: 'RznSoc',
    activity: 'GiroEmis',
    activityLength: 80,
  });
  emisor.ele('Acteco').txt(String(input.issuer.activityCode));
  emisor.ele('DirOrigen').txt(siiText(input.issuer.address, 70));
  emisor.ele('CmnaOrigen').txt(siiText(input.issuer.commune, 20));

  const receptor = encabezado.ele('Receptor');
  appendParty(receptor, input.receiver, {
    rut: 'RUTRecep',
    name: 'RznSocRecep',
    activity: 'GiroRecep',
    activityLength: 40,
  });
  receptor.ele('DirRecep').txt(siiText(input.receiver.address, 70));
  receptor.ele('CmnaRecep').txt(siiText(input.receiver.commune, 20));

  const totales = encabezado.ele('Totales');
  if (totals.net > 0n) totales.ele('MntNeto').txt(totals.net.toString());
  if (totals.exempt > 0n) totales.ele('MntExe').txt(totals.exempt.toString());
  if (totals.net > 0n) {
    totales.ele('TasaIVA').txt('19');
    totales.ele('IVA').txt(totals.vat.toString());
  }
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

/** Builds one DTE (33, 34 or 61): Documento with its timbre, signed with the company's certificate. */
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
