import { eq } from 'drizzle-orm';
import type { CompanySettings } from '../../../domain/company';
import type { Database } from '../../db/client';
import { companySettings } from '../../db/schema';
import { type AuditActor, diff, record } from '../audit';

const EMPTY: CompanySettings = { name: '', taxId: '', address: '', email: '', phone: '' };

export async function getCompanySettings(db: Database): Promise<CompanySettings> {
  const [row] = await db.select().from(companySettings).where(eq(companySettings.id, 1));
  if (!row) return EMPTY;
  return { name: row.name, taxId: row.taxId, address: row.address, email: row.email, phone: row.phone };
}

export async function saveCompanySettings(
  db: Database,
  input: CompanySettings,
  audit: AuditActor,
): Promise<CompanySettings> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(companySettings).where(eq(companySettings.id, 1)).for('update');
    const [after] = await tx
      .insert(companySettings)
      .values({ id: 1, ...input, updatedAt: new Date() })
      .onConflictDoUpdate({ target: companySettings.id, set: { ...input, updatedAt: new Date() } })
      .returning();
    const changes = diff(before ?? {}, after ?? {});
    await record(tx, audit, {
      action: before ? 'update' : 'create',
      entity: 'companySettings',
      entityId: 1,
      changes,
    });
  });
  return getCompanySettings(db);
}
