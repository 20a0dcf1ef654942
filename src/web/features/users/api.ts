import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser, UserCreateInput, UserUpdateInput } from '../../../domain/auth';
import type { Pagination } from '../../../domain/pagination';
import type { Role } from '../../../domain/roles';
import { api } from '../../api/client';
import type { ListPage, ListParams } from '../../api/resource';

const PATH = '/api/users';

/** Rooted at 'users' like the sale form's seller picker, so a saved user refreshes that list too. */
export const userKeys = {
  all: ['users'] as const,
  list: (params: ListParams & { role: Role | '' }) => ['users', 'list', params] as const,
};

/** The users of one role ('' for all), shaped like the other paged lists for usePagedList. */
export const userListQuery = (role: Role | '') => (params: ListParams) =>
  queryOptions({
    queryKey: userKeys.list({ ...params, role }),
    queryFn: async ({ signal }): Promise<ListPage<PublicUser>> => {
      const { users, pagination } = await api.get<{ users: PublicUser[]; pagination: Pagination }>(PATH, {
        query: { ...params, role },
        signal,
      });
      return { data: users, pagination };
    },
    placeholderData: keepPreviousData,
  });

function useUserMutation<Variables>(call: (variables: Variables) => Promise<{ user: PublicUser }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: Variables) => (await call(variables)).user,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export const useCreateUser = () =>
  useUserMutation((body: UserCreateInput) => api.post<{ user: PublicUser }>(PATH, body));

/** Role, details, reactivation and password resets; a new password signs the user out everywhere. */
export const useUpdateUser = () =>
  useUserMutation(({ id, body }: { id: number; body: UserUpdateInput }) =>
    api.put<{ user: PublicUser }>(`${PATH}/${id}`, body),
  );

/** Users are never erased (their sales point at them): DELETE deactivates and ends their sessions. */
export const useDeactivateUser = () =>
  useUserMutation((id: number) => api.del<{ user: PublicUser }>(`${PATH}/${id}`));
