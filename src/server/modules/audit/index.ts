export { GENESIS_HASH } from './chain';
export { diff } from './diff';
export { type AuditActor, type AuditEntry, auditActor, record, recordCrudChange } from './record';
export { verifyAudit } from './verify';
