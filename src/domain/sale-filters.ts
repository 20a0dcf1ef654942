import { z } from 'zod';
import { idInput, queryInt } from './input';
import { choiceParam, isoDateParam, searchParam } from './report-params';
import { REGIONS, SALE_TYPES, SERVICE_TYPES } from './sales';
import { SALE_STATUSES, type SaleStatus } from './status';

/*
 * The sales list's filters, sort and page (docs/product.md#sales-list): one schema for GET /api/sales and
 * /api/sales/my-sales, the /sales screen's URL and the sales export. Everything arrives as query-string
 * text and is checked as text, never coerced; a bad value is a 400 with a Spanish message.
 */

export const SALE_SORT_FIELDS = ['id', 'creationDate', 'travelDate', 'client', 'salePrice'] as const;
export type SaleSortField = (typeof SALE_SORT_FIELDS)[number];
export const SALE_SORT_LABELS: Record<SaleSortField, string> = {
  id: 'Número de venta',
  creationDate: 'Fecha de creación',
  travelDate: 'Fecha de viaje',
  client: 'Cliente',
  salePrice: 'Precio de venta',
};
/** Newest first, as the original list always was. */
export const DEFAULT_SALE_SORT = '-creationDate';

/** A sort field, descending with a `-` in front ("-salePrice"). */
export interface SaleSort {
  field: SaleSortField;
  descending: boolean;
}

export function parseSaleSort(value: string): SaleSort | undefined {
  const descending = value.startsWith('-');
  const field = descending ? value.slice(1) : value;
  return (SALE_SORT_FIELDS as readonly string[]).includes(field)
    ? { field: field as SaleSortField, descending }
    : undefined;
}

/** A broad search or filter counts its matches only up to here; the reply then says "más de 1.000". */
export const SALE_COUNT_CAP = 1000;

const SORT_MESSAGE = `sort debe ser uno de: ${SALE_SORT_FIELDS.join(', ')} (con - delante para orden descendente)`;
const STATUS_MESSAGE = `status debe ser una lista separada por comas de: ${SALE_STATUSES.join(', ')}`;

const statusList = z.string(STATUS_MESSAGE).transform((value, ctx) => {
  const list = value.split(',').map((s) => s.trim());
  if (list.some((s) => !(SALE_STATUSES as readonly string[]).includes(s))) {
    ctx.addIssue({ code: 'custom', message: STATUS_MESSAGE });
    return z.NEVER;
  }
  return [...new Set(list)] as SaleStatus[];
});

const sortParam = z.string(SORT_MESSAGE).transform((value, ctx) => {
  const sort = parseSaleSort(value);
  if (!sort) {
    ctx.addIssue({ code: 'custom', message: SORT_MESSAGE });
    return z.NEVER;
  }
  return sort;
});

const fromNotAfterTo = (from: string | undefined, to: string | undefined) => !from || !to || from <= to;

/** The list's filters and sort, shared by GET /api/sales and its export (which has no page or limit). */
export const saleFilterShape = {
  q: searchParam.optional(),
  status: statusList.optional(),
  travelFrom: isoDateParam('travelFrom').optional(),
  travelTo: isoDateParam('travelTo').optional(),
  createdFrom: isoDateParam('createdFrom').optional(),
  createdTo: isoDateParam('createdTo').optional(),
  sellerId: idInput('sellerId debe ser un id válido').optional(),
  supplierId: idInput('supplierId debe ser un id válido').optional(),
  classificationId: idInput('classificationId debe ser un id válido').optional(),
  saleType: choiceParam('saleType', SALE_TYPES).optional(),
  region: choiceParam('region', REGIONS).optional(),
  serviceType: choiceParam('serviceType', SERVICE_TYPES).optional(),
  sort: sortParam.default({ field: 'creationDate', descending: true }),
};

interface DateRanges {
  travelFrom?: string;
  travelTo?: string;
  createdFrom?: string;
  createdTo?: string;
}

/** Both date ranges must run forward; the list and the export refuse the same queries. */
export const withOrderedRanges = <Schema extends z.ZodType<DateRanges>>(schema: Schema) =>
  schema
    .refine((f) => fromNotAfterTo(f.travelFrom, f.travelTo), {
      message: 'La fecha de viaje "desde" no puede ser posterior a la fecha "hasta"',
      path: ['travelFrom'],
    })
    .refine((f) => fromNotAfterTo(f.createdFrom, f.createdTo), {
      message: 'La fecha de creación "desde" no puede ser posterior a la fecha "hasta"',
      path: ['createdFrom'],
    });

/**
 * Where a page of the list ended, for `after=`: the sort, the last sale's sort key (exact text) and its
 * number, as base64url JSON. Opaque to clients: they hand back the `nextCursor` they were given.
 */
export interface SaleCursor {
  sort: string;
  key: string;
  id: number;
}

export function encodeSaleCursor(cursor: SaleCursor): string {
  const bytes = new TextEncoder().encode(JSON.stringify([cursor.sort, cursor.key, cursor.id]));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

const CURSOR_MESSAGE = 'after debe ser el cursor nextCursor de una página anterior';

function decodeSaleCursor(value: string): SaleCursor | undefined {
  try {
    const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
    const text = new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(binary, (c) => c.charCodeAt(0)),
    );
    const [sort, key, id] = JSON.parse(text) as unknown[];
    if (typeof sort !== 'string' || !parseSaleSort(sort) || typeof key !== 'string') return undefined;
    if (!Number.isSafeInteger(id) || (id as number) < 1 || /\p{Cc}/u.test(key)) return undefined;
    return { sort, key, id: id as number };
  } catch {
    return undefined;
  }
}

const cursorParam = z
  .string(CURSOR_MESSAGE)
  .regex(/^[A-Za-z0-9_-]{1,600}$/, CURSOR_MESSAGE)
  .transform((value, ctx) => {
    const cursor = decodeSaleCursor(value);
    if (!cursor) ctx.addIssue({ code: 'custom', message: CURSOR_MESSAGE });
    return cursor ?? z.NEVER;
  });

/** The sort as the query string writes it ("-creationDate"), the cursor's record of it. */
export const saleSortText = (sort: SaleSort) => `${sort.descending ? '-' : ''}${sort.field}`;

export const saleListQuerySchema = withOrderedRanges(
  z.strictObject({
    ...saleFilterShape,
    page: queryInt('page', 1, 1_000_000).default(1),
    limit: queryInt('limit', 1, 100).default(100),
    // Keyset paging: the page after this cursor, at the cost of the first page however deep it is.
    after: cursorParam.optional(),
  }),
).refine((q) => !q.after || q.after.sort === saleSortText(q.sort), {
  message: 'El cursor after corresponde a otro orden de la lista',
  path: ['after'],
});

export type SaleListQuery = z.output<typeof saleListQuerySchema>;
/** The filters alone: no sort or page. */
export type SaleFilters = Omit<SaleListQuery, 'sort' | 'page' | 'limit' | 'after'>;
/** What an export of the list takes: the filters and the sort, every matching row. */
export type SaleExportQuery = Omit<SaleListQuery, 'page' | 'limit' | 'after'>;
