import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyApi } from '../../../domain/api/company';
import { REMOVE_DEMO_MESSAGES } from '../../../domain/company-setup';
import type { Database } from '../../db/client';
import { HttpError } from '../../lib/http-errors';
import { routeOf } from '../../lib/route';
import { currentUser } from '../../plugins/current-user';
import { auditActor } from '../audit';
import { type DemoAccount, removeDemoData } from './demo-removal';
import { companySetup } from './setup';

/**
 * The admin's first steps and "Empezar con mis datos" (decision 0093). Registered after the backups'
 * service exists: the demo is removed only after a verified backup of it.
 */
export const companySetupRoutes: FastifyPluginAsyncZod<{
  db: Database;
  /** The demo accounts the app seeds (src/server/demo/accounts.ts). */
  demoAccounts: readonly DemoAccount[];
  /** A backup made now and waited for (the backups' service), absent without a backup folder. */
  backupNow?: (userId: number) => Promise<{ fileName: string; status: string; error?: string | null }>;
}> = async (app, { db, demoAccounts, backupNow }) => {
  const tags = ['company'];

  app.route({
    ...routeOf(companyApi.setup, tags),
    handler: async (request) => ({ data: await companySetup(db, currentUser(request).id, demoAccounts) }),
  });

  app.route({
    ...routeOf(companyApi.removeDemoData, tags),
    handler: async (request) => {
      const user = currentUser(request);
      return removeDemoData(db, { ...auditActor(request), userId: user.id }, demoAccounts, async () => {
        if (!backupNow) throw new HttpError(503, REMOVE_DEMO_MESSAGES.noBackups);
        return backupNow(user.id);
      });
    },
  });
};
