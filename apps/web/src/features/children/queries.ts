import { useQuery } from '@tanstack/react-query';
import type { Child, ChildInput, ChildUpdateInput, GroupListItem, Parent } from '@kita/shared';
import { api } from '@/lib/api';
import { mutation, queryKeys } from '@/lib/query';

/**
 * Children (docs/wire.md "Routes"). Mutations refresh the children lists, the parent
 * details (they list children), the group details (children table) and Kita data.
 */
const written = [queryKeys.children.all, queryKeys.parents.all, queryKeys.groups.all, queryKeys.kitas.all];

export function useKitaChildren(kitaId: string) {
  return useQuery({
    queryKey: queryKeys.children.kita(kitaId),
    queryFn: ({ signal }) => api.get<Child[]>(`children/kita/${kitaId}`, { signal }),
  });
}

/** The group select of the child form (GET groups/kita/{kitaId}); staff only. */
export function useKitaGroups(kitaId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.groups.byKita(kitaId),
    queryFn: ({ signal }) => api.get<GroupListItem[]>(`groups/kita/${kitaId}`, { signal }),
    enabled: enabled && !!kitaId,
  });
}

/** The existing-parent select of the child form (GET parents/kita/{kitaId}, the Kita's parent list). */
export function useParentOptions(kitaId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.parents.list(kitaId),
    queryFn: ({ signal }) => api.get<Parent[]>(`parents/kita/${kitaId}`, { signal }),
    enabled: enabled && !!kitaId,
  });
}

export const useSaveChild = mutation(
  ({ childId, input }: { childId?: string; input: ChildUpdateInput }) =>
    childId ? api.put<Child>(`children/${childId}`, input) : api.post<Child>('children', input as ChildInput),
  written,
);

export const useDeleteChild = mutation((childId: string) => api.delete(`children/${childId}`), written);
