import { useQuery } from '@tanstack/react-query';
import type { GroupDetails, GroupInput, GroupListItem } from '@kita/shared';
import { api } from '@/lib/api';
import { mutation, queryKeys } from '@/lib/query';

/**
 * Group queries. A group write refreshes groups, categories (which list their groups) and the
 * Kita details; deleting a child from a group also refreshes the children lists.
 */
const structure = [queryKeys.groups.all, queryKeys.categories.all, queryKeys.kitas.all];

export function useGroup(groupId: string | undefined, kitaId?: string) {
  return useQuery({
    queryKey: queryKeys.groups.detail(groupId ?? '', kitaId),
    queryFn: ({ signal }) => api.get<GroupDetails>(`groups/${groupId}`, { signal, query: { kitaId } }),
    enabled: !!groupId,
  });
}

export const useSaveGroup = mutation(
  ({ groupId, input }: { groupId?: string; input: GroupInput }) =>
    groupId ? api.put<GroupListItem>(`groups/${groupId}`, input) : api.post<GroupListItem>('groups', input),
  structure,
);

export const useDeleteGroup = mutation((groupId: string) => api.delete(`groups/${groupId}`), structure);

/** Removes a child (DELETE children/{id}, owned by the children module) from the group details table. */
export const useDeleteGroupChild = mutation((childId: string) => api.delete(`children/${childId}`), [
  queryKeys.groups.all,
  queryKeys.children.all,
  queryKeys.parents.all,
]);
