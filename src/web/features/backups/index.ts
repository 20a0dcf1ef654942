export { LastBackupFailure } from './LastBackupFailure';
