import type { AuditEntryDto } from '../../src/domain/audit';
import type { TestContext } from './test-app';

/** The trail as an admin reads it through the API, newest first. */
export async function auditEntries(ctx: TestContext, query: string): Promise<AuditEntryDto[]> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/audit?${query}`,
    headers: await ctx.auth('admin'),
  });
  if (res.statusCode !== 200) throw new Error(`audit ${query}: ${res.statusCode} ${res.body}`);
  return res.json().entries;
}

/** The newest entry for one record. */
export async function latestEntry(ctx: TestContext, entity: string, entityId: number) {
  const [entry] = await auditEntries(ctx, `entity=${entity}&entityId=${entityId}&limit=1`);
  if (!entry) throw new Error(`no audit entry for ${entity} ${entityId}`);
  return entry;
}
