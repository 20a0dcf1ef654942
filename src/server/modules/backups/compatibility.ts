import { type CodeMigration, codeMigrations } from '../../db/migrations';
import { appVersion } from './dump';
import { BackupError } from './errors';
import type { BackupManifest } from './format';

/** 0.10.0 is newer than 0.9.3: versions compare number by number, not as text. */
function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.-]/).map(Number);
  const pb = b.split(/[.-]/).map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const diff = (pa[i] || 0) - (pb[i] || 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/**
 * The backup's migration must be one this code has: a backup from a newer version holds tables and
 * columns this code does not know, so it is refused before the target is touched.
 */
export function checkCompatible(manifest: BackupManifest): { backupMigration: CodeMigration } {
  const migrations = codeMigrations();
  const newest = migrations.at(-1);
  if (!newest) throw new BackupError('Esta versión no tiene migraciones: no puede restaurar.');
  const version = appVersion();
  if (manifest.migration.when > newest.when || compareVersions(manifest.appVersion, version) > 0) {
    throw new BackupError(
      `El respaldo es de una versión más nueva de la aplicación (${manifest.appVersion}, migración ` +
        `${manifest.migration.tag ?? manifest.migration.when}) que esta (${version}, migración ${newest.tag}). ` +
        'Actualiza la aplicación y vuelve a restaurar. No se cambió nada.',
    );
  }
  const backupMigration = migrations.find((migration) => migration.when === manifest.migration.when);
  if (!backupMigration) {
    throw new BackupError(
      `La migración del respaldo (${manifest.migration.tag ?? manifest.migration.when}) no es ninguna de esta ` +
        'versión de la aplicación. No se cambió nada.',
    );
  }
  return { backupMigration };
}
