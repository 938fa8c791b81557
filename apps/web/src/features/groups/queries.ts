import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GroupDetails, GroupInput, GroupListItem } from '@kita/shared';
import { api } from '@/lib/api';

/**
 * Group queries. A group write invalidates groups, categories (which list their groups) and the
 * Kita details; deleting a child from a group also refreshes the children lists.
 */
export const groupKeys = {
  all: ['groups'] as const,
  detail: (groupId: string, kitaId?: string) => ['groups', 'detail', groupId, kitaId ?? null] as const,
};

const invalidateStructure = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([['groups'], ['categories'], ['kitas']].map((queryKey) => queryClient.invalidateQueries({ queryKey })));

export function useGroup(groupId: string | undefined, kitaId?: string) {
  return useQuery({
    queryKey: groupKeys.detail(groupId ?? '', kitaId),
    queryFn: ({ signal }) => api.get<GroupDetails>(`groups/${groupId}`, { signal, query: { kitaId } }),
    enabled: !!groupId,
  });
}

export function useSaveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, input }: { groupId?: string; input: GroupInput }) =>
      groupId ? api.put<GroupListItem>(`groups/${groupId}`, input) : api.post<GroupListItem>('groups', input),
    onSuccess: () => invalidateStructure(queryClient),
  });
}

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupId: string) => api.delete(`groups/${groupId}`),
    onSuccess: () => invalidateStructure(queryClient),
  });
}

/** Removes a child (DELETE children/{id}, owned by the children module) from the group details table. */
export function useDeleteGroupChild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (childId: string) => api.delete(`children/${childId}`),
    onSuccess: () =>
      Promise.all([['groups'], ['children'], ['parents']].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
