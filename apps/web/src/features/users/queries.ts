import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordInput, User, UserCreateInput, UserUpdateInput } from '@kita/shared';
import { api } from '@/lib/api';

/**
 * Staff users. The managers page asks for one Kita's managers (?kitaId=). A write invalidates
 * the user lists and the Kita details (which list the Kita's managers).
 */
export const userKeys = {
  all: ['users'] as const,
  list: (kitaId?: string) => ['users', 'list', kitaId ?? 'all'] as const,
};

const invalidate = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([['users'], ['kitas']].map((queryKey) => queryClient.invalidateQueries({ queryKey })));

export function useUsers(kitaId?: string) {
  return useQuery({
    queryKey: userKeys.list(kitaId),
    queryFn: ({ signal }) => api.get<User[]>('users', { signal, query: { kitaId } }),
  });
}

export type SaveUserInput = { userId: string; input: UserUpdateInput } | { userId?: undefined; input: UserCreateInput };

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, input }: SaveUserInput) => (userId ? api.put<User>(`users/${userId}`, input) : api.post<User>('users', input)),
    onSuccess: () => invalidate(queryClient),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.delete(`users/${userId}`),
    onSuccess: () => invalidate(queryClient),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: ({ userId, input }: { userId: string; input: ChangePasswordInput }) =>
      api.put<{ ok: boolean }>(`users/${userId}/change-password`, input),
  });
}
