import { useQuery } from '@tanstack/react-query';
import type { GroupInput } from '@kita/shared';
import { apiRoutes } from '@kita/shared/api/routes';
import { call } from '@/lib/api';
import { mutation, queryKeys } from '@/lib/query';

/**
 * Group queries. A group write refreshes groups, categories (which list their groups) and the
 * Kita details; deleting a child from a group also refreshes the children lists.
 */
const structure = [queryKeys.groups.all, queryKeys.categories.all, queryKeys.kitas.all];

export function useGroup(groupId: string | undefined, kitaId?: string) {
  return useQuery({
    queryKey: queryKeys.groups.detail(groupId ?? '', kitaId),
    queryFn: ({ signal }) => call(apiRoutes.groups.get, { params: { id: groupId! }, signal, query: { kitaId } }),
    enabled: !!groupId,
  });
}

export const useSaveGroup = mutation(
  ({ groupId, input }: { groupId?: string; input: GroupInput }) =>
    groupId ? call(apiRoutes.groups.update, { params: { id: groupId }, body: input }) : call(apiRoutes.groups.create, { body: input }),
  structure,
);

export const useDeleteGroup = mutation((groupId: string) => call(apiRoutes.groups.remove, { params: { id: groupId } }), structure);

/** Removes a child (DELETE children/{id}, owned by the children module) from the group details table. */
export const useDeleteGroupChild = mutation((childId: string) => call(apiRoutes.children.remove, { params: { id: childId } }), [
  queryKeys.groups.all,
  queryKeys.children.all,
  queryKeys.parents.all,
]);
