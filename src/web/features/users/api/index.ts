import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReplyOf } from '../../../../domain/api/endpoint';
import { usersApi } from '../../../../domain/api/users';
import type { ProfileUpdateInput, UserCreateInput, UserUpdateInput } from '../../../../domain/auth';
import type { Role } from '../../../../domain/roles';
import type { PublicUser } from '../../../../domain/user-replies';
import { call } from '../../../api/client';
import { refreshAfterChange } from '../../../api/query-client';
import type { ListPage, ListParams } from '../../../api/resource';

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
      const { users, pagination } = await call(
        usersApi.list,
        { query: { ...params, role: role || undefined } },
        { signal },
      );
      return { data: users, pagination };
    },
    placeholderData: keepPreviousData,
  });

type UserReply = ReplyOf<typeof usersApi.one>;

function useUserMutation<Variables>(send: (variables: Variables) => Promise<UserReply>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: Variables) => (await send(variables)).user,
    onSuccess: () => refreshAfterChange(queryClient, { queryKey: userKeys.all }),
  });
}

export const useCreateUser = () =>
  useUserMutation((body: UserCreateInput) => call(usersApi.create, { body }));

/** Role, details, reactivation and password resets; a new password signs the user out everywhere. */
export const useUpdateUser = () =>
  useUserMutation(({ id, body }: { id: number; body: UserUpdateInput }) =>
    call(usersApi.update, { params: { id }, body }),
  );

/** Users are never erased (their sales point at them): DELETE deactivates and ends their sessions. */
export const useDeactivateUser = () =>
  useUserMutation((id: number) => call(usersApi.deactivate, { params: { id } }));

/** The signed-in user's own name, e-mail or password; a new password ends their other sessions. */
export const useUpdateMe = () =>
  useUserMutation((body: ProfileUpdateInput) => call(usersApi.updateMe, { body }));
