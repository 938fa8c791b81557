import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Child, ChildInput, ChildUpdateInput, GroupListItem, Parent } from '@kita/shared';
import { api } from '@/lib/api';

/**
 * Children (spec section 7 "Children"). Mutations invalidate the children lists, the parent
 * details (they list children), the group details (children table) and Kita data.
 */
export const childKeys = {
  all: ['children'] as const,
  kita: (kitaId: string) => ['children', 'kita', kitaId] as const,
  groups: (kitaId: string) => ['children', 'groups', kitaId] as const,
  parentOptions: (kitaId: string) => ['children', 'parent-options', kitaId] as const,
};

function invalidateChildren(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: childKeys.all }),
    client.invalidateQueries({ queryKey: ['parents'] }),
    client.invalidateQueries({ queryKey: ['groups'] }),
    client.invalidateQueries({ queryKey: ['kitas'] }),
  ]);
}

export function useKitaChildren(kitaId: string) {
  return useQuery({
    queryKey: childKeys.kita(kitaId),
    queryFn: ({ signal }) => api.get<Child[]>(`children/kita/${kitaId}`, { signal }),
  });
}

/** The group select of the child form (GET groups/kita/{kitaId}); staff only. */
export function useKitaGroups(kitaId: string, enabled: boolean) {
  return useQuery({
    queryKey: childKeys.groups(kitaId),
    queryFn: ({ signal }) => api.get<GroupListItem[]>(`groups/kita/${kitaId}`, { signal }),
    enabled: enabled && !!kitaId,
  });
}

/** The existing-parent select of the child form (GET parents/kita/{kitaId}). */
export function useParentOptions(kitaId: string, enabled: boolean) {
  return useQuery({
    queryKey: childKeys.parentOptions(kitaId),
    queryFn: ({ signal }) => api.get<Parent[]>(`parents/kita/${kitaId}`, { signal }),
    enabled: enabled && !!kitaId,
  });
}

export function useSaveChild() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ childId, input }: { childId?: string; input: ChildUpdateInput }) =>
      childId ? api.put<Child>(`children/${childId}`, input) : api.post<Child>('children', input as ChildInput),
    onSuccess: () => invalidateChildren(client),
  });
}

export function useDeleteChild() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (childId: string) => api.delete(`children/${childId}`),
    onSuccess: () => invalidateChildren(client),
  });
}
