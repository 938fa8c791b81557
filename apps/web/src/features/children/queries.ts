import { useQuery } from '@tanstack/react-query';
import type { ChildInput, ChildUpdateInput } from '@kita/shared';
import { call } from '@/lib/api';
import { apiRoutes } from '@kita/shared/api/routes';
import { mutation, queryKeys } from '@/lib/query';

/**
 * Children (docs/wire.md "Routes"). Mutations refresh the children lists, the parent
 * details (they list children), the group details (children table) and Kita data.
 */
const written = [queryKeys.children.all, queryKeys.parents.all, queryKeys.groups.all, queryKeys.kitas.all];

export function useKitaChildren(kitaId: string) {
  return useQuery({
    queryKey: queryKeys.children.kita(kitaId),
    queryFn: ({ signal }) => call(apiRoutes.children.listOfKita, { params: { kitaId }, signal }),
  });
}

/** The group select of the child form (GET groups/kita/{kitaId}); staff only. */
export function useKitaGroups(kitaId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.groups.byKita(kitaId),
    queryFn: ({ signal }) => call(apiRoutes.groups.listOfKita, { params: { kitaId }, signal }),
    enabled: enabled && !!kitaId,
  });
}

/** The existing-parent select of the child form (GET parents/kita/{kitaId}, the Kita's parent list). */
export function useParentOptions(kitaId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.parents.list(kitaId),
    queryFn: ({ signal }) => call(apiRoutes.parents.listOfKita, { params: { kitaId }, signal }),
    enabled: enabled && !!kitaId,
  });
}

export const useSaveChild = mutation(
  ({ childId, input }: { childId?: string; input: ChildUpdateInput }) =>
    childId ? call(apiRoutes.children.update, { params: { id: childId }, body: input }) : call(apiRoutes.children.create, { body: input as ChildInput }),
  written,
);

export const useDeleteChild = mutation((childId: string) => call(apiRoutes.children.remove, { params: { id: childId } }), written);
