import { currencyDecimals } from './currency-decimals';
import {
  cellText,
  choiceColumn,
  dateColumn,
  type ImportColumn,
  type ImportError,
  importAmount,
  matchHeaders,
  ok,
  type RawCell,
  refuse,
  rutColumn,
} from './imports';
import {
  NEW_SALE_STATUSES,
  REGION_LABELS,
  REGIONS,
  SALE_TYPE_LABELS,
  SALE_TYPES,
  SERVICE_TYPE_LABELS,
  SERVICE_TYPES,
  saleDataSchema,
  saleItemSchema,
} from './sales';
import { SALE_STATUS_LABEL } from './status';

/**
 * Importing sales (docs/decisions/0095-imports.md, "Sales"): one row per item, the rows of one sale
 * grouped by the agency's own key in «Venta»; the sale's columns are read from the group's first row.
 */

const amountColumn = (cell: RawCell) => importAmount(cell);
const currencyColumn = (cell: RawCell) => {
  const code = cellText(cell).toUpperCase();
  return /^[A-Z]{3}$/.test(code)
    ? ok(code)
    : refuse('Moneda inválida: escriba su código de tres letras (ej. CLP)');
};

export const SALE_IMPORT_COLUMNS: readonly ImportColumn[] = [
  {
    field: 'group',
    header: 'Venta',
    required: true,
    example: 'V-001',
    note: 'Obligatorio: una clave suya que junta las filas (ítems) de una misma venta.',
  },
  {
    field: 'clientId',
    header: 'RUT cliente',
    example: '12.345.678-5',
    note: 'RUT o ID del cliente; si no existe se crea con «Cliente» como nombre.',
    read: rutColumn,
  },
  {
    field: 'clientName',
    header: 'Cliente',
    example: 'María Pérez Núñez',
    note: 'Nombre del cliente (si no hay RUT se busca por nombre; si no existe se crea).',
  },
  { field: 'passengerName', header: 'Pasajero', required: true, example: 'José Muñoz', note: 'Obligatorio.' },
  {
    field: 'travelDate',
    header: 'Fecha de viaje',
    required: true,
    example: '15/01/2027',
    note: 'Obligatoria: dd/mm/aaaa o aaaa-mm-dd.',
    read: dateColumn,
  },
  {
    field: 'saleType',
    header: 'Tipo de venta',
    required: true,
    example: 'Individual',
    note: 'Individual, Corporativo, Deportivo o Grupal.',
    read: choiceColumn(
      SALE_TYPES,
      SALE_TYPE_LABELS,
      'Tipo de venta inválido: escriba Individual, Corporativo, Deportivo o Grupal',
    ),
  },
  {
    field: 'serviceType',
    header: 'Tipo de servicio',
    required: true,
    example: 'Vuelo',
    note: 'Vuelo, Hotel, Paquete, Traslado, Excursión, Seguro u Otro.',
    read: choiceColumn(
      SERVICE_TYPES,
      SERVICE_TYPE_LABELS,
      'Tipo de servicio inválido: escriba Vuelo, Hotel, Paquete, Traslado, Excursión, Seguro u Otro',
    ),
  },
  {
    field: 'region',
    header: 'Región',
    required: true,
    example: 'Nacional',
    note: 'Nacional, Internacional o Regional.',
    read: choiceColumn(REGIONS, REGION_LABELS, 'Región inválida: escriba Nacional, Internacional o Regional'),
  },
  {
    field: 'currency',
    header: 'Moneda',
    example: 'USD',
    note: 'Opcional (USD): con tasa activa en Configuraciones.',
    read: currencyColumn,
  },
  {
    field: 'status',
    header: 'Estado',
    example: 'Confirmada',
    note: 'Opcional: Confirmada (si se deja vacío) o Borrador.',
    read: choiceColumn(
      NEW_SALE_STATUSES,
      SALE_STATUS_LABEL,
      'Estado inválido: escriba Confirmada o Borrador',
    ),
  },
  {
    field: 'paid',
    header: 'Pagado',
    example: '0',
    note: 'Opcional: lo pagado, en la moneda de la venta (un pago confirmado de hoy).',
    read: amountColumn,
  },
  {
    field: 'seller',
    header: 'Vendedor',
    example: '',
    note: 'Opcional: el usuario del vendedor; si se deja vacío, quien importa.',
  },
  {
    field: 'classification',
    header: 'Clasificación',
    required: true,
    example: 'Aéreo',
    note: 'Obligatoria; se crea si no existe.',
  },
  {
    field: 'supplier',
    header: 'Proveedor',
    required: true,
    example: 'Proveedor Ejemplo',
    note: 'Obligatorio; se crea si no existe.',
  },
  {
    field: 'operator',
    header: 'Operador',
    required: true,
    example: 'Operador Ejemplo',
    note: 'Obligatorio; se crea si no existe.',
  },
  { field: 'description', header: 'Descripción', example: 'SCL-PUQ ida y vuelta', note: 'Opcional.' },
  { field: 'dateIn', header: 'Fecha de entrada', example: '15/01/2027', note: 'Opcional.', read: dateColumn },
  { field: 'dateOut', header: 'Fecha de salida', example: '20/01/2027', note: 'Opcional.', read: dateColumn },
  {
    field: 'salePrice',
    header: 'Precio de venta',
    required: true,
    example: '1.250,75',
    note: 'Obligatorio: 1.250,75 o 1250.75 (CLP sin decimales).',
    read: amountColumn,
  },
  {
    field: 'costPrice',
    header: 'Costo',
    aliases: ['Precio de costo'],
    required: true,
    example: '1.000',
    note: 'Obligatorio.',
    read: amountColumn,
  },
  { field: 'reservationCode', header: 'Código de reserva', example: 'ABC123', note: 'Opcional.' },
  {
    field: 'passengers',
    header: 'Pasajeros',
    required: true,
    example: '11.111.111-1',
    note: 'Obligatorio: ID o número de documento de cada pasajero, separados por ; (impórtelos antes en Pasajeros).',
  },
];

/** The columns of the sale itself: equal in every row of a group (an empty cell takes the first row's). */
export const SALE_LEVEL_FIELDS = [
  'clientId',
  'clientName',
  'passengerName',
  'travelDate',
  'saleType',
  'serviceType',
  'region',
  'currency',
  'status',
  'paid',
  'seller',
] as const;

const headerOf = (field: string) => SALE_IMPORT_COLUMNS.find((c) => c.field === field)?.header ?? field;

export interface SaleImportItem {
  row: number;
  values: Record<string, string>;
  passengers: string[];
}
export interface SaleImportGroup {
  key: string;
  row: number;
  sale: Record<string, string>;
  items: SaleImportItem[];
}

/** Cents of a canonical amount, so sums and comparisons are exact. */
export const cents = (amount: string) => Math.round(Number(amount) * 100);

/** A schema's issues as errors of the row, on the column of the field. */
function schemaErrors(
  row: number,
  result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
) {
  return (result.error?.issues ?? []).map((issue) => ({
    row,
    column: headerOf(String(issue.path[0] ?? '')),
    message: issue.message,
  }));
}

/** Reads the rows into sales (grouped by «Venta») or every error of the file's own content. */
export function readSaleRows(table: readonly (readonly RawCell[])[]) {
  const { positions, errors } = matchHeaders(SALE_IMPORT_COLUMNS, table[0] ?? []);
  const groups = new Map<string, SaleImportGroup>();
  if (errors.length) return { groups: [], errors, rows: Math.max(table.length - 1, 0) };
  let rows = 0;
  table.slice(1).forEach((cells, index) => {
    const row = index + 2;
    if (cells.every((cell) => cellText(cell) === '')) return;
    rows++;
    const body: Record<string, string> = {};
    const rowErrors: ImportError[] = [];
    const groupCell = positions.get('group');
    const known = groups.get(cellText(groupCell === undefined ? undefined : cells[groupCell]).toUpperCase());
    for (const column of SALE_IMPORT_COLUMNS) {
      const position = positions.get(column.field);
      const cell = position === undefined ? undefined : cells[position];
      if (cellText(cell) === '') {
        // A later row of a sale may leave the sale's own columns empty.
        const saleLevel = (SALE_LEVEL_FIELDS as readonly string[]).includes(column.field);
        if (column.required && !(known && saleLevel))
          rowErrors.push({ row, column: column.header, message: `«${column.header}» es obligatorio` });
        continue;
      }
      const read = column.read ? column.read(cell) : ok(cellText(cell));
      if (read.ok) body[column.field] = read.value;
      else rowErrors.push({ row, column: column.header, message: read.message });
    }
    const key = (body.group ?? '').toUpperCase();
    const group = groups.get(key);
    if (group) {
      for (const field of SALE_LEVEL_FIELDS) {
        const given = body[field];
        if (given !== undefined && given !== group.sale[field])
          rowErrors.push({
            row,
            column: headerOf(field),
            message: `Distinto de la fila ${group.row}, la primera de la venta ${body.group}`,
          });
      }
    } else if (!body.clientId && !body.clientName && !rowErrors.some((e) => e.column === 'Venta'))
      rowErrors.push({
        row,
        column: 'Cliente',
        message: 'Escriba el «RUT cliente» o el nombre del «Cliente»',
      });
    const sale = group?.sale ?? body;
    const passengers = (body.passengers ?? '')
      .split(';')
      .map((p) => p.trim())
      .filter(Boolean);
    const item = saleItemSchema.safeParse({
      classificationId: 1,
      supplierId: 1,
      operatorId: 1,
      passengers: [1],
      dateIn: body.dateIn ?? null,
      dateOut: body.dateOut ?? null,
      description: body.description,
      salePrice: body.salePrice,
      costPrice: body.costPrice,
      reservationCode: body.reservationCode,
    });
    if (!rowErrors.length) rowErrors.push(...schemaErrors(row, item));
    const currency = sale.currency ?? 'USD';
    if (!rowErrors.length && currencyDecimals(currency) === 0)
      for (const field of ['salePrice', 'costPrice', 'paid'])
        if (/\.\d*[1-9]/.test(body[field] ?? ''))
          rowErrors.push({
            row,
            column: headerOf(field),
            message: `Los montos en ${currency} no llevan decimales`,
          });
    if (!group && !rowErrors.length) {
      const data = saleDataSchema.safeParse({
        clientId: 1,
        sellerId: 1,
        passengerCount: 1,
        passengerName: body.passengerName,
        travelDate: body.travelDate,
        saleType: body.saleType,
        serviceType: body.serviceType,
        region: body.region,
      });
      rowErrors.push(...schemaErrors(row, data));
    }
    errors.push(...rowErrors);
    if (rowErrors.length) return;
    const next: SaleImportItem = { row, values: body, passengers };
    if (group) group.items.push(next);
    else groups.set(key, { key, row, sale: body, items: [next] });
  });
  for (const group of groups.values()) {
    const total = group.items.reduce((sum, item) => sum + cents(item.values.salePrice ?? '0'), 0);
    if (cents(group.sale.paid ?? '0') > total)
      errors.push({ row: group.row, column: 'Pagado', message: 'Lo pagado supera el total de la venta' });
  }
  errors.sort((a, b) => a.row - b.row);
  return { groups: [...groups.values()], errors, rows };
}
