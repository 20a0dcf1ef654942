// @vitest-environment node
import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type AuditEntryDto, auditSubjectLabel } from '../../src/domain/audit';
import {
  clients,
  companySettings,
  currencyRates,
  invoices,
  passengers,
  payments,
  saleItems,
  sales,
  supplierPayments,
  suppliers,
  users,
} from '../../src/server/db/schema';
import { NOISE_FIELDS, SECRET_FIELDS } from '../../src/server/modules/audit/diff';
import { fieldLabel } from '../../src/web/features/audit/describe';
import { subjectPath } from '../../src/web/features/audit/subject-path';

type Entry = Pick<AuditEntryDto, 'entity' | 'entityId' | 'subject'>;
const entry = (entity: string, entityId: number | undefined, subject: Entry['subject']): Entry => ({
  entity,
  entityId,
  subject,
});

describe('the record an audit entry is about', () => {
  it('reads as kind, number and name, linked while it exists', () => {
    const sale = entry('sale', 123, { exists: true, name: 'Juan Pérez', saleId: 123 });
    expect(auditSubjectLabel(sale)).toBe('Venta #123, Juan Pérez');
    expect(subjectPath(sale)).toBe('/sales/123');

    const payment = entry('payment', 9, { exists: true, name: 'Juan Pérez', saleId: 123 });
    expect(auditSubjectLabel(payment)).toBe('Pago #9, Juan Pérez');
    expect(subjectPath(payment)).toBe('/sales/123');

    const invoice = entry('invoice', 4, { exists: true, name: 'Juan Pérez', saleId: 123 });
    expect([auditSubjectLabel(invoice), subjectPath(invoice)]).toEqual([
      'Factura #4, Juan Pérez',
      '/invoices/4',
    ]);

    const supplierPayment = entry('supplierPayment', 5, { exists: true, name: 'Hotel Sol', supplierId: 2 });
    expect(subjectPath(supplierPayment)).toBe('/supplier-payments/supplier/2');
    expect(subjectPath(entry('classification', 3, { exists: true, name: 'Aéreo' }))).toBe(
      '/classifications/3/edit',
    );
    expect(subjectPath(entry('client', 8, { exists: true, name: 'Ana' }))).toBe('/clients/8/edit');
  });

  it('is not linked once deleted, and sessions and the company read by their kind', () => {
    const gone = entry('client', 8, { exists: false, name: 'Ana' });
    expect([auditSubjectLabel(gone), subjectPath(gone)]).toEqual(['Cliente #8, Ana', undefined]);
    expect(auditSubjectLabel(entry('sale', 7, { exists: false }))).toBe('Venta #7');
    expect(auditSubjectLabel(entry('session', 1, { exists: true, name: 'admin' }))).toBe('Sesión de admin');
    expect(auditSubjectLabel(entry('session', undefined, { exists: false }))).toBeUndefined();
    expect(auditSubjectLabel(entry('companySettings', 1, { exists: true }))).toBe('Datos de la empresa');
  });
});

describe('Spanish field labels', () => {
  // Bookkeeping columns and secrets: the trail never records them (src/server/modules/audit/diff.ts).
  const UNRECORDED = new Set([...NOISE_FIELDS, ...SECRET_FIELDS]);
  const audited = {
    sale: sales,
    client: clients,
    passenger: passengers,
    supplier: suppliers,
    payment: payments,
    supplierPayment: supplierPayments,
    invoice: invoices,
    currencyRate: currencyRates,
    companySettings,
    user: users,
  };

  it.each(Object.entries(audited))('every recorded field of %s has one', (entity, table) => {
    const fields = Object.keys(getTableColumns(table)).filter((f) => !UNRECORDED.has(f));
    expect(fields.filter((field) => fieldLabel(entity, field) === field)).toEqual([]);
  });

  it("names a sale item's fields and a client's own ID", () => {
    const fields = Object.keys(getTableColumns(saleItems)).filter((f) => !UNRECORDED.has(f));
    expect(fields.filter((field) => fieldLabel('sale', field) === field)).toEqual([]);
    expect(fieldLabel('client', 'clientId')).toBe('el RUT/ID');
    expect(fieldLabel('sale', 'clientId')).toBe('el cliente');
  });
});
