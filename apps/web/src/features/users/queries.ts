import { useQuery } from '@tanstack/react-query';
import type { ChangePasswordInput, User, UserCreateInput, UserUpdateInput } from '@kita/shared';
import { api } from '@/lib/api';
import { mutation, queryKeys } from '@/lib/query';

/**
 * Staff users. The managers page asks for one Kita's managers (?kitaId=). A write refreshes
 * the user lists and the Kita details (which list the Kita's managers).
 */
const written = [queryKeys.users.all, queryKeys.kitas.all];

export function useUsers(kitaId?: string) {
  return useQuery({
    queryKey: queryKeys.users.list(kitaId),
    queryFn: ({ signal }) => api.get<User[]>('users', { signal, query: { kitaId } }),
  });
}

export type SaveUserInput = { userId: string; input: UserUpdateInput } | { userId?: undefined; input: UserCreateInput };

export const useSaveUser = mutation(
  ({ userId, input }: SaveUserInput) => (userId ? api.put<User>(`users/${userId}`, input) : api.post<User>('users', input)),
  written,
);

export const useDeleteUser = mutation((userId: string) => api.delete(`users/${userId}`), written);

export const useChangePassword = mutation(({ userId, input }: { userId: string; input: ChangePasswordInput }) =>
  api.put<{ ok: boolean }>(`users/${userId}/change-password`, input),
);
