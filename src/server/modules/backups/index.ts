export { BackupError } from './errors';
export type { BackupManifest } from './format';
export { lastBackupTime } from './latest';
export { type BackupKeys, verifyBackupFile } from './read-file';
export { firstNonEmptyTable, type RestoreReport, restoreBackup } from './restore';
export { backupFileName, type WriteBackupOptions, type WrittenBackup, writeBackup } from './write-file';
