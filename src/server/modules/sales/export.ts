import { enumLabel } from '../../../domain/sales';
import { statusLabel } from '../../../domain/status';
import type { ExportColumn } from '../../lib/export';
import type { ExportedSale } from './list-queries';

/** Ventas: one row per sale of the list, with what the client has paid and what is pending. */
export const saleExportColumns: ExportColumn<ExportedSale>[] = [
  { header: 'N° venta', kind: 'number', value: (s) => s.id },
  { header: 'Estado', kind: 'text', value: (s) => statusLabel(s.status) },
  { header: 'Fecha de creación', kind: 'datetime', value: (s) => s.creationDate },
  { header: 'Fecha de viaje', kind: 'date', value: (s) => s.travelDate },
  { header: 'Cliente', kind: 'text', value: (s) => s.client.name },
  { header: 'RUT/ID cliente', kind: 'text', value: (s) => s.client.clientId },
  { header: 'Pasajero', kind: 'text', value: (s) => s.passengerName },
  { header: 'Vendedor', kind: 'text', value: (s) => s.seller.username },
  { header: 'Tipo de venta', kind: 'text', value: (s) => enumLabel(s.saleType) },
  { header: 'Tipo de servicio', kind: 'text', value: (s) => enumLabel(s.serviceType) },
  { header: 'Región', kind: 'text', value: (s) => enumLabel(s.region) },
  { header: 'Moneda', kind: 'text', value: (s) => s.currency },
  { header: 'Precio de venta', kind: 'money', value: (s) => s.salePrice },
  { header: 'Costo total', kind: 'money', value: (s) => s.totalCost },
  { header: 'Pagado', kind: 'money', value: (s) => s.paidAmount },
  { header: 'Pendiente', kind: 'money', value: (s) => s.pendingAmount },
];
