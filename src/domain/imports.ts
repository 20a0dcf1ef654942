import { z } from 'zod';
import { COUNTRY_CODES, countryName } from './countries';
import {
  cellText,
  choiceColumn,
  dateColumn,
  foldText,
  type ImportColumn,
  type RawCell,
  readRowCells,
  rutColumn,
} from './import-cells';
import { type CatalogKind, catalogSchema, clientSchema, passengerSchema } from './master-data';
import { TAX_TREATMENT_LABELS, TAX_TREATMENTS } from './tax-treatment';
import { DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES } from './travel-document';

/**
 * Importing a spreadsheet (docs/decisions/0095-imports.md): what each kind's file holds, and the pure
 * reading of its cells and rows into the bodies the master-data schemas take, with every error named by
 * its spreadsheet row (headers are row 1), its column and what to write instead.
 */

export const IMPORT_KINDS = [
  'clients',
  'passengers',
  'suppliers',
  'operators',
  'classifications',
  'sales',
] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
/** The kinds of one record per row (sales group their rows: src/domain/import-sales.ts). */
export type RecordKind = Exclude<ImportKind, 'sales'>;

/**
 * The types a file may be sent as: .xlsx, CSV (also as browsers name it: text/plain, Excel's
 * vnd.ms-excel) and octet-stream for a file whose type the sender does not know. The content, not the
 * type, says which it is.
 */
export const IMPORT_FILE_TYPES = [
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/csv',
  'text/plain',
  'application/vnd.ms-excel',
  'application/octet-stream',
] as const;

/** The most rows a file may carry (more is a 400). */
export const MAX_IMPORT_ROWS = 20_000;
export const TOO_MANY_ROWS_MESSAGE = `El archivo tiene más de ${MAX_IMPORT_ROWS.toLocaleString('es-CL')} filas: divídalo en archivos más pequeños`;

export const IMPORT_LABELS: Record<ImportKind, string> = {
  clients: 'Clientes',
  passengers: 'Pasajeros',
  suppliers: 'Proveedores',
  operators: 'Operadores',
  classifications: 'Clasificaciones',
  sales: 'Ventas',
};

const COUNTRY_NAMES = Object.fromEntries(COUNTRY_CODES.map((code) => [code, countryName(code)]));
const countryColumn = choiceColumn(
  COUNTRY_CODES,
  COUNTRY_NAMES,
  'Nacionalidad desconocida: escriba el país (ej. Chile) o su código de dos letras (ej. CL)',
);

const nameColumn: ImportColumn = {
  field: 'name',
  header: 'Nombre',
  required: true,
  example: 'Proveedor Ejemplo',
  note: 'Obligatorio. Si ya existe uno con el mismo nombre (sin importar tildes ni mayúsculas), se actualiza.',
};

export const IMPORT_COLUMNS: Record<RecordKind, readonly ImportColumn[]> = {
  clients: [
    { ...nameColumn, example: 'María Pérez Núñez', note: 'Obligatorio.' },
    {
      field: 'clientId',
      header: 'ID/RUT',
      aliases: ['RUT', 'ID'],
      example: '12.345.678-5',
      note: 'RUT con o sin puntos y con guion (se verifica el dígito), o pasaporte. Un cliente con el mismo RUT se actualiza.',
      read: rutColumn,
    },
    { field: 'email', header: 'Email', aliases: ['Correo'], example: 'maria@ejemplo.cl', note: 'Opcional.' },
    { field: 'address', header: 'Dirección', example: 'Av. Providencia 1234', note: 'Opcional.' },
    { field: 'phone', header: 'Teléfono', example: '+56 9 1234 5678', note: 'Opcional.' },
    { field: 'commune', header: 'Comuna', example: 'Ñuñoa', note: 'Opcional.' },
    { field: 'businessActivity', header: 'Giro', example: 'Turismo', note: 'Opcional (para facturas).' },
  ],
  passengers: [
    { ...nameColumn, example: 'José Muñoz', note: 'Obligatorio.' },
    {
      field: 'passengerId',
      header: 'ID',
      aliases: ['ID/RUT', 'RUT'],
      required: true,
      example: '11.111.111-1',
      note: 'Obligatorio: RUT (se verifica el dígito) o pasaporte. Un pasajero con el mismo ID se actualiza.',
      read: rutColumn,
    },
    { field: 'email', header: 'Email', example: 'jose@ejemplo.cl', note: 'Opcional.' },
    {
      field: 'dateOfBirth',
      header: 'Fecha de nacimiento',
      required: true,
      example: '31/12/1985',
      note: 'Obligatoria: dd/mm/aaaa o aaaa-mm-dd.',
      read: dateColumn,
    },
    {
      field: 'nationality',
      header: 'Nacionalidad',
      example: 'Chile',
      note: 'Opcional: el país o su código (CL).',
      read: countryColumn,
    },
    {
      field: 'documentType',
      header: 'Tipo de documento',
      example: 'Pasaporte',
      note: 'Opcional: RUT, Pasaporte, DNI u Otro.',
      read: choiceColumn(
        DOCUMENT_TYPES,
        DOCUMENT_TYPE_LABELS,
        'Tipo de documento inválido: escriba RUT, Pasaporte, DNI u Otro',
      ),
    },
    { field: 'documentNumber', header: 'Número de documento', example: 'F1234567', note: 'Opcional.' },
    {
      field: 'documentExpiry',
      header: 'Vencimiento del documento',
      example: '2031-06-30',
      note: 'Opcional: dd/mm/aaaa o aaaa-mm-dd.',
      read: dateColumn,
    },
    { field: 'phone', header: 'Teléfono', example: '+56 9 8765 4321', note: 'Opcional.' },
  ],
  suppliers: [nameColumn],
  operators: [{ ...nameColumn, example: 'Operador Ejemplo' }],
  classifications: [
    { ...nameColumn, example: 'Aéreo' },
    {
      field: 'taxTreatment',
      header: 'Tratamiento tributario',
      example: 'Según región',
      note: 'Opcional: Exento, Afecto a IVA o Según región.',
      read: choiceColumn(
        TAX_TREATMENTS,
        TAX_TREATMENT_LABELS,
        'Tratamiento tributario inválido: escriba Exento, Afecto a IVA o Según región',
      ),
    },
  ],
};

const SCHEMAS: Record<RecordKind, z.ZodType> = {
  clients: clientSchema,
  passengers: passengerSchema,
  suppliers: catalogSchema('suppliers'),
  operators: catalogSchema('operators'),
  classifications: catalogSchema('classifications'),
};

/** Messages of the schemas kept in English for the original client, said here in Spanish. */
const FIELD_MESSAGES: Record<string, string> = {
  email: 'Email inválido: escriba una dirección como nombre@ejemplo.cl',
};

export interface ImportError {
  row: number;
  column: string;
  message: string;
}

/** One valid row: its spreadsheet row number, and the record as the kind's schema gives it. */
export interface ImportRecord {
  row: number;
  values: Record<string, unknown>;
  /** The fields the row filled (an empty cell leaves a saved value as it is). */
  given: string[];
}

/** What identifies a record in the file and in the agency: the RUT/ID's key, or the folded name. */
export function recordKey(kind: RecordKind, values: Record<string, unknown>): string {
  const id = kind === 'clients' ? values.clientId : kind === 'passengers' ? values.passengerId : null;
  if (typeof id === 'string' && id) return `id:${id.replace(/[\s.-]/g, '').toUpperCase()}`;
  return `name:${foldText(String(values.name ?? ''))}`;
}

/** Which column each field is in, from the header row (headers and aliases, accents and case ignored). */
export function matchHeaders(kind: RecordKind | readonly ImportColumn[], headers: readonly RawCell[]) {
  const columns = typeof kind === 'string' ? IMPORT_COLUMNS[kind] : kind;
  const positions = new Map<string, number>();
  headers.forEach((header, index) => {
    const folded = foldText(cellText(header));
    const column = columns.find((c) => [c.header, ...(c.aliases ?? [])].some((h) => foldText(h) === folded));
    if (column && !positions.has(column.field)) positions.set(column.field, index);
  });
  const errors: ImportError[] = columns
    .filter((c) => c.required && !positions.has(c.field))
    .map((c) => ({
      row: 1,
      column: c.header,
      message: `Falta la columna «${c.header}» en la fila de títulos`,
    }));
  return { positions, errors };
}

/**
 * Reads the rows under the header row into records, or every error: required cells, each cell's format,
 * the kind's schema (which names its field), and a record that appears twice in the file.
 */
export function readImportRows(kind: RecordKind, table: readonly (readonly RawCell[])[]) {
  const columns = IMPORT_COLUMNS[kind];
  const { positions, errors } = matchHeaders(kind, table[0] ?? []);
  const records: ImportRecord[] = [];
  if (errors.length) return { records, errors, rows: Math.max(table.length - 1, 0) };
  const seen = new Map<string, number>();
  let rows = 0;
  table.slice(1).forEach((cells, index) => {
    const row = index + 2;
    if (cells.every((cell) => cellText(cell) === '')) return;
    rows++;
    const { body, errors: rowErrors } = readRowCells(columns, positions, cells, row);
    if (!rowErrors.length) {
      const parsed = SCHEMAS[kind].safeParse(body);
      if (parsed.success) {
        const values = parsed.data as Record<string, unknown>;
        const key = recordKey(kind, values);
        const first = seen.get(key);
        if (first !== undefined) {
          const column = key.startsWith('id:') ? (columns[1]?.header ?? 'ID') : 'Nombre';
          rowErrors.push({ row, column, message: `Repetido: la fila ${first} ya tiene este ${column}` });
        } else {
          seen.set(key, row);
          records.push({ row, values, given: Object.keys(body) });
        }
      } else {
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? '');
          const header = columns.find((c) => c.field === field)?.header ?? field;
          rowErrors.push({ row, column: header, message: FIELD_MESSAGES[field] ?? issue.message });
        }
      }
    }
    errors.push(...rowErrors);
  });
  return { records, errors, rows };
}

/** `?dryRun=true|false` (false when left out) and nothing else. */
export const importQuerySchema = z.strictObject({
  dryRun: z
    .enum(['true', 'false'], 'dryRun debe ser true o false')
    .optional()
    .transform((v) => v === 'true'),
});
export const importParamsSchema = z.strictObject({
  kind: z.enum(IMPORT_KINDS, `El tipo debe ser uno de: ${IMPORT_KINDS.join(', ')}`),
});

export const importResultSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), column: z.string(), message: z.string() })),
});
export type ImportResult = z.infer<typeof importResultSchema>;
/** The 422: the same counts (none written) with every error, and a message. */
export const importRefusedSchema = importResultSchema.extend({ message: z.string() });

export const catalogImportKind = (kind: ImportKind): CatalogKind | null =>
  kind === 'suppliers' || kind === 'operators' || kind === 'classifications' ? kind : null;
