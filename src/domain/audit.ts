import { z } from 'zod';
import { optionalIsoDate } from './date-schemas';
import { MAX_ID, queryInt } from './input';
import { paginationQuerySchema, paginationReplySchema } from './pagination';
import { absentWhenNull } from './replies';

/** What the trail records (docs/product.md#audit-trail); the names are those of the API's responses. */
export const AUDIT_ENTITIES = [
  'sale',
  'payment',
  'supplierPayment',
  'invoice',
  'client',
  'passenger',
  'supplier',
  'operator',
  'classification',
  'currencyRate',
  'companySettings',
  'companyTax',
  'certificate',
  'caf',
  'user',
  'session',
  'commissionRules',
  'commissionMonth',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'status',
  'login',
  'login_failed',
  'logout',
  'revoke',
  'sii_retry',
  'remove_demo',
  'import',
  'close',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ENTITY_LABELS: Record<AuditEntity, string> = {
  sale: 'Venta',
  payment: 'Pago',
  supplierPayment: 'Pago a proveedor',
  invoice: 'Factura',
  client: 'Cliente',
  passenger: 'Pasajero',
  supplier: 'Proveedor',
  operator: 'Operador',
  classification: 'Clasificación',
  currencyRate: 'Tasa de cambio',
  companySettings: 'Datos de la empresa',
  companyTax: 'Datos tributarios',
  certificate: 'Certificado digital',
  caf: 'CAF (folios)',
  user: 'Usuario',
  session: 'Sesión',
  commissionRules: 'Reglas de comisión',
  commissionMonth: 'Mes de comisiones',
};

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Creación',
  update: 'Modificación',
  delete: 'Eliminación',
  status: 'Cambio de estado',
  login: 'Inicio de sesión',
  login_failed: 'Inicio de sesión fallido',
  logout: 'Cierre de sesión',
  revoke: 'Sesiones revocadas',
  sii_retry: 'Reenvío al SII',
  remove_demo: 'Datos de demostración eliminados',
  import: 'Importación',
  close: 'Cierre',
};

/** GET /api/audit: every filter optional; dates are days (UTC), `to` included; unknown filters are 400. */
export const auditQuerySchema = z.strictObject({
  ...paginationQuerySchema.shape,
  entity: z.enum(AUDIT_ENTITIES, 'Entidad inválida').optional(),
  entityId: queryInt('entityId', 1, MAX_ID).optional(),
  userId: queryInt('userId', 1, MAX_ID).optional(),
  action: z.enum(AUDIT_ACTIONS, 'Acción inválida').optional(),
  from: optionalIsoDate('Fecha desde inválida'),
  to: optionalIsoDate('Fecha hasta inválida'),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** Responses omit null fields (as every response of the API): a missing `from` is "did not exist". */
export const auditChangeSchema = z.object({
  field: z.string(),
  from: absentWhenNull(z.string()),
  to: absentWhenNull(z.string()),
});
export type AuditChangeDto = z.infer<typeof auditChangeSchema>;

/**
 * The record an entry is about, as it is now: `exists` false once it was deleted (the name is then
 * the one the entry itself recorded, if any). `saleId` and `supplierId` say where a payment, an
 * invoice or a supplier payment is shown.
 */
export const auditSubjectSchema = z.object({
  exists: z.boolean(),
  name: absentWhenNull(z.string()),
  saleId: absentWhenNull(z.number()),
  supplierId: absentWhenNull(z.number()),
});
export type AuditSubject = z.infer<typeof auditSubjectSchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  user: z.object({ id: absentWhenNull(z.number()), username: absentWhenNull(z.string()) }),
  ip: absentWhenNull(z.string()),
  action: z.string(),
  entity: z.string(),
  entityId: absentWhenNull(z.number()),
  changes: z.array(auditChangeSchema),
  subject: auditSubjectSchema,
});
export type AuditEntryDto = z.infer<typeof auditEntrySchema>;

/**
 * Which record an entry is about, in words: "Venta #123, Juan Pérez". A session's number is its
 * user's, so it reads "Sesión de admin" instead; an entry without a record (a failed sign-in) has none.
 */
export function auditSubjectLabel(entry: Pick<AuditEntryDto, 'entity' | 'entityId' | 'subject'>) {
  const kind = AUDIT_ENTITY_LABELS[entry.entity as AuditEntity] ?? entry.entity;
  const name = entry.subject.name ?? undefined;
  if (entry.entity === 'session') return name ? `${kind} de ${name}` : undefined;
  if (entry.entity === 'companySettings') return kind;
  if (entry.entityId === undefined || entry.entityId === null) return undefined;
  return name ? `${kind} #${entry.entityId}, ${name}` : `${kind} #${entry.entityId}`;
}

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  pagination: paginationReplySchema,
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/**
 * What verify found wrong, the first thing only: an entry edited (or inserted, or removed before it),
 * the oldest entries removed without a purge, the newest removed (the trail ends before the head),
 * or a count that differs from the head's.
 */
export const AUDIT_VERIFY_PROBLEMS = ['altered', 'missingOldest', 'missingNewest', 'countMismatch'] as const;

export const auditVerifySchema = z.object({
  ok: z.boolean(),
  checked: z.number(),
  firstBrokenId: z.number().optional(),
  problem: z.enum(AUDIT_VERIFY_PROBLEMS).optional(),
  /** The problem in Spanish, for whoever reads the reply. */
  message: z.string().optional(),
  /** When the newest entries are missing: the id of the newest the head recorded. */
  expectedLastId: z.number().optional(),
});
export type AuditVerifyResult = z.infer<typeof auditVerifySchema>;
