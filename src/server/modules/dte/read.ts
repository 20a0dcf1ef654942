import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { tedOf } from './timbre';

/** What the printed copy of a DTE shows, read back from the signed EnvioDTE (or EnvioBOLETA) issued. */
export interface PrintedDte {
  type: string;
  folio: string;
  issueDate: string;
  issuer: {
    rut: string;
    businessName: string;
    businessActivity: string;
    address: string;
    commune: string;
  };
  receiver: { rut: string; businessName: string; businessActivity: string; address: string; commune: string };
  lines: { name: string; exempt: boolean; pesos: bigint }[];
  totals: { net: bigint; exempt: bigint; vat: bigint; total: bigint };
  /** `code`: the SII's CodRef, what a credit note does to the document (1 annuls, 2 text, 3 amounts). */
  reference?: { type: string; folio: string; date: string; code: string; reason: string };
  resolution: { number: string; date: string };
  /** The TED as the document carries it: what the PDF417 prints. */
  ted: string;
}

const find = (parent: XMLBuilder, name: string): XMLBuilder | undefined =>
  parent.find((n) => n.node.nodeName === name, false, true);
const textOf = (parent: XMLBuilder | undefined, name: string): string =>
  (parent && find(parent, name)?.node.textContent?.trim()) ?? '';
const pesosOf = (parent: XMLBuilder | undefined, name: string): bigint => BigInt(textOf(parent, name) || '0');

/**
 * Reads the issued EnvioDTE, so the printed copy says exactly what was signed and sent, whatever
 * the company's or the client's records say today.
 */
export function readDte(envio: string): PrintedDte {
  const root = create(envio).root();
  const documento = find(root, 'Documento');
  const caratula = find(root, 'Caratula');
  if (!documento || !caratula) throw new Error('El EnvioDTE no trae Documento o Carátula');
  const emisor = find(documento, 'Emisor');
  const receptor = find(documento, 'Receptor');
  const totales = find(documento, 'Totales');
  const referencia = find(documento, 'Referencia');
  const lines = documento
    .filter((n) => n.node.nodeName === 'Detalle', false, false)
    .map((detalle) => ({
      name: textOf(detalle, 'NmbItem'),
      exempt: textOf(detalle, 'IndExe') === '1',
      pesos: pesosOf(detalle, 'MontoItem'),
    }));
  return {
    type: textOf(documento, 'TipoDTE'),
    folio: textOf(documento, 'Folio'),
    issueDate: textOf(documento, 'FchEmis'),
    issuer: {
      rut: textOf(emisor, 'RUTEmisor'),
      // A factura's names, else a boleta's (EnvioBOLETA_v11.xsd).
      businessName: textOf(emisor, 'RznSoc') || textOf(emisor, 'RznSocEmisor'),
      businessActivity: textOf(emisor, 'GiroEmis') || textOf(emisor, 'GiroEmisor'),
      address: textOf(emisor, 'DirOrigen'),
      commune: textOf(emisor, 'CmnaOrigen'),
    },
    receiver: {
      rut: textOf(receptor, 'RUTRecep'),
      businessName: textOf(receptor, 'RznSocRecep'),
      businessActivity: textOf(receptor, 'GiroRecep'),
      address: textOf(receptor, 'DirRecep'),
      commune: textOf(receptor, 'CmnaRecep'),
    },
    lines,
    totals: {
      net: pesosOf(totales, 'MntNeto'),
      exempt: pesosOf(totales, 'MntExe'),
      vat: pesosOf(totales, 'IVA'),
      total: pesosOf(totales, 'MntTotal'),
    },
    reference: referencia && {
      type: textOf(referencia, 'TpoDocRef'),
      folio: textOf(referencia, 'FolioRef'),
      date: textOf(referencia, 'FchRef'),
      code: textOf(referencia, 'CodRef'),
      reason: textOf(referencia, 'RazonRef'),
    },
    resolution: { number: textOf(caratula, 'NroResol'), date: textOf(caratula, 'FchResol') },
    ted: tedOf(envio),
  };
}
