import { dteCafs, dteDocuments } from '../../src/server/db/schema';
import type { TestContext } from './test-app';

export interface StoredBoleta {
  type: 39 | 41;
  folio: number;
  issueDate: string;
  net: number;
  exempt: number;
  vat: number;
}

/**
 * Boletas (39, 41) stored as issued ones are, written straight into dte_documents: the reports read the
 * stored documents only, so many days of boletas are set up without issuing each one.
 */
export async function storeBoletas(ctx: TestContext, boletas: StoredBoleta[]) {
  // Any CAF will do for the foreign key: the reports do not read it.
  const [caf] = await ctx.db.select({ id: dteCafs.id }).from(dteCafs).limit(1);
  if (!caf) throw new Error('storeBoletas needs a CAF (setUpIssuing first)');
  await ctx.db.insert(dteDocuments).values(
    boletas.map((b) => ({
      type: b.type,
      folio: b.folio,
      cafId: caf.id,
      issueDate: b.issueDate,
      receiverRut: '66666666-6',
      receiverName: 'Cliente boleta',
      netAmount: String(b.net),
      exemptAmount: String(b.exempt),
      vatAmount: String(b.vat),
      totalAmount: String(b.net + b.exempt + b.vat),
      xml: '<EnvioBOLETA/>',
    })),
  );
}
