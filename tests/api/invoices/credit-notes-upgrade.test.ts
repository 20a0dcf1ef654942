import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { releaseBefore, rowsOf } from '../../helpers/scratch-databases';
import { insertUser } from '../../helpers/test-app';

/*
 * Migration invoice_credit_notes (docs/decisions/0067-credit-notes-that-correct.md) on a database of the
 * release before it: the note that annulled an invoice (`invoices.credit_note_id`) becomes its code 1 row,
 * with the annulment's reason, author and time, each item credited in full.
 */

const start = releaseBefore('0029_invoice_credit_notes');

describe('upgrading annulled invoices to their list of credit notes', () => {
  it("moves each invoice's annulling note into invoice_credit_notes and drops credit_note_id", async () => {
    const database = await start.open();
    try {
      const { db } = database;
      const admin = await insertUser(db, 'admin', 'antes_nc');
      const [client] = rowsOf<{ id: number }>(
        await db.execute(sql`insert into clients (name) values ('Cliente antiguo') returning id`),
      );
      const [sale] = rowsOf<{ id: number }>(
        await db.execute(sql`insert into sales (passenger_name, client_id, seller_id, travel_date, sale_type,
          service_type, region, sale_price) values ('Antiguo', ${client?.id}, ${admin.id}, '2031-01-01',
          'individual', 'package', 'national', '1000.00') returning id`),
      );
      const [caf] = rowsOf<{ id: number }>(
        await db.execute(sql`insert into dte_cafs (type, folio_from, folio_to, next_folio, authorized_on,
          issuer_rut, xml) values (61, 1, 10, 2, '2031-01-01', '76123456-0', '<AUTORIZACION/>') returning id`),
      );
      const document = async (type: number, referenceId: number | null) =>
        rowsOf<{ id: number }>(
          await db.execute(sql`insert into dte_documents (type, folio, caf_id, issue_date, receiver_rut,
            receiver_name, net_amount, exempt_amount, vat_amount, total_amount, reference_id, xml) values
            (${type}, 1, ${caf?.id}, '2031-01-02', '77777777-7', 'Cliente', 100, 50, 19, 169, ${referenceId},
            '<EnvioDTE/>') returning id`),
        )[0]?.id ?? null;
      const invoiceDte = await document(33, null);
      const documents = [{ id: invoiceDte }, { id: await document(61, invoiceDte) }];
      const items = JSON.stringify([
        { description: 'Hotel', pesos: '119', exempt: false },
        { description: 'Seguro', pesos: '50', exempt: true },
      ]);
      const invoice = (number: string, creditNote: number | null, cancelled: string | null) =>
        db.execute(sql`insert into invoices (number, year, sequence, sale_id, issue_date, amount, currency,
          client_name, company_name, company_tax_id, company_address, company_email, company_phone, items,
          dte_document_id, credit_note_id, cancelled_at, cancel_reason, cancelled_by) values
          (${number}, 2031, ${number.slice(-1)}, ${sale?.id}, '2031-01-02', '1000.00', 'USD', 'Cliente',
          'Agencia', '76123456-0', 'Calle 1', 'a@b.cl', '1', ${items}::jsonb,
          ${creditNote === null ? null : documents[0]?.id}, ${creditNote}, ${cancelled}::timestamptz,
          ${cancelled && 'Cliente desiste'}, ${cancelled && admin.id}) returning id`);
      const [annulled] = rowsOf<{ id: number }>(
        await invoice('F-2031-000001', documents[1]?.id ?? null, '2031-01-03T12:00:00Z'),
      );
      await invoice('F-2031-000002', null, null);

      await database.migrate();

      const notes = rowsOf(
        await db.execute(sql`select invoice_id, dte_document_id, code, reason, lines, created_by,
          created_at = '2031-01-03T12:00:00Z'::timestamptz as at_annulment from invoice_credit_notes`),
      );
      expect(notes).toEqual([
        {
          invoice_id: annulled?.id,
          dte_document_id: documents[1]?.id,
          code: 1,
          reason: 'Cliente desiste',
          lines: [
            { itemId: 1, pesos: '119' },
            { itemId: 2, pesos: '50' },
          ],
          created_by: admin.id,
          at_annulment: true,
        },
      ]);
      const column = rowsOf(
        await db.execute(sql`select 1 from information_schema.columns where table_name = 'invoices'
          and column_name = 'credit_note_id'`),
      );
      expect(column).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
