import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Pagination, paginationOf } from '../../domain/pagination';
import { api, queryGet } from './client';

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
 * The browser side of one master-data resource of the server's crud-routes (clients, passengers,
 * suppliers, operators, classifications): the same calls, declared once. Every key starts with the
 * resource name, so invalidating `keys.all` refreshes its lists, records and pickers alike.
 *
 * @param name the path segment and key root, e.g. 'clients'
 * @param one the key of the saved record in create/update responses, e.g. 'client'
 * @param paging 'body' when a list is `{ data, pagination }` and a record `{ data }` (clients,
 *   passengers); 'headers' when they are a bare array and a bare record, the total in `X-Total-Count`
 *   (the catalogs, shaped as the spec's own client reads them)
 */
export function createResource<T extends { id: number }, Body>(
  name: string,
  one: string,
  paging: 'body' | 'headers' = 'body',
) {
  const path = `/api/${name}`;
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
    keys,
    listQuery: (params: ListParams) =>
      queryOptions({
        queryKey: keys.list(params),
        queryFn:
          paging === 'body'
            ? queryGet<ListPage<T>>(path, { ...params })
            : async ({ signal }: { signal: AbortSignal }): Promise<ListPage<T>> => {
                const { data, headers } = await api.getWithHeaders<T[]>(path, {
                  signal,
                  query: { ...params },
                });
                const total = Number(headers.get('X-Total-Count') ?? data.length);
                return { data, pagination: paginationOf(params.page, params.limit, total) };
              },
        // Typing in the search box or paging keeps the current rows on screen instead of a spinner.
        placeholderData: keepPreviousData,
      }),
    detailQuery: (id: number) =>
      queryOptions({
        queryKey: keys.detail(id),
        queryFn: async ({ signal }) =>
          paging === 'body'
            ? (await api.get<{ data: T }>(`${path}/${id}`, { signal })).data
            : api.get<T>(`${path}/${id}`, { signal }),
      }),
    create: async (body: Body) => toSaved(await api.post<Record<string, unknown>>(path, body)),
    update: async (id: number, body: Body) =>
      toSaved(await api.put<Record<string, unknown>>(`${path}/${id}`, body)),
    remove: (id: number) => api.del<{ message: string }>(`${path}/${id}`),
  };
}

export type Resource<T extends { id: number }, Body> = ReturnType<typeof createResource<T, Body>>;

/** Creates (no id) or updates (with id) a record, then refreshes everything cached for the resource. */
function useSaveMutation<T extends { id: number }, Body>(resource: Resource<T, Body>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: Body }) =>
      id === undefined ? resource.create(body) : resource.update(id, body),
    onSuccess: ({ record }) => {
      queryClient.setQueryData(resource.keys.detail(record.id), record);
      // Not awaited: the caller navigates or closes at once, and the lists refetch when next shown.
      void queryClient.invalidateQueries({ queryKey: resource.keys.all });
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
      void queryClient.invalidateQueries({ queryKey: resource.keys.all });
    },
  });
}
