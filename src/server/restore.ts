import '../domain/zod-locale';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openForCommand } from './backup-source';
import { loadConfig } from './config';
import { BackupError, type RestoreReport, restoreBackup, verifyBackupFile } from './modules/backups';

const USAGE = 'Uso: npm run restore -- ARCHIVO [--data-dir DIRECTORIO | --database-url URL]';

/**
 * `npm run restore -- FILE [--data-dir DIR | --database-url URL]`: into an empty database only. The
 * file is read whole and checked before the target is opened; a new PGlite folder that a failed
 * restore created is removed again, so nothing is left changed.
 */
async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'data-dir': { type: 'string' }, 'database-url': { type: 'string' } },
  });
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0 || (values['data-dir'] && values['database-url'])) throw new Error(USAGE);
  const config = loadConfig();
  const target = values['database-url']
    ? { databaseUrl: values['database-url'], dataDir: config.dataDir }
    : values['data-dir']
      ? { dataDir: values['data-dir'] }
      : { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
  const manifest = await verifyBackupFile(path.resolve(file), config.backupPassphrase);
  const pgliteDir = path.join(path.resolve(target.dataDir), 'pglite');
  if (!target.databaseUrl && existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0) {
    throw new BackupError(
      `${pgliteDir} ya tiene una base de datos: solo se restaura en un directorio vacío o nuevo. No se cambió nada.`,
    );
  }
  const { database, release } = await openForCommand(target, 'restaurar');
  let restored = false;
  try {
    printReport(await restoreBackup(database, path.resolve(file), config.backupPassphrase, manifest));
    restored = true;
  } finally {
    await database.close();
    if (!restored && !target.databaseUrl) rmSync(pgliteDir, { recursive: true, force: true });
    release();
  }
}

function printReport(report: RestoreReport) {
  const { manifest } = report;
  console.log(
    `Respaldo del ${manifest.createdAt} (versión ${manifest.appVersion}, ${manifest.databaseKind}, migración ${manifest.migration.tag}) restaurado.`,
  );
  if (report.migrationsAfter.length > 0)
    console.log(`Migraciones posteriores aplicadas: ${report.migrationsAfter.join(', ')}`);
  console.log('Filas por tabla (respaldo = restauradas):');
  for (const count of report.counts) console.log(`  ${count.table}: ${count.expected} = ${count.actual}`);
  console.log(
    `Cadena de auditoría verificada: ${report.audit.checked} entradas, termina en ${manifest.auditLastHash}.`,
  );
  // The key that seals the certificate's private key lives outside the database (decision 0063).
  console.log(
    'El respaldo no incluye la clave del certificado digital (SECRET_KEY o el archivo secret-key): en otro servidor, sube de nuevo el certificado en Configuraciones.',
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
