import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventInput, EventSummary, EventWithChildren, KitaCategories, Preference, PreferenceType } from '@kita/shared';
import { api } from '@/lib/api';

/**
 * Event queries. Live updates while an event is open: the details query polls every few seconds
 * (TanStack Query refetchInterval). Polling reads the database, so it sees answers stored by any
 * app process; it stops as soon as the event is finished.
 */
export const LIVE_REFRESH_MS = 4000;

export const eventKeys = {
  all: ['events'] as const,
  byKita: (kitaId: string) => ['events', 'kita', kitaId] as const,
  detail: (eventId: string) => ['events', 'detail', eventId] as const,
  categories: (kitaId: string) => ['events', 'categories', kitaId] as const,
};

export function useKitaEvents(kitaId: string | undefined) {
  return useQuery({
    queryKey: eventKeys.byKita(kitaId ?? ''),
    queryFn: ({ signal }) => api.get<EventSummary[]>(`emergency-event/get-by-kita-id/${kitaId}`, { signal }),
    enabled: !!kitaId,
  });
}

export function useEventDetails(eventId: string | undefined, kitaId: string | undefined) {
  return useQuery({
    queryKey: eventKeys.detail(eventId ?? ''),
    queryFn: ({ signal }) => api.get<EventWithChildren>(`emergency-event/${eventId}`, { signal, query: { kitaId } }),
    enabled: !!eventId,
    refetchInterval: (query) => {
      const details = query.state.data?.eventDetails;
      return details && !details.isFinished ? LIVE_REFRESH_MS : false;
    },
    refetchIntervalInBackground: false,
  });
}

/** The Kita's categories for the form's category select (GET categories/kita/{kitaId}). */
export function useKitaCategories(kitaId: string | undefined) {
  return useQuery({
    queryKey: eventKeys.categories(kitaId ?? ''),
    queryFn: ({ signal }) => api.get<KitaCategories>(`categories/kita/${kitaId}`, { signal }),
    enabled: !!kitaId,
    select: (data) => data.categories,
  });
}

/** The Kita's time zone (from the same response as its categories). */
export function useKitaTimeZone(kitaId: string | undefined) {
  return useQuery({
    queryKey: eventKeys.categories(kitaId ?? ''),
    queryFn: ({ signal }) => api.get<KitaCategories>(`categories/kita/${kitaId}`, { signal }),
    enabled: !!kitaId,
    select: (data) => data.timezone,
  });
}

export function useSaveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, input }: { eventId?: string; input: EventInput }) =>
      eventId ? api.put<EventSummary>(`emergency-event/${eventId}`, input) : api.post<EventSummary>('emergency-event', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventId: string) => api.delete(`emergency-event/${eventId}`),
    onSuccess: async (_data, eventId) => {
      queryClient.removeQueries({ queryKey: eventKeys.detail(eventId) });
      await queryClient.invalidateQueries({ queryKey: eventKeys.all });
    },
  });
}

/** Staff record an answer for a child (marked as recorded by staff on the server). */
export function useRecordAnswer(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: { childId: string; preferenceType: PreferenceType }) =>
      api.post<Preference[]>(`emergency-event/${eventId}/preferences`, { preferences: [answer] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) }),
  });
}
