import { describe, expect, it } from 'vitest';
import type { Alert, AlertKind, AlertsReply } from '../../src/domain/alerts';
import { alertGroups, listedAlerts, SHOWN_PER_KIND } from '../../src/web/features/alerts/alert-groups';

const alert = (kind: AlertKind, saleId: number, message = `Venta ${saleId}`): Alert => ({
  kind,
  saleId,
  passengerName: `Pasajero ${saleId}`,
  travelDate: '2031-03-01',
  dueDate: '2031-02-01',
  message,
});

const reply: AlertsReply = {
  alerts: [
    alert('client-balance', 1),
    alert('supplier-overdue', 2, 'Pago a Iberia de US$ 10.00 venció el 26 ene 2031'),
    ...[3, 4, 5, 6].map((id) =>
      alert('supplier-due', id, `Pago a Iberia de US$ ${id}.00 vence el 03 feb 2031`),
    ),
  ],
  counts: {
    'client-balance': 1,
    'missing-reservation-code': 0,
    'document-missing': 0,
    'document-expiring': 0,
    'minor-travelling': 0,
    'supplier-overdue': 1,
    'supplier-due': 9,
    'stale-draft': 0,
  },
};

describe('alertGroups', () => {
  it('gives every kind its chip in order of urgency, overdue payments apart from those due soon', () => {
    const groups = alertGroups(reply);
    expect(groups.map((g) => [g.label, g.count])).toEqual([
      ['Cliente con saldo pendiente', 1],
      ['Sin código de reserva', 0],
      ['Falta documento', 0],
      ['Documento por vencer', 0],
      ['Menor viaja al extranjero', 0],
      ['Pago a proveedor vencido', 1],
      ['Pago a proveedor por vencer', 9],
      ['Borrador sin confirmar', 0],
    ]);
    const overdue = groups.find((g) => g.kind === 'supplier-overdue');
    const due = groups.find((g) => g.kind === 'supplier-due');
    expect(overdue?.alerts.map((a) => a.saleId)).toEqual([2]);
    expect(due?.alerts.map((a) => a.saleId)).toEqual([3, 4, 5, 6]);
    expect(due?.alerts.some((a) => a.message.includes('venció'))).toBe(false);
  });
});

describe('listedAlerts', () => {
  const groups = alertGroups(reply);

  it('lists a few of each kind when no chip is pressed', () => {
    expect(listedAlerts(groups, null).map((a) => a.saleId)).toEqual([1, 2, 3, 4, 5]);
    expect(listedAlerts(groups, null).filter((a) => a.kind === 'supplier-due')).toHaveLength(SHOWN_PER_KIND);
  });

  it('lists only the pressed chip kind, every alert of it the server sent', () => {
    expect(listedAlerts(groups, 'supplier-due').map((a) => a.saleId)).toEqual([3, 4, 5, 6]);
    expect(listedAlerts(groups, 'supplier-overdue').map((a) => a.saleId)).toEqual([2]);
    expect(listedAlerts(groups, 'stale-draft')).toEqual([]);
  });
});
