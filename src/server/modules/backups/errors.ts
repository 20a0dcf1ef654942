/** A problem with a backup or a restore, with the message shown to the person running it (Spanish). */
export class BackupError extends Error {
  override name = 'BackupError';
}
