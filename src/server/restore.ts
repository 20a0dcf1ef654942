import '../domain/zod-locale';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openForCommand } from './backup-source';
import { type Config, loadConfig } from './config';
import { BackupError, type RestoreReport, restoreBackup, verifyBackupFile } from './modules/backups';
import { readSecretKeyFile } from './secret-key';

const USAGE =
  'Uso: npm run restore -- ARCHIVO [--data-dir DIRECTORIO | --database-url URL] [--secret-key-file ARCHIVO] [--allow-unsigned]';

/**
 * `npm run restore -- FILE [--data-dir DIR | --database-url URL] [--secret-key-file FILE]
 * [--allow-unsigned]`: into an empty database only. The file is read whole and checked, its signature
 * with the server's secret key included (decision 0080), before the target is opened; a new PGlite
 * folder that a failed restore created is removed again, so nothing is left changed.
 */
async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      'secret-key-file': { type: 'string' },
      'allow-unsigned': { type: 'boolean' },
    },
  });
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0 || (values['data-dir'] && values['database-url'])) throw new Error(USAGE);
  const config = loadConfig();
  const target = values['database-url']
    ? { databaseUrl: values['database-url'], dataDir: config.dataDir }
    : values['data-dir']
      ? { dataDir: values['data-dir'] }
      : { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
  const keys = {
    passphrase: config.backupPassphrase,
    secretKey: restoreKey(config, values['secret-key-file']),
    allowUnsigned: values['allow-unsigned'] ?? false,
  };
  const manifest = await verifyBackupFile(path.resolve(file), keys);
  if (manifest.unauthenticated) {
    console.error(
      `ADVERTENCIA: el respaldo ${manifest.unauthenticated}. Se restaura porque lo pediste con --allow-unsigned: nada prueba quién lo hizo ni que nadie lo cambió.`,
    );
  }
  const pgliteDir = path.join(path.resolve(target.dataDir), 'pglite');
  if (!target.databaseUrl && existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0) {
    throw new BackupError(
      `${pgliteDir} ya tiene una base de datos: solo se restaura en un directorio vacío o nuevo. No se cambió nada.`,
    );
  }
  const { database, release } = await openForCommand(target, 'restaurar');
  let restored = false;
  try {
    printReport(await restoreBackup(database, path.resolve(file), keys, manifest));
    restored = true;
  } finally {
    await database.close();
    if (!restored && !target.databaseUrl) rmSync(pgliteDir, { recursive: true, force: true });
    release();
  }
}

/**
 * The key the backup must be signed with: the file given, else the server's own (SECRET_KEY, else
 * its `secret-key` file). None is generated: a new key could prove nothing.
 */
function restoreKey(config: Config, keyFile: string | undefined): string | undefined {
  if (!keyFile) return config.secretKey ?? (readSecretKeyFile(config.secretKeyFile) || undefined);
  let key: string | undefined;
  try {
    key = readSecretKeyFile(path.resolve(keyFile));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new BackupError(`No se puede leer el archivo de la clave secreta ${keyFile} (${code}).`);
  }
  if (key === undefined) throw new BackupError(`No existe el archivo de la clave secreta ${keyFile}.`);
  if (!key) throw new BackupError(`El archivo de la clave secreta ${keyFile} está vacío.`);
  return key;
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
  // Unsigned, the chain only proves it is coherent: whoever edited the file could recompute it.
  console.log(
    manifest.unauthenticated
      ? `Cadena de auditoría coherente: ${report.audit.checked} entradas; sin firma, no prueba que nadie la cambió.`
      : `Cadena de auditoría verificada: ${report.audit.checked} entradas, termina en ${manifest.auditLastHash}.`,
  );
  // The key lives outside the database (decision 0063): the server that opens it needs the same one.
  console.log(
    'El respaldo no incluye la clave secreta (SECRET_KEY o el archivo secret-key): el servidor que use esta base necesita la misma con que se restauró, para abrir el certificado digital y leer estos respaldos; con otra, sube de nuevo el certificado en Configuraciones.',
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
