import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ParentEvent, Preference, PreferenceType, VerifyTokenResult } from '@kita/shared';
import { api } from '@/lib/api';

/**
 * The preference page's calls. The link session lives only in memory (this query's data), never in
 * the stored login token, so opening a link does not replace a staff or parent login in this
 * browser; every call passes it explicitly as the bearer.
 */
export const preferenceKeys = {
  verify: (token: string) => ['preference', 'verify', token] as const,
  event: (eventId: string, parentId: string) => ['preference', 'event', eventId, parentId] as const,
};

/** POST auth/verify-token?token=: once per page load (a new link session each time is fine). */
export function useLinkSession(token: string | null) {
  return useQuery({
    queryKey: preferenceKeys.verify(token ?? ''),
    // `token: ''` keeps a stored login token off this public call.
    queryFn: () => api.post<VerifyTokenResult>('auth/verify-token', undefined, { query: { token }, token: '' }),
    enabled: !!token,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useParentEvent(session: VerifyTokenResult | undefined) {
  return useQuery({
    queryKey: preferenceKeys.event(session?.eventId ?? '', session?.parentId ?? ''),
    queryFn: ({ signal }) => api.get<ParentEvent>(`auth/${session!.eventId}/parents/${session!.parentId}`, { signal, token: session!.token }),
    enabled: !!session,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** POST preference for one child; the saved answer is written into the page's data at once. */
export function useSavePreference(session: VerifyTokenResult | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: { childId: string; childName: string; preferenceType: PreferenceType }) =>
      api.post<Preference[]>('preference', { eventId: session!.eventId, preferences: [answer] }, { token: session!.token }),
    onSuccess: (saved) => {
      if (!session) return;
      queryClient.setQueryData<ParentEvent>(preferenceKeys.event(session.eventId, session.parentId), (old) =>
        old
          ? {
              ...old,
              children: old.children.map((c) => {
                const s = saved.find((p) => p.childId === c.childId);
                return s ? { ...c, preferenceType: s.preferenceType, preferenceId: s.preferenceId } : c;
              }),
            }
          : old,
      );
    },
  });
}
