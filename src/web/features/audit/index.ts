// The public face of the audit feature: the sale detail mounts its history, Configuraciones its screen.
export { AuditSection } from './AuditSection';
export { SaleHistory } from './SaleHistory';
