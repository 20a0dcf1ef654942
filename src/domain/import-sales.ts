import { currencyDecimals } from './currency-decimals';
import { cellText, type RawCell, readRowCells } from './import-cells';
import { SALE_IMPORT_COLUMNS, SALE_LEVEL_FIELDS } from './import-sale-columns';
import { matchHeaders } from './imports';
import { saleDataSchema, saleItemSchema } from './sales';

export { SALE_IMPORT_COLUMNS } from './import-sale-columns';

/**
 * Importing sales (docs/decisions/0095-imports.md, "Sales"): one row per item, the rows of one sale
 * grouped by the agency's own key in «Venta»; the sale's columns are read from the group's first row.
 */

const headerOf = (field: string) => SALE_IMPORT_COLUMNS.find((c) => c.field === field)?.header ?? field;

/**
 * One passenger of an item's «Pasajeros» cell: its ID or document, and, to create one the agency has
 * not saved yet, the name and birth date a passenger needs (`birthDate` as written, read when created).
 */
export interface Traveller {
  document: string;
  name?: string;
  birthDate?: string;
}

export interface SaleImportItem {
  row: number;
  values: Record<string, string>;
  passengers: Traveller[];
}

/**
 * Reads one entry of «Pasajeros»: `11.111.111-1`, or `Inés Ortúzar (F7654321, 31/12/1990)` to name a
 * passenger the agency has not saved yet, whom the import then creates.
 */
export function readTraveller(entry: string): Traveller {
  const named = /^(.*\S)\s*\(([^()]+)\)$/.exec(entry);
  if (!named?.[1] || !named[2]) return { document: entry };
  const [document = '', birthDate] = named[2].split(',').map((part) => part.trim());
  if (!document) return { document: entry };
  return { document, name: named[1].trim(), ...(birthDate ? { birthDate } : {}) };
}
export interface SaleImportGroup {
  key: string;
  row: number;
  sale: Record<string, string>;
  items: SaleImportItem[];
}

export const EXTRA_CELLS_MESSAGE =
  'La fila tiene más celdas que títulos: en un CSV separado por ; una celda con ; (como «Pasajeros» con varios documentos) va entre comillas dobles';

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
  const titles = (table[0] ?? []).length;
  table.slice(1).forEach((cells, index) => {
    const row = index + 2;
    if (cells.every((cell) => cellText(cell) === '')) return;
    rows++;
    const groupCell = positions.get('group');
    const known = groups.get(cellText(groupCell === undefined ? undefined : cells[groupCell]).toUpperCase());
    // A later row of a sale may leave the sale's own columns empty.
    const { body, errors: rowErrors } = readRowCells(
      SALE_IMPORT_COLUMNS,
      positions,
      cells,
      row,
      (column) => Boolean(known) && (SALE_LEVEL_FIELDS as readonly string[]).includes(column.field),
    );
    // A cell past the titles is, in a CSV, most often a «Pasajeros» cell split at its ; without quotes:
    // read as it is, its last documents would be lost without a word.
    if (cells.slice(titles).some((cell) => cellText(cell) !== ''))
      rowErrors.push({ row, column: headerOf('passengers'), message: EXTRA_CELLS_MESSAGE });
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
      .filter(Boolean)
      .map(readTraveller);
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
    // The first row names the sale even when it has errors: later rows are compared with it.
    const target = group ?? (key ? { key, row, sale: body, items: [] } : null);
    if (target && !group) groups.set(key, target);
    if (!rowErrors.length) target?.items.push({ row, values: body, passengers } satisfies SaleImportItem);
  });
  for (const group of groups.values()) {
    const total = group.items.reduce((sum, item) => sum + cents(item.values.salePrice ?? '0'), 0);
    if (group.items.length && cents(group.sale.paid ?? '0') > total)
      errors.push({ row: group.row, column: 'Pagado', message: 'Lo pagado supera el total de la venta' });
  }
  errors.sort((a, b) => a.row - b.row);
  return { groups: [...groups.values()], errors, rows };
}
