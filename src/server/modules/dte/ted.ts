import { sign } from 'node:crypto';
import { fragment } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import type { Caf, DteType } from './caf';
import { WRITE } from './signature';
import { latin1Bytes, siiText } from './text';

/** What the timbre (TED) states about a document: DD's fields. */
export interface TimbreData {
  issuerRut: string;
  type: DteType;
  folio: number;
  issueDate: string;
  receiverRut: string;
  receiverName: string;
  total: bigint;
  firstItem: string;
  /** TSTED: when the timbre was made, yyyy-mm-ddThh:mm:ss on the agency's clock. */
  stampedAt: string;
}

function appendDd(parent: XMLBuilder, data: TimbreData, caf: Caf): XMLBuilder {
  const dd = parent.ele('DD');
  dd.ele('RE').txt(data.issuerRut);
  dd.ele('TD').txt(String(data.type));
  dd.ele('F').txt(String(data.folio));
  dd.ele('FE').txt(data.issueDate);
  dd.ele('RR').txt(data.receiverRut);
  dd.ele('RSR').txt(siiText(data.receiverName, 40));
  dd.ele('MNT').txt(data.total.toString());
  dd.ele('IT1').txt(siiText(data.firstItem, 40));
  dd.ele({ CAF: caf.element });
  dd.ele('TSTED').txt(data.stampedAt);
  return dd;
}

/**
 * DD as the SII signs it: the element alone, with no namespace and no space between its tags (the
 * CAF inside it flattened the same way), in ISO-8859-1. The printed PDF417 carries this text too.
 */
export function flatDd(data: TimbreData, caf: Caf): string {
  return appendDd(fragment(), data, caf).toString(WRITE);
}

/** Appends the TED to `documento`: DD and its FRMT, SHA1withRSA with the CAF's private key. */
export function appendTed(documento: XMLBuilder, data: TimbreData, caf: Caf): void {
  const frmt = sign('RSA-SHA1', latin1Bytes(flatDd(data, caf)), caf.privateKey).toString('base64');
  const ted = documento.ele('TED', { version: '1.0' });
  appendDd(ted, data, caf);
  ted.ele('FRMT', { algoritmo: 'SHA1withRSA' }).txt(frmt);
}
