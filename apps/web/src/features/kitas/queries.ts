import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Kita, KitaDeleteImpact, KitaDetails, KitaInput } from '@kita/shared';
import { api } from '@/lib/api';

/**
 * Kita queries. Every write invalidates everything under ['kitas'] (list, details, breadcrumbs);
 * a deletion also drops the structure lists that may still name the Kita.
 */
export const kitaKeys = {
  all: ['kitas'] as const,
  list: () => ['kitas', 'list'] as const,
  detail: (kitaId: string) => ['kitas', 'detail', kitaId] as const,
};

export function useKitas(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: kitaKeys.list(),
    queryFn: ({ signal }) => api.get<Kita[]>('kitas', { signal }),
    enabled: options.enabled ?? true,
  });
}

export function useKita(kitaId: string | undefined) {
  return useQuery({
    queryKey: kitaKeys.detail(kitaId ?? ''),
    queryFn: ({ signal }) => api.get<KitaDetails>(`kitas/${kitaId}`, { signal }),
    enabled: !!kitaId,
  });
}

export function useSaveKita() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kitaId, input }: { kitaId?: string; input: KitaInput }) =>
      kitaId ? api.put<Kita>(`kitas/${kitaId}`, input) : api.post<Kita>('kitas', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kitaKeys.all }),
  });
}

export function useDeleteKita() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kitaId, confirmName }: { kitaId: string; confirmName?: string }) =>
      api.delete(`kitas/${kitaId}`, confirmName ? { query: { confirmName } } : undefined),
    onSuccess: async (_data, { kitaId }) => {
      queryClient.removeQueries({ queryKey: kitaKeys.detail(kitaId) });
      await Promise.all(
        [kitaKeys.all, ['categories'], ['groups'], ['users']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}

/** What a deletion of the Kita removes (issue 14); asked for when the delete dialog opens. */
export function useKitaDeleteImpact(kitaId: string | null) {
  return useQuery({
    queryKey: [...kitaKeys.all, 'delete-impact', kitaId],
    queryFn: ({ signal }) => api.get<KitaDeleteImpact>(`kitas/${kitaId}/delete-impact`, { signal }),
    enabled: !!kitaId,
    staleTime: 0,
  });
}
