import type { ImportColumn } from './import-cells';
import {
  cellText,
  choiceColumn,
  dateColumn,
  importAmount,
  ok,
  type RawCell,
  refuse,
  rutColumn,
} from './import-cells';
import {
  NEW_SALE_STATUSES,
  REGION_LABELS,
  REGIONS,
  SALE_TYPE_LABELS,
  SALE_TYPES,
  SERVICE_TYPE_LABELS,
  SERVICE_TYPES,
} from './sales';
import { SALE_STATUS_LABEL } from './status';

/** The columns of a sales import file (docs/decisions/0095-imports.md, "Sales"), one row per item. */

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
    note: 'Opcional: el nombre de usuario del vendedor (sin importar tildes ni mayúsculas), activo; si se deja vacío, quien importa.',
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
    note: 'Obligatorio: ID o número de documento de cada pasajero, separados por ;. Un pasajero que aún no está en Pasajeros se crea si se escribe su nombre y, entre paréntesis, el documento y la fecha de nacimiento: Tomás Díaz (F1234567, 31/12/1990). En un CSV separado por ; la celda va entre comillas dobles: "11.111.111-1; Tomás Díaz (F1234567, 31/12/1990)".',
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
