import { z } from 'zod';
import { blankToUndefined, idInput, intInput, MAX_ID } from './input';
import {
  datesInOrder,
  NEW_SALE_STATUSES,
  type NewSaleStatus,
  type SaleData,
  saleDataSchema,
  saleItemFields,
} from './sales';
import { SALE_STATUSES } from './status';

/**
 * The bodies of POST and PUT /api/sales as clients send them. Besides our own form's shape they accept
 * what the original client sends (docs/decisions/0018-sale-request-shapes.md): `saleData.client: { id }`,
 * the flat edit, and items that carry the names and records the sale-item entity lists, with passengers
 * as ids, `{ id }` records or `{ passengerId }` (ID/RUT) records. Names and records sent back are
 * ignored: the server reads them from the database.
 */

/** A name-bearing record (or a list of them) kept on an item by the original client; ignored. */
const nameRecords = z.union([z.looseObject({}), z.array(z.looseObject({}))]).nullish();
const ignoredName = z.string().nullish();

/** A passenger on an item: its id, or the passenger's ID/RUT when the client kept only that. */
export type PassengerRef = number | { passengerId: string };
const passengerRef = z.union(
  [
    idInput('Pasajero inválido'),
    z.looseObject({ id: idInput('Pasajero inválido') }).transform((p): PassengerRef => p.id),
    z
      .looseObject({ passengerId: z.string().trim().min(1).max(50) })
      .transform((p): PassengerRef => ({ passengerId: p.passengerId })),
  ],
  'Pasajero inválido',
);

export const saleItemRequestSchema = z
  .strictObject({
    ...saleItemFields,
    passengers: z
      .array(passengerRef, 'Se requiere al menos 1 pasajero')
      .min(1, 'Se requiere al menos 1 pasajero')
      .max(500, 'Demasiados pasajeros'),
    /** The item's id when the client edits a loaded sale: an id of another sale's state is stale. */
    id: idInput('Item inválido').optional(),
    classificationName: ignoredName,
    supplierName: ignoredName,
    operatorName: ignoredName,
    classification: nameRecords,
    supplier: nameRecords,
    operator: nameRecords,
  })
  .refine(datesInOrder.check, datesInOrder.issue);
export type SaleItemRequest = z.output<typeof saleItemRequestSchema>;

const itemsSchema = z
  .array(saleItemRequestSchema, 'La venta debe tener al menos un item')
  .min(1, 'La venta debe tener al menos un item')
  .max(200, 'Demasiados items');

const versionSchema = intInput('La versión no es válida', 1, MAX_ID);

/** saleData's fields, plus the client record the original client sends beside (or instead of) clientId. */
const saleDataFields = {
  ...saleDataSchema.shape,
  client: z.looseObject({ id: idInput('El cliente es requerido') }).nullish(),
};

const isObject = (body: unknown): body is Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body);

/**
 * A blank or absent `clientId` takes `client.id`, before validation, so that a missing client is
 * reported with the form's other messages rather than only once everything else is valid.
 */
function withClientId(raw: unknown): unknown {
  if (!isObject(raw) || blankToUndefined(raw.clientId) !== undefined) return raw;
  return { ...raw, clientId: isObject(raw.client) ? raw.client.id : undefined };
}

/** `withClientId` before `schema`; the body's type is the schema's input, though anything is checked. */
const clientIdFirst = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess<unknown, Schema, z.input<Schema>>(withClientId, schema);

type SaleDataRequest = SaleData & { client?: { id: number } | null };

/** `clientId` and `client.id` must name the same client; the client record itself is not kept. */
function dropClient(data: SaleDataRequest, ctx: z.RefinementCtx): SaleData {
  const { client, ...rest } = data;
  if (client && client.id !== rest.clientId) {
    ctx.addIssue({ code: 'custom', message: 'clientId no coincide con client.id', path: ['clientId'] });
    return z.NEVER;
  }
  return rest;
}

const saleDataRequestSchema = clientIdFirst(
  z.strictObject(saleDataFields).transform((data, ctx) => dropClient(data, ctx)),
);

/** A new sale's data may ask to be saved as a draft (`status: 'draft'`); without it the sale is confirmed. */
const newSaleDataSchema = clientIdFirst(
  z
    .strictObject({ ...saleDataFields, status: z.enum(NEW_SALE_STATUSES, 'Estado inválido').optional() })
    .transform(({ status, ...data }, ctx): NewSaleData => {
      const saleData = dropClient(data, ctx);
      return status === undefined ? saleData : { ...saleData, status };
    }),
);
export type NewSaleData = SaleData & { status?: NewSaleStatus };

/** POST /api/sales. */
export const saleCreateRequestSchema = z.strictObject({
  saleData: newSaleDataSchema,
  items: itemsSchema,
});
/** A create's body as clients write it. */
export type SaleCreateBody = z.input<typeof saleCreateRequestSchema>;

export interface SaleEditRequest {
  kind: 'edit';
  saleData: SaleData;
  items: SaleItemRequest[];
  version?: number;
}
export interface SaleStatusRequest {
  kind: 'status';
  status: (typeof SALE_STATUSES)[number];
  version?: number;
}

const statusChangeSchema = z
  .strictObject({ status: z.enum(SALE_STATUSES, 'Estado inválido'), version: versionSchema.optional() })
  .transform((body): SaleStatusRequest => ({ kind: 'status', ...body }));

const wrappedEditSchema = z
  .strictObject({ saleData: saleDataRequestSchema, items: itemsSchema, version: versionSchema.optional() })
  .transform((body): SaleEditRequest => ({ kind: 'edit', ...body }));
/** An edit's body as our own form writes it (`{ saleData, items, version? }`). */
export type SaleEditBody = z.input<typeof wrappedEditSchema>;

/**
 * The original client's flat edit: the sale's own fields plus items. Fields of the sale entity that a client
 * sends back as it loaded them (id, status, totals, seller, dates, currency and rate) are accepted and not
 * written; the status
 * changes only through `{ status }`.
 */
const flatEditSchema = clientIdFirst(
  z
    .strictObject({
      ...saleDataFields,
      items: itemsSchema,
      version: versionSchema.optional(),
      id: z.unknown().optional(),
      status: z.unknown().optional(),
      creationDate: z.unknown().optional(),
      salePrice: z.unknown().optional(),
      seller: z.unknown().optional(),
      currency: z.unknown().optional(),
      exchangeRate: z.unknown().optional(),
      salePriceUsd: z.unknown().optional(),
      totalCostUsd: z.unknown().optional(),
      updatedAt: z.unknown().optional(),
      totalPaid: z.unknown().optional(),
      balance: z.unknown().optional(),
      refundAmount: z.unknown().optional(),
      // The payment plan sent back with the sale is ignored: it has its own route (PUT .../plan).
      plan: z.unknown().optional(),
      planMismatch: z.unknown().optional(),
    })
    .transform((body, ctx): SaleEditRequest => {
      const {
        items,
        version,
        id: _id,
        status: _status,
        creationDate: _c,
        salePrice: _s,
        seller: _seller,
        currency: _currency,
        exchangeRate: _rate,
        salePriceUsd: _su,
        totalCostUsd: _cu,
        updatedAt: _u,
        totalPaid: _t,
        balance: _b,
        refundAmount: _r,
        plan: _plan,
        planMismatch: _mismatch,
        ...data
      } = body;
      return { kind: 'edit', saleData: dropClient(data, ctx), items, version };
    }),
);

/**
 * PUT /api/sales/{id}: `{ status }`, `{ saleData, items, version? }` or the flat sale plus `items`. The
 * body's keys pick the schema, so the user gets that schema's field messages rather than a generic
 * "no union member matched".
 */
export const saleUpdateRequestSchema = z.unknown().transform((body, ctx) => {
  const schema = !isObject(body)
    ? wrappedEditSchema
    : 'items' in body
      ? 'saleData' in body
        ? wrappedEditSchema
        : flatEditSchema
      : 'status' in body
        ? statusChangeSchema
        : wrappedEditSchema;
  const result = (schema as z.ZodType<SaleEditRequest | SaleStatusRequest>).safeParse(body);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  }
  return z.NEVER;
});
