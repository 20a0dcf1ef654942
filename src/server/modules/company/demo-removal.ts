import { eq, sql } from 'drizzle-orm';
import { REMOVE_DEMO_MESSAGES, type RemoveDemoDataReply } from '../../../domain/company-setup';
import type { Database } from '../../db/client';
import { companySettings } from '../../db/schema';
import { rowsOf } from '../../db/sql-rows';
import { conflict, HttpError } from '../../lib/http-errors';
import { type AuditActor, record } from '../audit';
import { forgetAgencyPreferences } from './settings';

/*
 * Everything the demo agency wrote, emptied in one statement: its sales and their payments, documents,
 * e-mails and the totals kept from them, the master data, and the counters of receipts and invoices so
 * the agency's own first receipt is No. 1. No CASCADE: a table added later that points at one of these
 * makes the TRUNCATE fail (tests/api/company/remove-demo-data.test.ts) instead of being emptied unseen.
 * Kept: users (the demo ones are deleted below), rates, settings other than the demo company's details,
 * tax data, certificate and CAFs (folios are the SII's), backups and the audit trail.
 */
const DEMO_TABLES = [
  'sales',
  'sale_items',
  'sale_item_passengers',
  'sale_instalments',
  'sale_quotes',
  'sale_balances',
  'sales_summary',
  'sales_daily',
  'sales_seller_counts',
  'supplier_sales',
  'supplier_totals',
  'supplier_currency_totals',
  'supplier_dues',
  'supplier_due_days',
  'supplier_due_months',
  'client_balances',
  'balance_days',
  'report_days',
  'payments',
  'supplier_payments',
  'supplier_payment_sales',
  'invoices',
  'invoice_credit_notes',
  'invoice_sequences',
  'document_counters',
  'dte_documents',
  'sii_submissions',
  'sii_attempts',
  'emails',
  'email_attachments',
  'email_attempts',
  'reminder_slots',
  'clients',
  'passengers',
  'suppliers',
  'operators',
  'classifications',
  'commission_rules',
  'commission_lines',
  'commission_months',
];

/** A demo account as the app was given it (src/server/demo/accounts.ts): modules know no demo data. */
export interface DemoAccount {
  username: string;
  email: string;
  password: string;
}

/** Whether the demo agency is still in the database (company_settings.demo_data, decision 0093). */
export async function hasDemoData(db: Database): Promise<boolean> {
  const [row] = await db.select({ demoData: companySettings.demoData }).from(companySettings);
  return row?.demoData ?? false;
}

/**
 * Removes the demo agency in one transaction, after `backup` (a verified backup of before) succeeded.
 * The caller stays, even if it is a demo account: it is the admin who will set the agency up.
 */
export async function removeDemoData(
  db: Database,
  actor: AuditActor & { userId: number },
  demoAccounts: readonly DemoAccount[],
  backup: () => Promise<{ fileName: string; status: string; error?: string | null }>,
): Promise<RemoveDemoDataReply> {
  await refuseUnlessDemo(db);
  const made = await backup();
  if (made.status !== 'verified') {
    throw new HttpError(503, `${REMOVE_DEMO_MESSAGES.backupFailed}${made.error ?? made.status}`);
  }
  const removed = await db.transaction(async (tx) => {
    // The flag's row lock makes a second call at once wait, then find no demo data (409).
    const [row] = await tx
      .select({ demoData: companySettings.demoData })
      .from(companySettings)
      .where(eq(companySettings.id, 1))
      .for('update');
    if (!row?.demoData) throw conflict(REMOVE_DEMO_MESSAGES.none);
    await refuseSentDocuments(tx);
    const [counts] = await rowsOf<Omit<RemoveDemoDataReply['data']['removed'], 'users'>>(
      tx,
      sql`
      select (select count(*)::int from sales) as sales, (select count(*)::int from payments) as payments,
             (select count(*)::int from clients) as clients, (select count(*)::int from passengers) as passengers`,
    );
    await tx.execute(sql.raw(`truncate ${DEMO_TABLES.join(', ')} restart identity`));
    const demoEmails = demoAccounts.map((account) => account.email);
    const gone = await rowsOf<{ id: number }>(
      tx,
      sql`delete from users where lower(email) in ${demoEmails} and id <> ${actor.userId} returning id`,
    );
    await tx
      .update(companySettings)
      .set({ demoData: false, name: '', taxId: '', address: '', email: '', phone: '', emailFrom: '' })
      .where(eq(companySettings.id, 1));
    const all = { ...(counts ?? { sales: 0, payments: 0, clients: 0, passengers: 0 }), users: gone.length };
    await record(tx, actor, {
      action: 'remove_demo',
      entity: 'companySettings',
      entityId: 1,
      changes: [
        { field: 'backup', from: null, to: made.fileName },
        ...Object.entries(all).map(([field, count]) => ({ field, from: String(count), to: '0' })),
      ],
    });
    return all;
  });
  forgetAgencyPreferences(db);
  return { message: REMOVE_DEMO_MESSAGES.removed, data: { backupFileName: made.fileName, removed } };
}

async function refuseUnlessDemo(db: Database) {
  if (!(await hasDemoData(db))) throw conflict(REMOVE_DEMO_MESSAGES.none);
  await refuseSentDocuments(db);
}

/** A DTE took a folio from the SII's CAF: a tax record, never emptied with the demo. */
async function refuseSentDocuments(db: Database) {
  const [row] = await rowsOf<{ any: boolean }>(db, sql`select exists (select 1 from dte_documents) as any`);
  if (row?.any) throw conflict(REMOVE_DEMO_MESSAGES.invoicesSent);
}
