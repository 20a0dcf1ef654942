export { diff } from './diff';
export { type AuditActor, type AuditEntry, auditActor, record } from './record';
