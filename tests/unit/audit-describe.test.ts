// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { AuditEntryDto } from '../../src/domain/audit';
import { describeEntry } from '../../src/web/features/audit/describe';

const entry = (patch: Partial<AuditEntryDto>): AuditEntryDto => ({
  id: 1,
  at: '2031-01-01T10:00:00.000Z',
  user: { id: 1, username: 'admin' },
  action: 'update',
  entity: 'sale',
  entityId: 7,
  changes: [],
  subject: { exists: true, name: 'Juan Pérez', saleId: 7 },
  ...patch,
});

describe('describeEntry', () => {
  it('names the document an admin sent to the SII again, and the state it was in', () => {
    const changes = [
      { field: 'siiDocument', from: null, to: 'Factura Electrónica N° 15' },
      { field: 'siiStatus', from: 'rejected', to: 'pending' },
    ];
    expect(describeEntry(entry({ action: 'sii_retry', entity: 'invoice', changes }))).toEqual([
      'admin pidió enviar al SII Factura Electrónica N° 15 (estaba Rechazado)',
    ]);
  });

  it('tells an import by its counts', () => {
    const changes = ['rows', 'created', 'updated', 'unchanged'].map((field, i) => ({
      field,
      from: null,
      to: String([5, 3, 1, 1][i]),
    }));
    expect(describeEntry(entry({ action: 'import', entity: 'client', entityId: null, changes }))).toEqual([
      'admin importó 5 filas de Cliente: 3 creados, 1 actualizados, 1 sin cambios',
    ]);
  });

  it('names the e-mail a failed sign-in tried, since nobody was signed in', () => {
    const failed = entry({
      action: 'login_failed',
      entity: 'session',
      entityId: null,
      user: {},
      changes: [{ field: 'email', from: null, to: 'maria@viajes.cl' }],
    });
    expect(describeEntry(failed)).toEqual(['Inicio de sesión fallido con el email maria@viajes.cl']);
  });

  it("reads an item price change in the trail's own words, money exact", () => {
    const changes = [
      { field: 'salePrice', from: '1300.00', to: '1350.00' },
      { field: 'items.2.salePrice', from: '300.00', to: '350.00' },
    ];
    expect(describeEntry(entry({ changes }))).toEqual([
      'admin cambió el precio de venta total de US$ 1,300.00 a US$ 1,350.00',
      'admin cambió el precio de venta del ítem 2 de US$ 300.00 a US$ 350.00',
    ]);
  });

  it('names statuses, added and removed items, and never shows a password', () => {
    expect(
      describeEntry(
        entry({ action: 'status', changes: [{ field: 'status', from: 'confirmed', to: 'cancelled' }] }),
      ),
    ).toEqual(['admin cambió el estado de Confirmada a Cancelada']);
    const added = [
      { field: 'items.3.salePrice', to: '10.00' },
      { field: 'items.3.costPrice', to: '5.00' },
      { field: 'items.2.description', from: 'Hotel' },
    ];
    expect(describeEntry(entry({ changes: added }))).toEqual([
      'admin agregó el ítem 3',
      'admin quitó el ítem 2',
    ]);
    expect(
      describeEntry(entry({ entity: 'user', changes: [{ field: 'password', to: 'cambiada' }] })),
    ).toEqual(['admin cambió la contraseña']);
    expect(describeEntry(entry({ action: 'create', user: {} }))).toEqual(['Alguien creó la venta']);
    // A sale's history shows its payments and invoice too: each says what it created.
    expect(describeEntry(entry({ action: 'create', entity: 'payment' }))).toEqual(['admin creó el pago']);
    expect(describeEntry(entry({ action: 'delete', entity: 'invoice' }))).toEqual([
      'admin eliminó la factura',
    ]);
    expect(
      describeEntry(entry({ entity: 'payment', changes: [{ field: 'reference', from: 'A1', to: 'B2' }] })),
    ).toEqual(['admin cambió la referencia de A1 a B2']);
  });
});
