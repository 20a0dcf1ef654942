import { z } from 'zod';
import { type Access, ADMINS, SELLERS, STAFF } from '../access';
import { clientConflictReplySchema, clientIdProblemsReplySchema } from '../client-ids';
import { type CatalogKind, catalogSchema, clientSchema, passengerSchema } from '../master-data';
import {
  catalogItemReplySchema,
  clientReplySchema,
  masterDataReplies,
  passengerReplySchema,
} from '../master-data-replies';
import { optionalPaginationQuerySchema, paginationQuerySchema } from '../pagination';
import { messageReplySchema } from '../replies';
import { endpoint, ON_RECORD, ON_RECORD_WITH_BODY, SIGNED_IN, WITH_BODY } from './endpoint';
import { exportFileReply, exportQuery } from './files';
import { idParams } from './params';

/**
 * What a master-data resource is: its path, the keys of its replies (`client` in a save, `clients`
 * in a search), the record as the API shows it, the body of a create or update, and how its list
 * pages. The server's crud routes and the web's resource both read it from the resource's endpoints.
 */
export interface CrudDeclaration<
  Path extends string = string,
  One extends string = string,
  Many extends string = string,
  Record extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
> {
  path: Path;
  one: One;
  many: Many;
  record: Record;
  body: Body;
  /**
   * `body` (clients, passengers): a list is `{ data, pagination }` and a record `{ data }`. `headers`
   * (the catalogs, as the original client reads them): a bare array and a bare record, the paging in
   * `X-Total-Count` and `Link`, and the whole list when no page is asked for.
   */
  paging: 'body' | 'headers';
  /** The 409 of a create or update when it carries more than a message (a client's `existing`). */
  conflict?: z.ZodType;
  /** Who may call its reads (list, export, search, one) and its writes (create, update, delete). */
  access: { read: Access; write: Access };
}

/**
 * Where a resource's endpoints keep the declaration they were made from: a symbol, so that the
 * group's values stay its endpoints (`API` and `allEndpoints` list only those).
 */
export const DECLARED = Symbol('declared');

const q = z.string().trim().max(100, 'La búsqueda no puede superar 100 caracteres').optional();

/**
 * The endpoints of one master-data resource (list, export, search, read, create, update, delete) with
 * the same reply shapes for every resource. A save answers 409 for a duplicate or a rule the record
 * breaks; a delete 409 when sales or payments still name the record.
 */
type Replies<D extends CrudDeclaration> = ReturnType<
  typeof masterDataReplies<D['one'], D['many'], D['record']>
>;
/** `Headers` for a resource paged in the headers (the catalogs), `Body` for the others, either for any. */
type Paged<D extends CrudDeclaration, Headers, Body> = [D['paging']] extends ['headers']
  ? Headers
  : [D['paging']] extends ['body']
    ? Body
    : Headers | Body;

export function crudApi<const D extends CrudDeclaration>(declared: D) {
  const { path, record } = declared;
  const headers = declared.paging === 'headers';
  const shapes = masterDataReplies(declared.one, declared.many, record) as Replies<D>;
  const body = declared.body as D['body'];
  const conflict = declared.conflict && { 409: declared.conflict };
  const listQuery = (headers ? optionalPaginationQuerySchema : paginationQuerySchema).extend({ q }) as Paged<
    D,
    ReturnType<typeof optionalPaginationQuerySchema.extend<{ q: typeof q }>>,
    ReturnType<typeof paginationQuerySchema.extend<{ q: typeof q }>>
  >;
  const pageReply = (headers ? z.array(record) : shapes.page) as Paged<
    D,
    z.ZodArray<D['record']>,
    Replies<D>['page']
  >;
  const recordReply = (headers ? record : shapes.one) as Paged<D, D['record'], Replies<D>['one']>;
  return {
    [DECLARED]: declared,
    list: endpoint({
      method: 'GET',
      path,
      access: declared.access.read,
      query: listQuery,
      replies: { 200: pageReply },
      errors: SIGNED_IN,
    }),
    export: endpoint({
      method: 'GET',
      path: `${path}/export` as `${D['path']}/export`,
      access: declared.access.read,
      query: exportQuery({ q }),
      replies: { 200: exportFileReply },
      errors: SIGNED_IN,
    }),
    search: endpoint({
      method: 'GET',
      path: `${path}/search` as `${D['path']}/search`,
      access: declared.access.read,
      query: z.object({ q }),
      replies: { 200: shapes.search },
      errors: SIGNED_IN,
    }),
    read: endpoint({
      method: 'GET',
      path: `${path}/:id` as `${D['path']}/:id`,
      access: declared.access.read,
      params: idParams,
      replies: { 200: recordReply },
      errors: ON_RECORD,
    }),
    create: endpoint({
      method: 'POST',
      path,
      access: declared.access.write,
      body: body as D['body'],
      replies: { 201: shapes.saved, ...conflict },
      errors: [...WITH_BODY, 409],
    }),
    update: endpoint({
      method: 'PUT',
      path: `${path}/:id` as `${D['path']}/:id`,
      access: declared.access.write,
      params: idParams,
      body: body as D['body'],
      replies: { 200: shapes.saved, ...conflict },
      errors: [...ON_RECORD_WITH_BODY, 409],
    }),
    remove: endpoint({
      method: 'DELETE',
      path: `${path}/:id` as `${D['path']}/:id`,
      access: declared.access.write,
      params: idParams,
      replies: { 200: messageReplySchema },
      errors: [...ON_RECORD, 409],
    }),
  };
}

export type CrudApi<D extends CrudDeclaration = CrudDeclaration> = ReturnType<typeof crudApi<D>>;

/** Every role reads clients and passengers; finance does not change them (docs/decisions/0006-master-data-screens.md). */
const PEOPLE = { read: STAFF, write: SELLERS };

export const clientsApi = {
  ...crudApi({
    path: '/api/clients',
    one: 'client',
    many: 'clients',
    record: clientReplySchema,
    body: clientSchema,
    paging: 'body',
    conflict: clientConflictReplySchema,
    access: PEOPLE,
  }),
  /** The admin's list of saved IDs that break the ID/RUT rules (decision 0042). */
  idProblems: endpoint({
    method: 'GET',
    path: '/api/clients/id-problems',
    access: ADMINS,
    replies: { 200: clientIdProblemsReplySchema },
    errors: SIGNED_IN,
  }),
};

export const passengersApi = crudApi({
  path: '/api/passengers',
  one: 'passenger',
  many: 'passengers',
  record: passengerReplySchema,
  body: passengerSchema,
  paging: 'body',
  access: PEOPLE,
});

const ONE = { suppliers: 'supplier', operators: 'operator', classifications: 'classification' } as const;

/** Suppliers, operators and classifications: only a name, listed as the original client reads them. */
const catalogApi = <K extends CatalogKind>(kind: K) =>
  crudApi({
    path: `/api/${kind}` as `/api/${K}`,
    one: ONE[kind] as (typeof ONE)[K],
    many: kind,
    record: catalogItemReplySchema,
    body: catalogSchema(kind),
    paging: 'headers' as const,
    // Every role reads them (the pickers); only the admin keeps them.
    access: { read: STAFF, write: ADMINS },
  });

export const suppliersApi = catalogApi('suppliers');
export const operatorsApi = catalogApi('operators');
export const classificationsApi = catalogApi('classifications');

export type CatalogApi = ReturnType<typeof catalogApi<CatalogKind>>;

/** The catalogs by kind, for the code that serves all three. */
export const catalogsApi: Record<CatalogKind, CatalogApi> = {
  suppliers: suppliersApi,
  operators: operatorsApi,
  classifications: classificationsApi,
};
