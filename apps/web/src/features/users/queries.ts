import { useQuery } from '@tanstack/react-query';
import type { ChangePasswordInput, UserCreateInput, UserUpdateInput } from '@kita/shared';
import { call } from '@/lib/api';
import { apiRoutes } from '@kita/shared/api/routes';
import { mutation, queryKeys } from '@/lib/query';

/**
 * Staff users. The managers page asks for one Kita's managers (?kitaId=). A write refreshes
 * the user lists and the Kita details (which list the Kita's managers).
 */
const written = [queryKeys.users.all, queryKeys.kitas.all];

export function useUsers(kitaId?: string) {
  return useQuery({
    queryKey: queryKeys.users.list(kitaId),
    queryFn: ({ signal }) => call(apiRoutes.users.list, { signal, query: { kitaId } }),
  });
}

export type SaveUserInput = { userId: string; input: UserUpdateInput } | { userId?: undefined; input: UserCreateInput };

export const useSaveUser = mutation(
  (save: SaveUserInput) =>
    save.userId !== undefined ? call(apiRoutes.users.update, { params: { id: save.userId }, body: save.input }) : call(apiRoutes.users.create, { body: save.input }),
  written,
);

export const useDeleteUser = mutation((userId: string) => call(apiRoutes.users.remove, { params: { id: userId } }), written);

export const useChangePassword = mutation(({ userId, input }: { userId: string; input: ChangePasswordInput }) =>
  call(apiRoutes.users.changePassword, { params: { id: userId }, body: input }),
);
