import { and, count, eq, ne } from 'drizzle-orm';
import type { CompanySetup, SetupStep } from '../../../domain/company-setup';
import type { Database } from '../../db/client';
import { clients, companyTax, currencyRates, users } from '../../db/schema';
import { verifyPassword } from '../users';
import { type DemoAccount, hasDemoData } from './demo-removal';
import { getCompanySettings } from './settings';

/**
 * The admin's checklist (decision 0093): each step is read off the database, so it is done the moment
 * the agency has done it, whoever did it and from whichever screen.
 */
export async function companySetup(
  db: Database,
  callerId: number,
  demoAccounts: readonly DemoAccount[],
): Promise<CompanySetup> {
  const [settings, demoData, [otherRate], [activeUsers], [tax], [client], [caller]] = await Promise.all([
    getCompanySettings(db),
    hasDemoData(db),
    db
      .select({ id: currencyRates.id })
      .from(currencyRates)
      .where(and(ne(currencyRates.currency, 'USD'), eq(currencyRates.isActive, true)))
      .limit(1),
    db.select({ n: count() }).from(users).where(eq(users.isActive, true)),
    db.select({ id: companyTax.id }).from(companyTax).limit(1),
    db.select({ id: clients.id }).from(clients).limit(1),
    db.select().from(users).where(eq(users.id, callerId)),
  ]);
  const done: Record<SetupStep, boolean> = {
    demo: !demoData,
    company: !demoData && settings.name.trim() !== '' && settings.taxId.trim() !== '',
    rates: otherRate !== undefined,
    users: (activeUsers?.n ?? 0) > 1,
    tax: tax !== undefined,
    clients: !demoData && client !== undefined,
  };
  return {
    demoData,
    publicCredentials: caller ? await signsInWithDemoCredentials(caller, demoAccounts) : false,
    steps: (Object.keys(done) as SetupStep[]).map((step) => ({ step, done: done[step] })),
  };
}

/**
 * A demo account's e-mail and password were printed on /login for every PC of the office: until both
 * are changed, anyone may sign in as it. Only the matching account's password is tried (one argon2).
 */
async function signsInWithDemoCredentials(
  user: { username: string; email: string; passwordHash: string },
  demoAccounts: readonly DemoAccount[],
) {
  const email = user.email.toLowerCase();
  const account = demoAccounts.find((a) => a.email === email || a.username === user.username.toLowerCase());
  if (!account) return false;
  return account.email === email || (await verifyPassword(user.passwordHash, account.password));
}
