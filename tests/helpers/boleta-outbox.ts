import { create } from 'xmlbuilder2';
import type { Database } from '../../src/server/db/client';
import { dteCafs, dteDocuments } from '../../src/server/db/schema';
import { companySigner, type SecretBox } from '../../src/server/modules/dte';
import { queueSiiSubmission } from '../../src/server/modules/sii';
import { COMPANY_RUT, HOLDER_RUT } from './dte-fixtures';

/**
 * A boleta as the SII's outbox finds it (docs/decisions/0102), for the transport's tests: its document
 * row, an EnvioBOLETA-shaped envelope signed whole by the company's certificate (changed by `edit`
 * after it was signed, to break its signature) and its queued submission. The company's tax data and
 * certificate must be set up (dte-setup.ts), with a CAF of any type.
 */
export async function queueBoletaDocument(
  db: Database,
  box: SecretBox,
  input: { type: 39 | 41; folio: number; edit?: (xml: string) => string },
) {
  const { type, folio, edit = (xml: string) => xml } = input;
  const root = create({ version: '1.0', encoding: 'ISO-8859-1' }).ele(
    'http://www.sii.cl/SiiDte',
    'EnvioBOLETA',
    {
      version: '1.0',
    },
  );
  const set = root.ele('SetDTE', { ID: 'SetDoc' });
  set
    .ele('Caratula', { version: '1.0' })
    .ele('RutEmisor')
    .txt(COMPANY_RUT)
    .up()
    .ele('RutEnvia')
    .txt(HOLDER_RUT);
  const header = set
    .ele('DTE', { version: '1.0' })
    .ele('Documento', { ID: `B${folio}` })
    .ele('Encabezado');
  header.ele('IdDoc').ele('TipoDTE').txt(String(type)).up().ele('Folio').txt(String(folio));
  header.ele('Emisor').ele('CmnaOrigen').txt('Ñuñoa');
  header.ele('Totales').ele('MntTotal').txt('11900');
  (await companySigner(db, box, new Date())).signDocument(root);
  const xml = edit(root.end({ prettyPrint: false }));
  const [caf] = await db.select({ id: dteCafs.id }).from(dteCafs).limit(1);
  if (!caf) throw new Error('set up a CAF first');
  const [document] = await db
    .insert(dteDocuments)
    .values({
      type,
      folio,
      // Any CAF of the company: these tests are about the transport, not about the boleta's folios.
      cafId: caf.id,
      issueDate: '2031-02-01',
      receiverRut: '66666666-6',
      receiverName: 'Consumidor final',
      netAmount: '10000',
      exemptAmount: '0',
      vatAmount: '1900',
      totalAmount: '11900',
      xml,
    })
    .returning();
  if (!document) throw new Error('no document');
  await queueSiiSubmission(db, document.id);
  return document;
}
