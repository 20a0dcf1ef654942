import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import '../domain/zod-locale';
import type { DatabaseHandle } from './db/client';
import { DEMO_ACCOUNTS } from './demo/accounts';
import { startMinuteTimer } from './lib/minute-timer';
import { alertsRoutes } from './modules/alerts/routes';
import { auditRoutes } from './modules/audit/routes';
import { openSessionStore, throttledCheck } from './modules/auth';
import { authRoutes } from './modules/auth/routes';
import { backupsRoutes } from './modules/backups/routes';
import { startBackupSchedule, type TickOutcome, tickBackupSchedule } from './modules/backups/schedule';
import { type BackupSettings, backupService } from './modules/backups/service';
import { catalogRoutes } from './modules/catalogs/routes';
import { clientsRoutes } from './modules/clients/routes';
import { commissionsRoutes } from './modules/commissions/routes';
import { agencyTimeZone } from './modules/company';
import { companyRoutes } from './modules/company/routes';
import { companySetupRoutes } from './modules/company/setup-routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { documentsRoutes } from './modules/documents/routes';
import { companySigner, secretBox } from './modules/dte';
import { dteRoutes } from './modules/dte/routes';
import { type Outbox, type OutboxOptions, outboxGauges, startOutbox } from './modules/emails';
import { emailsRoutes } from './modules/emails/routes';
import type { LastBackupAt } from './modules/health/readiness';
import { healthRoutes } from './modules/health/routes';
import { importsRoutes } from './modules/imports/routes';
import { invoicesRoutes } from './modules/invoices/routes';
import { createMetrics } from './modules/metrics';
import { measureRequests } from './modules/metrics/http-metrics';
import { metricsRoutes } from './modules/metrics/routes';
import { passengersRoutes } from './modules/passengers/routes';
import { paymentsRoutes } from './modules/payments/routes';
import { type ReminderOutcome, tickReminders } from './modules/reminders';
import { reportsRoutes } from './modules/reports/routes';
import { salesRoutes } from './modules/sales/routes';
import { searchRoutes } from './modules/search/routes';
import { type SiiOutbox, type SiiOutboxOptions, startSiiOutbox } from './modules/sii';
import { siiRoutes } from './modules/sii/routes';
import { supplierPaymentsRoutes } from './modules/supplier-payments/routes';
import { usersRoutes } from './modules/users/routes';
import { accessPlugin } from './plugins/access';
import { clientErrorHandler, frameworkErrors } from './plugins/client-errors';
import { corsPlugin } from './plugins/cors';
import { declaredRepliesPlugin } from './plugins/declared-replies';
import { docsPlugin } from './plugins/docs';
import { errorsPlugin } from './plugins/errors';
import { inputPlugin } from './plugins/input';
import { type ReplyChecks, replySerializerCompiler } from './plugins/reply-serializer';
import { securityHeadersPlugin } from './plugins/security-headers';
import { webPlugin } from './plugins/web';

export interface AppOptions {
  database: DatabaseHandle;
  demo: boolean;
  /** Folder of the built web app; undefined serves the API only (tests). */
  webDir?: string;
  logger?: boolean | { level: string; transport?: { target: string; options?: Record<string, unknown> } };
  trustProxy?: boolean;
  /** CORS_ORIGINS: origins whose front ends may call the API; none by default. */
  corsOrigins?: readonly string[];
  /**
   * `check` (tests, dev): every reply is checked against its declared schema and status, and a
   * mismatch is a 500; `trust` (production, the default): sent as built, a wrong status only logged.
   */
  replyChecks?: ReplyChecks;
  /** METRICS_TOKEN: a Prometheus scraper's bearer token for /metrics; without it only admins read them. */
  metricsToken?: string;
  /** When the last backup was made, for the readiness check and /metrics; undefined until backups exist. */
  lastBackupAt?: LastBackupAt;
  /**
   * BACKUP_DIR and BACKUP_PASSPHRASE for the "Respaldos" routes; without it they answer 503. Their
   * files are signed with `secretKey` (decision 0080).
   */
  backups?: BackupSettings;
  /** Makes the daily backup at the company's backup hour (main.ts); needs `backups`. */
  scheduleBackups?: boolean;
  /** SMTP_URL and the worker's timings: the outbox sends; without it messages wait in "Correos". */
  outbox?: Omit<OutboxOptions, 'onError'>;
  /** Queues the morning reminders at the company's reminder hour (main.ts). */
  scheduleReminders?: boolean;
  /**
   * Seals the certificate's private key and signs the backups (main.ts: SECRET_KEY or its file); a
   * random one otherwise.
   */
  secretKey?: string;
  /** SII_SEND: the SII's outbox uploads issued DTEs (SII_BASE_URL and the worker's timings). */
  sii?: Omit<SiiOutboxOptions, 'onError' | 'loadSigner'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** One tick of the daily backup schedule at `now`: tests call it with a fake clock. */
    tickBackupSchedule?: (now: Date) => Promise<TickOutcome>;
    /** The outbox's worker, when the app sends e-mail (tests wait for it to be idle). */
    outbox?: Outbox;
    /** The SII's outbox worker, when the app sends DTEs to the SII. */
    siiOutbox?: SiiOutbox;
    /** One tick of the morning reminders at `now`: tests call it with a fake clock. */
    tickReminders: (now: Date) => Promise<ReminderOutcome>;
  }
}

/** Builds the whole HTTP application without listening, so tests can call it through inject(). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    // Fastify logs two lines per request (incoming, completed); the onResponse hook below logs one.
    logController: new LogController({ disableRequestLogging: true }),
    // A request too large or malformed for the router or for Node's parser still answers `{ message }`.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // An optional field without a value is left out of a reply rather than sent as null: the product's
  // entities mark such fields optional, and the original client rejects a null where it expects a
  // string (docs/product.md#conventions).
  // The reply schemas declare such fields with absentWhenNull (src/domain/replies.ts) to match.
  const replyChecks = options.replyChecks ?? 'trust';
  // Each route's declared replies go through the compiled serializer. No default reply serializer is
  // set: Fastify would use it instead of the route's, and the checks would never run.
  app.setSerializerCompiler(replySerializerCompiler(replyChecks));

  // One line per request, only when logging at all (tests and the benchmark run without a logger).
  if (options.logger) {
    app.addHook('onResponse', async (request, reply) => {
      const responseTime = Math.round(reply.elapsedTime);
      request.log.info(
        { method: request.method, url: request.url, statusCode: reply.statusCode, responseTime },
        `${request.method} ${request.url} ${reply.statusCode} ${responseTime} ms`,
      );
    });
  }

  const metrics = createMetrics();
  measureRequests(app, metrics);

  const { db } = options.database;
  await app.register(errorsPlugin);
  await app.register(declaredRepliesPlugin, { undeclared: replyChecks === 'check' ? 'fail' : 'log' });
  await app.register(inputPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(corsPlugin, { origins: options.corsOrigins ?? [] });
  const sessions = await openSessionStore(options.database);
  app.addHook('onClose', () => sessions.close());
  await app.register(accessPlugin, { findUser: sessions.findUser });
  await app.register(docsPlugin);
  // Shared helpers (exports) read the agency's zone through the instance (src/server/lib/agency-zone.ts).
  app.decorate('agencyTimeZone', () => agencyTimeZone(db));

  await app.register(healthRoutes, {
    database: options.database,
    lastBackupAt: options.lastBackupAt,
    metrics,
  });
  await app.register(metricsRoutes, { metrics, database: options.database, token: options.metricsToken });
  await app.register(authRoutes, { db, sessions, demoAccounts: options.demo ? DEMO_ACCOUNTS : undefined });
  await app.register(usersRoutes, { db, sessions: { ...sessions, throttledCheck } });
  await app.register(clientsRoutes, { db });
  await app.register(passengersRoutes, { db });
  await app.register(salesRoutes, { db });
  await app.register(dashboardRoutes, { db });
  await app.register(companyRoutes, { db });
  await app.register(commissionsRoutes, { db });
  // Tests and tools that build the app without main.ts get a key of this process only.
  const secretKey = options.secretKey ?? randomBytes(32).toString('hex');
  await app.register(dteRoutes, { db, secretKey });
  if (options.sii) {
    const box = secretBox(secretKey);
    const siiOutbox = startSiiOutbox(options.database, {
      ...options.sii,
      loadSigner: (database, now) => companySigner(database, box, now),
      onError: (e) => app.log.error(e),
    });
    app.decorate('siiOutbox', siiOutbox);
    // A try under way is recorded before the database closes.
    app.addHook('onClose', () => siiOutbox.stop());
  }
  await app.register(siiRoutes, { db });
  await app.register(supplierPaymentsRoutes, { db });
  await app.register(invoicesRoutes, { db, secretKey });
  await app.register(documentsRoutes, { db });
  await app.register(paymentsRoutes, { db });
  await app.register(reportsRoutes, { db });
  await app.register(alertsRoutes, { db });
  await app.register(auditRoutes, { db });
  await app.register(searchRoutes, { db });
  await app.register(importsRoutes, { db });
  const backups =
    options.backups &&
    backupService(options.database, options.backups, secretKey, (error) => app.log.error(error));
  await app.register(companySetupRoutes, {
    db,
    demoAccounts: DEMO_ACCOUNTS,
    backupNow: backups ? (userId) => backups.startAndWait(userId) : undefined,
  });
  await app.register(backupsRoutes, {
    database: options.database,
    settings: options.backups,
    service: backups,
  });
  if (backups) {
    const tick = (now: Date) => tickBackupSchedule(db, backups, now);
    app.decorate('tickBackupSchedule', tick);
    if (options.scheduleBackups) {
      const stop = startBackupSchedule(
        () => tick(new Date()),
        (error) => app.log.error(error),
      );
      // A tick may have started a backup: it ends (or its verification stops) before the database closes.
      app.addHook('onClose', async () => {
        await stop();
        await backups.stop();
      });
    }
  }
  await app.register(emailsRoutes, { db });
  outboxGauges(metrics, db);
  if (options.outbox) {
    const outbox = startOutbox(options.database, { ...options.outbox, onError: (e) => app.log.error(e) });
    app.decorate('outbox', outbox);
    // A message being sent is settled before the database closes.
    app.addHook('onClose', () => outbox.stop());
  }
  app.decorate('tickReminders', (now: Date) => tickReminders(db, now));
  if (options.scheduleReminders) {
    const stop = startMinuteTimer(
      () => tickReminders(db, new Date()),
      (error) => app.log.error(error),
    );
    app.addHook('onClose', stop);
  }
  for (const kind of ['suppliers', 'operators', 'classifications'] as const) {
    await app.register(catalogRoutes(kind), { db });
  }

  await app.register(webPlugin, { webDir: options.webDir });
  return app;
}
