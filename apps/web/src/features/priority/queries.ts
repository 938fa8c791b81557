import { useQuery } from '@tanstack/react-query';
import type { ParentPriorityResult, PriorityConfirmation, PriorityConfirmInput, PriorityGroup, PriorityGroupsInput } from '@kita/shared';
import { api } from '@/lib/api';
import { mutation, queryKeys } from '@/lib/query';

/** Verified priority. Every write refreshes everything under ['priority'] (groups, lists, the family's card). */
const written = [queryKeys.priority.all];

export function usePriorityGroups(kitaId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.priority.groups(kitaId),
    queryFn: ({ signal }) => api.get<PriorityGroup[]>(`kitas/${kitaId}/priority-groups`, { signal }),
    enabled: enabled && !!kitaId,
  });
}

export function useKitaConfirmations(kitaId: string) {
  return useQuery({
    queryKey: queryKeys.priority.kitaConfirmations(kitaId),
    queryFn: ({ signal }) => api.get<PriorityConfirmation[]>(`kitas/${kitaId}/priority-confirmations`, { signal }),
    enabled: !!kitaId,
  });
}

export function useParentPriority(parentId: string) {
  return useQuery({
    queryKey: queryKeys.priority.parent(parentId),
    queryFn: ({ signal }) => api.get<ParentPriorityResult>(`parents/${parentId}/priority`, { signal }),
    retry: false,
  });
}

export const useSavePriorityGroups = mutation(
  ({ kitaId, input }: { kitaId: string; input: PriorityGroupsInput }) => api.put<PriorityGroup[]>(`kitas/${kitaId}/priority-groups`, input),
  written,
);

export const useConfirmPriority = mutation(
  ({ parentId, input }: { parentId: string; input: PriorityConfirmInput }) => api.post<PriorityConfirmation>(`parents/${parentId}/priority`, input),
  written,
);

export const useEndPriority = mutation((parentId: string) => api.delete(`parents/${parentId}/priority`), written);
