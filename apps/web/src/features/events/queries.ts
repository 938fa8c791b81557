import { useQuery } from '@tanstack/react-query';
import type { EventInput, PreferenceType } from '@kita/shared';
import { apiRoutes } from '@kita/shared/api/routes';
import { call } from '@/lib/api';
import { mutation, queryKeys, useInvalidatingMutation } from '@/lib/query';

/**
 * Event queries. Live updates while an event is open: the details query polls every few seconds
 * (TanStack Query refetchInterval). Polling reads the database, so it sees answers stored by any
 * app process; it stops as soon as the event is finished.
 */
export const LIVE_REFRESH_MS = 4000;

/** While the fan-out runs the progress moves every second or two; afterwards the live interval is enough. */
export const FANOUT_REFRESH_MS = 1500;

/** Delivery status of the event's messages (GET emergency-event/{id}/delivery), live while open. */
export function useEventDelivery(eventId: string, kitaId: string | undefined, live: boolean) {
  return useQuery({
    queryKey: queryKeys.events.delivery(eventId),
    queryFn: ({ signal }) => call(apiRoutes.delivery.eventDelivery, { params: { id: eventId }, signal, query: { kitaId } }),
    enabled: !!eventId,
    refetchInterval: (query) => {
      if (!live) return false;
      const p = query.state.data?.progress;
      return p && (p.done < p.total || p.smsQueued > 0) ? FANOUT_REFRESH_MS : LIVE_REFRESH_MS;
    },
    refetchIntervalInBackground: false,
  });
}

/** Resend the inquiry to one family, or to every failed family (no parentId). */
export function useResend(eventId: string) {
  return useInvalidatingMutation(
    (parentId?: string) => call(apiRoutes.delivery.resend, { params: { id: eventId }, body: parentId ? { parentId } : {} }),
    [queryKeys.events.delivery(eventId), queryKeys.events.deliveryFailures],
  );
}

/** Open inquiries in the caller's scope with families whose messages failed (dashboard). */
export function useDeliveryFailures() {
  return useQuery({
    queryKey: queryKeys.events.deliveryFailures,
    queryFn: ({ signal }) => call(apiRoutes.delivery.failures, { signal }),
    refetchInterval: LIVE_REFRESH_MS * 5,
  });
}

export function useKitaEvents(kitaId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.events.byKita(kitaId ?? ''),
    queryFn: ({ signal }) => call(apiRoutes.events.listOfKita, { params: { kitaId: kitaId! }, signal }),
    enabled: !!kitaId,
  });
}

export function useEventDetails(eventId: string | undefined, kitaId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.events.detail(eventId ?? ''),
    queryFn: ({ signal }) => call(apiRoutes.events.get, { params: { id: eventId! }, signal, query: { kitaId } }),
    enabled: !!eventId,
    refetchInterval: (query) => {
      const details = query.state.data?.eventDetails;
      return details && !details.isFinished ? LIVE_REFRESH_MS : false;
    },
    refetchIntervalInBackground: false,
  });
}

/** GET categories/kita/{kitaId}, cached with the category screens': the form's categories and the Kita's time zone. */
const kitaCategories = (kitaId: string | undefined) => ({
  queryKey: queryKeys.categories.byKita(kitaId ?? ''),
  queryFn: ({ signal }: { signal: AbortSignal }) => call(apiRoutes.categories.listOfKita, { params: { kitaId: kitaId! }, signal }),
  enabled: !!kitaId,
});

/** The Kita's categories for the form's category select. */
export function useKitaCategories(kitaId: string | undefined) {
  return useQuery({ ...kitaCategories(kitaId), select: (data) => data.categories });
}

/** The Kita's time zone (from the same response as its categories). */
export function useKitaTimeZone(kitaId: string | undefined) {
  return useQuery({ ...kitaCategories(kitaId), select: (data) => data.timezone });
}

export const useSaveEvent = mutation(
  ({ eventId, input }: { eventId?: string; input: EventInput }) =>
    eventId ? call(apiRoutes.events.update, { params: { id: eventId }, body: input }) : call(apiRoutes.events.create, { body: input }),
  [queryKeys.events.all],
);

export const useDeleteEvent = mutation((eventId: string) => call(apiRoutes.events.remove, { params: { id: eventId } }), [queryKeys.events.all], {
  onSuccess: (client, _data, eventId) => client.removeQueries({ queryKey: queryKeys.events.detail(eventId) }),
});

/** Staff record an answer for a child (marked as recorded by staff on the server). */
export function useRecordAnswer(eventId: string) {
  return useInvalidatingMutation(
    (answer: { childId: string; preferenceType: PreferenceType }) =>
      call(apiRoutes.preferences.staffAnswer, { params: { id: eventId }, body: { preferences: [answer] } }),
    [queryKeys.events.detail(eventId), queryKeys.events.delivery(eventId)],
  );
}
