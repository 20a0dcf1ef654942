import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type CrudApi, type CrudDeclaration, DECLARED } from '../../domain/api/master-data';
import { type Pagination, paginationOf } from '../../domain/pagination';
import { call, callWithHeaders } from './client';
import { refreshAfterChange } from './query-client';

export interface ListParams {
  q: string;
  page: number;
  limit: number;
}

export interface ListPage<T> {
  data: T[];
  pagination: Pagination;
}

export interface Saved<T> {
  message: string;
  record: T;
}

/**
 * The browser side of one master-data resource (clients, passengers, suppliers, operators,
 * classifications), from its endpoints (`crudApi` in `src/domain/api/master-data.ts`): the record is
 * the type its reply schema gives, the body the one its request schema takes. Every key starts with
 * the resource's name, so invalidating `keys.all` refreshes its lists, records and pickers alike.
 */
export function createResource<D extends CrudDeclaration>(api: CrudApi<D>) {
  return resourceOf<z.output<D['record']> & { id: number }, z.input<D['body']>>(api as unknown as CrudApi);
}

/** One implementation for every resource: the endpoints read as the general shape, typed by the caller. */
function resourceOf<T extends { id: number }, Body>(api: CrudApi) {
  const { many: name, one, paging } = api[DECLARED];
  const keys = {
    all: [name] as const,
    list: (params: ListParams) => [name, 'list', params] as const,
    detail: (id: number) => [name, 'detail', id] as const,
  };

  const toSaved = (response: Record<string, unknown>): Saved<T> => ({
    message: String(response.message),
    record: response[one] as T,
  });

  return {
    name,
    /** The list's export, for its "Exportar" menu. */
    exportEndpoint: api.export,
    keys,
    listQuery: (params: ListParams) =>
      queryOptions({
        queryKey: keys.list(params),
        queryFn: async ({ signal }): Promise<ListPage<T>> => {
          if (paging === 'body') return (await call(api.list, { query: params }, { signal })) as ListPage<T>;
          // The catalogs reply a bare array and say their total in `X-Total-Count`.
          const { data, headers } = await callWithHeaders(api.list, { query: params }, { signal });
          const rows = data as T[];
          const total = Number(headers.get('X-Total-Count') ?? rows.length);
          return { data: rows, pagination: paginationOf(params.page, params.limit, total) };
        },
        // Typing in the search box or paging keeps the current rows on screen instead of a spinner.
        placeholderData: keepPreviousData,
      }),
    detailQuery: (id: number) =>
      queryOptions({
        queryKey: keys.detail(id),
        queryFn: async ({ signal }) => {
          const reply = await call(api.read, { params: { id } }, { signal });
          return (paging === 'body' ? (reply as { data: T }).data : reply) as T;
        },
      }),
    create: async (body: Body) => toSaved(await call(api.create, { body })),
    update: async (id: number, body: Body) => toSaved(await call(api.update, { params: { id }, body })),
    remove: (id: number) => call(api.remove, { params: { id } }),
  };
}

export type Resource<T extends { id: number }, Body> = ReturnType<typeof resourceOf<T, Body>>;

/** Creates (no id) or updates (with id) a record, then refreshes everything cached for the resource. */
function useSaveMutation<T extends { id: number }, Body>(resource: Resource<T, Body>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: Body }) =>
      id === undefined ? resource.create(body) : resource.update(id, body),
    onSuccess: ({ record }) => {
      queryClient.setQueryData(resource.keys.detail(record.id), record);
      // Not awaited: the caller navigates or closes at once, and the lists refetch when next shown.
      void refreshAfterChange(queryClient, { queryKey: resource.keys.all });
    },
  });
}

/**
 * A record form's save: `submit(body)` creates the record (no `id`) or updates record `id`, then hands
 * the saved record and the server's message to `onSaved`; `save` is the mutation (pending, error).
 */
export function useRecordSave<T extends { id: number }, Body>(
  resource: Resource<T, Body>,
  id: number | undefined,
  onSaved: (record: T, message: string) => void,
) {
  const save = useSaveMutation(resource);
  const submit = (body: Body) =>
    save.mutate({ id, body }, { onSuccess: ({ record, message }) => onSaved(record, message) });
  return { save, submit };
}

export function useDeleteMutation<T extends { id: number }, Body>(resource: Resource<T, Body>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => resource.remove(id),
    onSuccess: (_response, id) => {
      queryClient.removeQueries({ queryKey: resource.keys.detail(id) });
      void refreshAfterChange(queryClient, { queryKey: resource.keys.all });
    },
  });
}
