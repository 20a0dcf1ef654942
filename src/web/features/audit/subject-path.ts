import type { AuditEntryDto } from '../../../domain/audit';

type Entry = Pick<AuditEntryDto, 'entity' | 'entityId' | 'subject'>;

/**
 * Where the record of an entry is shown, while it exists: a payment on its sale, a supplier payment
 * on its supplier's page, the company's records in their section of Configuraciones.
 */
export function subjectPath({ entity, entityId, subject }: Entry): string | undefined {
  if (!subject.exists) return undefined;
  switch (entity) {
    case 'sale':
    case 'payment':
      return subject.saleId ? `/sales/${subject.saleId}` : undefined;
    case 'invoice':
      return `/invoices/${entityId}`;
    case 'supplierPayment':
      return subject.supplierId ? `/supplier-payments/supplier/${subject.supplierId}` : undefined;
    case 'client':
      return `/clients/${entityId}/edit`;
    case 'passenger':
      return `/passengers/${entityId}/edit`;
    case 'supplier':
    case 'operator':
    case 'classification':
      return `/${entity}s/${entityId}/edit`;
    case 'currencyRate':
      return '/company-settings?section=rates';
    case 'companySettings':
      return '/company-settings?section=company';
    case 'user':
    case 'session':
      return '/company-settings?section=users';
    default:
      return undefined;
  }
}
