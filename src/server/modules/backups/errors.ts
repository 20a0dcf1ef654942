/** A problem with a backup or a restore, with the message shown to the person running it (Spanish). */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** A file that is not as this application writes it: what the reader found wrong, in Spanish. */
export const damaged = (why: string) =>
  new BackupError(`El respaldo está dañado: ${why}. No se cambió nada.`);
