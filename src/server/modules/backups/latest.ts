import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** A finished backup's name (`backupFileName`); a `.partial` one being written is hidden and never matches. */
const BACKUP_NAME = /^respaldo-.+\.ndjson\.gz(\.age)?$/;

/**
 * When the newest backup in `dir` was written, or null when there is none (or no folder yet): what the
 * readiness check and /metrics report as the last backup's age.
 */
export async function lastBackupTime(dir: string): Promise<Date | null> {
  const names = await readdir(dir).catch(() => [] as string[]);
  let newest: Date | null = null;
  for (const name of names.filter((n) => BACKUP_NAME.test(n))) {
    const written = (await stat(path.join(dir, name)).catch(() => null))?.mtime;
    if (written && (!newest || written > newest)) newest = written;
  }
  return newest;
}
