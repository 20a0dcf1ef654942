export { diff } from './diff';
export { type AuditActor, type AuditEntry, auditActor, record, recordCrudChange } from './record';
