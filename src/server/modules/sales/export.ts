import type { ExportSpec } from '../../../domain/field-specs';
import { enumLabel, SALE_FIELD_SPECS, SALE_FIELDS, type SaleField } from '../../../domain/sales';
import { statusLabel } from '../../../domain/status';
import type { ExportColumn } from '../../lib/export';
import type { ExportedSale } from './list-queries';

type Column = ExportColumn<ExportedSale>;

/** The fields that name another record, each shown by that record's own columns. */
type RecordField = {
  [F in SaleField]: (typeof SALE_FIELD_SPECS)[F]['export'] extends { kind: 'record' } ? F : never;
}[SaleField];
const RECORD_COLUMNS: Record<RecordField, Column[]> = {
  clientId: [
    { header: SALE_FIELD_SPECS.clientId.export.header, kind: 'text', value: (s) => s.client.name },
    { header: 'RUT/ID cliente', kind: 'text', value: (s) => s.client.clientId },
  ],
  sellerId: [
    { header: SALE_FIELD_SPECS.sellerId.export.header, kind: 'text', value: (s) => s.seller.username },
  ],
};

/** A field's columns as its declaration says (none when the export leaves it out). */
function fieldColumns(field: SaleField): Column[] {
  const spec: ExportSpec | null = SALE_FIELD_SPECS[field].export;
  if (!spec) return [];
  const { header, kind } = spec;
  if (kind === 'record') return RECORD_COLUMNS[field as RecordField];
  const raw = (s: ExportedSale) => s[field];
  if (kind === 'label') return [{ header, kind: 'text', value: (s) => enumLabel(String(raw(s))) }];
  return [{ header, kind, value: raw }];
}

/** The fields in the order the Ventas file has always had them; fields added since follow them. */
const FIRST_FIELDS = [
  'travelDate',
  'clientId',
  'passengerName',
  'sellerId',
  'saleType',
  'serviceType',
  'region',
] as const satisfies readonly SaleField[];
const exportOrder: SaleField[] = [
  ...FIRST_FIELDS,
  ...SALE_FIELDS.filter((field) => !(FIRST_FIELDS as readonly SaleField[]).includes(field)),
];

/** Ventas: one row per sale of the list, with what the client has paid and what is pending. */
export const saleExportColumns: Column[] = [
  { header: 'N° venta', kind: 'number', value: (s) => s.id },
  { header: 'Estado', kind: 'text', value: (s) => statusLabel(s.status) },
  { header: 'Fecha de creación', kind: 'datetime', value: (s) => s.creationDate },
  ...exportOrder.flatMap(fieldColumns),
  { header: 'Moneda', kind: 'text', value: (s) => s.currency },
  { header: 'Precio de venta', kind: 'money', value: (s) => s.salePrice },
  { header: 'Costo total', kind: 'money', value: (s) => s.totalCost },
  { header: 'Pagado', kind: 'money', value: (s) => s.paidAmount },
  { header: 'Pendiente', kind: 'money', value: (s) => s.pendingAmount },
];
