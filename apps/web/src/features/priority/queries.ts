import { useQuery } from '@tanstack/react-query';
import type { PriorityConfirmInput, PriorityGroupsInput } from '@kita/shared';
import { apiRoutes } from '@kita/shared/api/routes';
import { call } from '@/lib/api';
import { mutation, queryKeys } from '@/lib/query';

/** Verified priority. Every write refreshes everything under ['priority'] (groups, lists, the family's card). */
const written = [queryKeys.priority.all];

export function usePriorityGroups(kitaId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.priority.groups(kitaId),
    queryFn: ({ signal }) => call(apiRoutes.priority.groups, { params: { kitaId }, signal }),
    enabled: enabled && !!kitaId,
  });
}

export function useKitaConfirmations(kitaId: string) {
  return useQuery({
    queryKey: queryKeys.priority.kitaConfirmations(kitaId),
    queryFn: ({ signal }) => call(apiRoutes.priority.kitaConfirmations, { params: { kitaId }, signal }),
    enabled: !!kitaId,
  });
}

export function useParentPriority(parentId: string) {
  return useQuery({
    queryKey: queryKeys.priority.parent(parentId),
    queryFn: ({ signal }) => call(apiRoutes.priority.ofParent, { params: { parentId }, signal }),
    retry: false,
  });
}

export const useSavePriorityGroups = mutation(
  ({ kitaId, input }: { kitaId: string; input: PriorityGroupsInput }) => call(apiRoutes.priority.saveGroups, { params: { kitaId }, body: input }),
  written,
);

export const useConfirmPriority = mutation(
  ({ parentId, input }: { parentId: string; input: PriorityConfirmInput }) => call(apiRoutes.priority.confirm, { params: { parentId }, body: input }),
  written,
);

export const useEndPriority = mutation((parentId: string) => call(apiRoutes.priority.end, { params: { parentId } }), written);
