import { networkInterfaces } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { loadConfig, loggerOptions } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { DatabaseNewerError, MigrationFailedError } from './db/migrations';
import { openConfiguredDatabase } from './db/open';
import { DEMO_ACCOUNTS } from './demo/accounts';
import { seedDemoData } from './demo/seed';
import { lanUrls } from './lib/lan-addresses';
import { lastBackupTime, writeBackup } from './modules/backups';
import { resolveSecretKey } from './secret-key';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function main() {
  const config = loadConfig();
  const secret = resolveSecretKey(config);
  const backup = { dir: config.backupDir, passphrase: config.backupPassphrase };
  // The backups are signed with the secret key (decision 0080): a restore elsewhere needs it too.
  const signed = { ...backup, secretKey: secret.key };
  // A database that has data is backed up before its pending migrations run (docs/decisions/0052).
  const { database, unlock } = await openConfiguredDatabase(config, {
    beforeMigrate: async (toMigrate) => (await writeBackup(toMigrate, signed)).path,
  });
  const seeded = config.demo && (await seedDemoData(database.db));

  const app = await buildApp({
    database,
    demo: config.demo,
    webDir: path.join(root, 'dist/web'),
    logger: loggerOptions(config),
    trustProxy: config.trustProxy,
    corsOrigins: config.corsOrigins,
    metricsToken: config.metricsToken,
    lastBackupAt: () => lastBackupTime(config.backupDir),
    backups: backup,
    scheduleBackups: config.backupSchedule,
    replyChecks: config.replyChecks,
    scheduleReminders: config.reminderSchedule,
    outbox: config.smtpUrl ? { smtpUrl: config.smtpUrl } : undefined,
    secretKey: secret.key,
    sii: config.siiSend ? { baseUrl: config.siiBaseUrl, boletaBaseUrl: config.siiBoletaBaseUrl } : undefined,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: cerrando el servidor y la base de datos`);
    await app.close();
    await database.close();
    unlock();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  const url = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  const lines = [
    '',
    `  Back office de agencia de viajes en ${url}`,
    ...officeAddresses(config.host, config.port),
    `  Base de datos: ${database.kind === 'pglite' ? `PGlite en ${path.resolve(config.dataDir)}` : 'PostgreSQL'}`,
  ];
  if (secret.generatedFile) {
    lines.push(
      `  SECRET_KEY no está definida: se generó una clave en ${secret.generatedFile} (solo su dueño la lee).`,
      '  Guárdala aparte: los respaldos no la incluyen y se firman con ella; sin ella no se restauran en otro equipo',
      '  y el certificado digital debe subirse de nuevo.',
    );
  }
  if (config.demo) {
    lines.push(seeded ? '  Datos de demostración creados. Cuentas:' : '  Cuentas de demostración:');
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.role.padEnd(8)} ${a.email}  /  ${a.password}`);
  }
  console.log(`${lines.join('\n')}\n`);
}

/** What the other PCs of the office open: every LAN address when the server listens on all of them. */
function officeAddresses(host: string, port: number): string[] {
  const everywhere = host === '0.0.0.0' || host === '::';
  const urls = everywhere ? lanUrls(networkInterfaces(), port) : [];
  if (urls.length === 0) return [];
  return ['  Desde otros equipos de la oficina:', ...urls.map((u) => `    ${u}`)];
}

main().catch((error) => {
  if (error instanceof DatabaseNewerError || error instanceof MigrationFailedError) {
    console.error(error.message);
    // 78 (EX_CONFIG): a person must act; a restart would back up and fail again (docs/deploy.md).
    process.exit(78);
  }
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('No se pudo iniciar el servidor:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
