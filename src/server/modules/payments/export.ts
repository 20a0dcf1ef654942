import { PAYMENT_METHOD_LABELS } from '../../../domain/payments';
import { PAYMENT_STATUS_LABEL, statusLabel } from '../../../domain/status';
import type { ExportColumn } from '../../lib/export';
import type { PaymentView } from './queries';

/** Pagos de clientes: what the payments list shows, one row per payment. */
export const paymentColumns: ExportColumn<PaymentView>[] = [
  { header: 'N° pago', kind: 'number', value: (p) => p.id },
  { header: 'Fecha', kind: 'date', value: (p) => p.date },
  { header: 'Venta', kind: 'number', value: (p) => p.saleId },
  { header: 'Cliente', kind: 'text', value: (p) => p.sale.clientName },
  { header: 'Pasajero', kind: 'text', value: (p) => p.sale.passengerName },
  { header: 'Estado de la venta', kind: 'text', value: (p) => statusLabel(p.sale.status) },
  { header: 'Monto', kind: 'money', currency: 'row', value: (p) => p.amount },
  { header: 'Moneda', kind: 'text', value: (p) => p.currency },
  { header: 'Tasa a USD', kind: 'number', value: (p) => p.exchangeRate },
  { header: 'Tasa editada', kind: 'text', value: (p) => (p.rateEdited ? 'Sí' : 'No') },
  // What counts toward the sale: the amount's USD value, rounded once to the cent.
  { header: 'Monto USD', kind: 'money', value: (p) => p.usdAmount },
  { header: 'Método', kind: 'text', value: (p) => PAYMENT_METHOD_LABELS[p.method] },
  { header: 'Referencia', kind: 'text', value: (p) => p.reference },
  { header: 'Estado', kind: 'text', value: (p) => PAYMENT_STATUS_LABEL[p.status] },
  { header: 'Registrado', kind: 'datetime', value: (p) => p.createdAt },
];
