import '../domain/zod-locale';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openForCommand } from './backup-source';
import { isInside, loadConfig } from './config';
import { verifyBackupFile, writeBackup } from './modules/backups';
import { resolveSecretKey } from './secret-key';

/** `npm run backup -- [--out FILE]`: one backup of the configured database, verified by reading it back. */
async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const config = loadConfig();
  const out = values.out ? path.resolve(values.out) : undefined;
  if (out && !config.databaseUrl && isInside(out, config.dataDir)) {
    throw new Error(`--out ${out} está dentro de DATA_DIR: un respaldo ahí se pierde con los datos.`);
  }
  const { database, release } = await openForCommand(config, 'respaldar');
  try {
    // The server's own key, as main.ts finds it: the backup is signed with it (decision 0080).
    const secret = resolveSecretKey(config);
    const keys = { passphrase: config.backupPassphrase, secretKey: secret.key };
    const written = await writeBackup(database, {
      dir: out ? path.dirname(out) : config.backupDir,
      file: out ? path.basename(out) : undefined,
      ...keys,
    });
    const manifest = await verifyBackupFile(written.path, keys);
    const rows = Object.values(manifest.rowCounts).reduce((sum, n) => sum + n, 0);
    console.log(`Respaldo escrito y verificado: ${written.path}`);
    console.log(
      `  ${written.bytes} bytes${written.encrypted ? ', cifrado (age)' : ''}, SHA-256 ${written.fileSha256}`,
    );
    console.log(
      `  ${rows} filas en ${manifest.tables.length} tablas (ventas: ${manifest.rowCounts.sales ?? 0}), migración ${manifest.migration.tag}`,
    );
    console.log(
      `  Firmado con la clave secreta ${config.secretKey ? 'de SECRET_KEY' : `del archivo ${config.secretKeyFile}`}${secret.generatedFile ? ', creada ahora' : ''}: restaurarlo en otro equipo la necesita.`,
    );
    console.log(
      '  Copia la carpeta de respaldos fuera de este equipo (disco externo, nube), y la clave aparte.',
    );
  } finally {
    await database.close();
    release();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
