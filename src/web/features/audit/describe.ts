import type { AuditChangeDto, AuditEntryDto } from '../../../domain/audit';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  type AuditAction,
  type AuditEntity,
} from '../../../domain/audit';
import { NUMBER_FORMAT_LABELS } from '../../../domain/company';
import { specPart } from '../../../domain/field-specs';
import { formatMoney, type NumberFormat } from '../../../domain/format';
import { SALE_FIELD_SPECS, SALE_ITEM_FIELD_SPECS } from '../../../domain/sales';
import { SII_STATUS_LABELS, type SiiStatus } from '../../../domain/sii';
import { statusLabel } from '../../../domain/status';

/** The fields the trail records, in Spanish; tests/unit/audit-field-labels.test.ts checks every column has one. */
const FIELD_LABELS: Record<string, string> = {
  // A sale's and an item's fields say it where they are declared.
  ...specPart(SALE_FIELD_SPECS, 'audit'),
  ...specPart(SALE_ITEM_FIELD_SPECS, 'audit'),
  totalCost: 'el costo total',
  status: 'el estado',
  creationDate: 'la fecha de creación',
  completedAt: 'la fecha de liquidación',
  currency: 'la moneda',
  saleId: 'la venta',
  position: 'la posición',
  amount: 'el monto',
  amountUsd: 'el monto en USD',
  rateToUsd: 'la tasa a USD',
  exchangeRate: 'la tasa de cambio',
  rateEdited: 'la tasa ingresada a mano',
  usdAmount: 'el monto en USD',
  saleAmount: 'el monto en la moneda de la venta',
  salePriceUsd: 'el total de venta en USD',
  totalCostUsd: 'el costo total en USD',
  rate: 'la tasa',
  method: 'el método de pago',
  paymentMethod: 'el método de pago',
  reference: 'la referencia',
  relatedSales: 'las ventas asociadas',
  name: 'el nombre',
  email: 'el correo',
  address: 'la dirección',
  phone: 'el teléfono',
  taxId: 'el RUT',
  passengerId: 'el documento',
  dateOfBirth: 'la fecha de nacimiento',
  number: 'el número',
  year: 'el año',
  sequence: 'el correlativo',
  issueDate: 'la fecha de emisión',
  clientName: 'el nombre del cliente',
  clientTaxId: 'el RUT del cliente',
  clientEmail: 'el correo del cliente',
  clientAddress: 'la dirección del cliente',
  companyName: 'el nombre de la empresa',
  companyTaxId: 'el RUT de la empresa',
  companyAddress: 'la dirección de la empresa',
  companyEmail: 'el correo de la empresa',
  companyPhone: 'el teléfono de la empresa',
  items: 'los ítems',
  cancelledAt: 'la fecha de anulación',
  cancelReason: 'el motivo de anulación',
  cancelledBy: 'quién anuló',
  username: 'el nombre de usuario',
  role: 'el rol',
  isActive: 'el acceso',
  timeZone: 'la zona horaria',
  emailFrom: 'el email remitente',
  largeAmountThreshold: 'el umbral de montos altos',
  backupHour: 'la hora del respaldo diario',
  backupKeepDaily: 'los respaldos diarios a conservar',
  backupKeepWeekly: 'los respaldos semanales a conservar',
  backupKeepMonthly: 'los respaldos mensuales a conservar',
  reminderHour: 'la hora de los recordatorios',
  clientPaymentReminders: 'los recordatorios de pago a clientes',
  clientReminderDays: 'los días antes del viaje del recordatorio',
  quoteValidityDays: 'los días de validez de la cotización',
  quoteConditions: 'las condiciones de la cotización',
  emergencyContact: 'el contacto de emergencia',
  numberFormat: 'el formato de números',
  emailMessage: 'el mensaje de los correos',
  receiptNumber: 'el número de comprobante',
  taxTreatment: 'el tratamiento tributario',
  dteType: 'el tipo de documento tributario',
  folio: 'el folio',
  totalAmount: 'el total en pesos',
  creditNote: 'la nota de crédito',
  dteDocumentId: 'el documento tributario',
  creditNoteId: 'la nota de crédito',
  creditNoteReason: 'el motivo de la nota de crédito',
  clientActivity: 'el giro del cliente',
  clientCommune: 'la comuna del cliente',
  password: 'la contraseña',
};
/** A client's own `clientId` is the ID/RUT typed for it, not a reference to a client. */
const ENTITY_FIELD_LABELS: Record<string, Record<string, string>> = {
  client: { clientId: 'el RUT/ID', commune: 'la comuna', businessActivity: 'el giro', phone: 'el teléfono' },
  // The travel document is a field of its own now (decision 0096): passengerId is the ID/RUT.
  passenger: {
    passengerId: 'el ID/RUT',
    nationality: 'la nacionalidad',
    documentType: 'el tipo de documento',
    documentNumber: 'el número de documento',
    documentExpiry: 'el vencimiento del documento',
    phone: 'el teléfono',
  },
  // Both sides of a rate change together: each says which way it reads (decision 0086).
  currencyRate: {
    isActive: 'la vigencia',
    rate: 'la tasa (USD por 1 unidad)',
    unitsPerUsd: 'la tasa (unidades por 1 USD)',
  },
  // "Empezar con mis datos" (decision 0093): the backup of before and what was removed.
  companySettings: {
    demoData: 'los datos de demostración',
    backup: 'la copia de seguridad previa',
    sales: 'las ventas',
    payments: 'los pagos',
    clients: 'los clientes',
    passengers: 'los pasajeros',
    users: 'los usuarios de demostración',
  },
};

/** The Spanish name of a recorded field of an entity, or the field itself when it has none. */
export function fieldLabel(entity: string, field: string): string {
  return ENTITY_FIELD_LABELS[entity]?.[field] ?? FIELD_LABELS[field] ?? field;
}
/** Exact decimal strings shown as the app shows money everywhere: US$ 1,500.50. */
const MONEY_FIELDS = new Set([
  'salePrice',
  'costPrice',
  'totalCost',
  'amount',
  'amountUsd',
  'usdAmount',
  'saleAmount',
  'salePriceUsd',
  'totalCostUsd',
]);

function value(field: string, raw: string | undefined | null, style: NumberFormat): string {
  if (raw === undefined || raw === null || raw === '') return '(vacío)';
  if (MONEY_FIELDS.has(field)) return formatMoney(raw, 'USD', style);
  if (field === 'numberFormat') return NUMBER_FORMAT_LABELS[raw as NumberFormat] ?? raw;
  if (field === 'status') return statusLabel(raw);
  if (field === 'isActive') return raw === 'true' ? 'activo' : 'inactivo';
  if (field === 'rateEdited') return raw === 'true' ? 'sí' : 'no';
  return raw;
}

/** "items.2.salePrice" is the sale price "del ítem 2"; a sale's own salePrice is its total. */
function describeChange(entity: string, change: AuditChangeDto, style: NumberFormat): string {
  const match = /^items\.(\d+)\.(.+)$/.exec(change.field);
  const field = match?.[2] ?? change.field;
  const label = fieldLabel(entity, field);
  const where = match ? `${label} del ítem ${match[1]}` : field === 'salePrice' ? `${label} total` : label;
  if (field === 'password') return `cambió ${where}`;
  return `cambió ${where} de ${value(field, change.from, style)} a ${value(field, change.to, style)}`;
}

/** Items that appear or disappear in an edit read as one sentence each, not one per field. */
function itemSentences(entity: string, changes: AuditChangeDto[], style: NumberFormat): string[] {
  const byItem = new Map<string, AuditChangeDto[]>();
  const rest: AuditChangeDto[] = [];
  for (const change of changes) {
    const n = /^items\.(\d+)\./.exec(change.field)?.[1];
    if (n) byItem.set(n, [...(byItem.get(n) ?? []), change]);
    else rest.push(change);
  }
  const describe = (change: AuditChangeDto) => describeChange(entity, change, style);
  const sentences = rest.map(describe);
  for (const [n, list] of byItem) {
    if (list.every((c) => c.from === undefined || c.from === null)) sentences.push(`agregó el ítem ${n}`);
    else if (list.every((c) => c.to === undefined || c.to === null)) sentences.push(`quitó el ítem ${n}`);
    else sentences.push(...list.map(describe));
  }
  return sentences;
}

/** Each kind of record with its article, as a sentence names it: "creó el pago". */
const RECORD_NOUNS: Record<AuditEntity, string> = {
  sale: 'la venta',
  payment: 'el pago',
  supplierPayment: 'el pago a proveedor',
  invoice: 'la factura',
  client: 'el cliente',
  passenger: 'el pasajero',
  supplier: 'el proveedor',
  operator: 'el operador',
  classification: 'la clasificación',
  currencyRate: 'la tasa de cambio',
  companySettings: 'los datos de la empresa',
  companyTax: 'los datos tributarios',
  certificate: 'el certificado digital',
  caf: 'el CAF',
  user: 'el usuario',
  session: 'la sesión',
  commissionRules: 'las reglas de comisión',
  commissionMonth: 'el mes de comisiones',
};
const recordNoun = (entity: string) =>
  RECORD_NOUNS[entity as AuditEntity] ??
  `el registro (${AUDIT_ENTITY_LABELS[entity as AuditEntity] ?? entity})`;

/** An admin's "Reintentar envío" / "Enviar ahora" (decision 0070): which document, in which state. */
function siiRetrySentence(who: string, changes: AuditChangeDto[]): string {
  const document = changes.find((c) => c.field === 'siiDocument')?.to ?? 'un documento';
  const was = changes.find((c) => c.field === 'siiStatus')?.from;
  const label = was ? SII_STATUS_LABELS[was as SiiStatus] : undefined;
  return `${who} pidió enviar al SII ${document}${label ? ` (estaba ${label})` : ''}`;
}

/**
 * The entry as Spanish sentences: "admin cambió el precio de venta del ítem 2 de US$ 300.00 a US$ 350.00",
 * its amounts in the agency's number format (`style`).
 */
export function describeEntry(entry: AuditEntryDto, style: NumberFormat = 'en'): string[] {
  const who = entry.user.username ?? 'Alguien';
  switch (entry.action) {
    case 'create':
      return [`${who} creó ${recordNoun(entry.entity)}`];
    case 'delete':
      return [`${who} eliminó ${recordNoun(entry.entity)}`];
    case 'update':
    case 'status': {
      const sentences = itemSentences(entry.entity, entry.changes, style);
      return sentences.length ? sentences.map((s) => `${who} ${s}`) : [`${who} guardó sin cambios`];
    }
    case 'sii_retry':
      return [siiRetrySentence(who, entry.changes)];
    case 'remove_demo': {
      const backup = entry.changes.find((c) => c.field === 'backup')?.to;
      const sales = entry.changes.find((c) => c.field === 'sales')?.from ?? '0';
      return [
        `${who} eliminó los datos de demostración (${sales} ventas), tras la copia ${backup ?? ''}`.trim(),
      ];
    }
    case 'import': {
      // One entry per import (decision 0095), its counts as the changes.
      const count = (field: string) => entry.changes.find((c) => c.field === field)?.to ?? '0';
      const kind = AUDIT_ENTITY_LABELS[entry.entity as AuditEntity] ?? entry.entity;
      return [
        `${who} importó ${count('rows')} filas de ${kind}: ${count('created')} creados, ` +
          `${count('updated')} actualizados, ${count('unchanged')} sin cambios`,
      ];
    }
    case 'login_failed': {
      // Nobody is signed in on a failed attempt; the e-mail typed is what says whose account was tried.
      const email = entry.changes.find((c) => c.field === 'email')?.to;
      return [email ? `Inicio de sesión fallido con el email ${email}` : 'Inicio de sesión fallido'];
    }
    default:
      return [`${who}: ${AUDIT_ACTION_LABELS[entry.action as AuditAction] ?? entry.action}`];
  }
}
