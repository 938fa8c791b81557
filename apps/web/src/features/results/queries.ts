import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
// From constants: the contracts module would bring zod to every page that shows the credits histogram.
import { REPORT_FILE_NAME } from '@kita/shared/constants';
import type { ChildHistory, CloseEventResult, CreditsDistributionData, EventReport, ReleaseSlotResult } from '@kita/shared';
import { api } from '@/lib/api';
import { i18n } from '@/lib/i18n';
import { hasReleaseData, type ReleaseRequest } from './outcome';

/**
 * Results of events (closing, release, report, the parent's history and credits histogram).
 * The history and histogram keys sit under ['parents', ...] on purpose: every parent mutation
 * (approve, edit, reset credits) already invalidates that prefix, so the chart follows a reset
 * without the parents feature knowing about it.
 */
export const resultKeys = {
  history: (parentId: string) => ['parents', 'history', parentId] as const,
  distribution: (parentId: string) => ['parents', 'credits-distribution', parentId] as const,
  report: (eventId: string) => ['events', 'report', eventId] as const,
};

/**
 * What a close or a release changes: the event (rows, status, counts), every event list, and
 * the parents (credits, history, histogram). Prefixes rather than the events feature's key
 * factory, so the features stay independent.
 */
function invalidateResults(client: QueryClient): Promise<unknown> {
  return Promise.all([client.invalidateQueries({ queryKey: ['events'] }), client.invalidateQueries({ queryKey: ['parents'] })]);
}

/** `POST emergency-event/{id}/close` (manager/Admin; idempotent on the server). */
export function useCloseEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (eventId: string) => api.post<CloseEventResult>(`emergency-event/${eventId}/close`),
    onSuccess: () => invalidateResults(client),
  });
}

/** The client-side 'missingData' check of spec section 4, thrown before any call. */
export class MissingReleaseDataError extends Error {
  constructor() {
    super(i18n.t('results.release.missingData'));
    this.name = 'MissingReleaseDataError';
  }
}

/** `POST emergency-event/{id}/release-slot {childId, preferenceId, parentId}` (parent or staff). */
export function useReleaseSlot() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (request: ReleaseRequest) => {
      if (!hasReleaseData(request)) throw new MissingReleaseDataError();
      const { eventId, childId, preferenceId, parentId } = request;
      return api.post<ReleaseSlotResult>(`emergency-event/${eventId}/release-slot`, { childId, preferenceId, parentId });
    },
    onSuccess: () => invalidateResults(client),
  });
}

/** `GET parents/{id}/children/preferences`: one entry per child (history page). */
export function useParentHistory(parentId: string) {
  return useQuery({
    queryKey: resultKeys.history(parentId),
    queryFn: ({ signal }) => api.get<ChildHistory[]>(`parents/${parentId}/children/preferences`, { signal }),
    enabled: !!parentId,
  });
}

/** `GET parents/{id}/credits-distribution` (only for approved parents). */
export function useCreditsDistribution(parentId: string, enabled: boolean) {
  return useQuery({
    queryKey: resultKeys.distribution(parentId),
    queryFn: ({ signal }) => api.get<CreditsDistributionData>(`parents/${parentId}/credits-distribution`, { signal }),
    enabled: enabled && !!parentId,
  });
}

/** `GET emergency-event/{id}/report?kitaId=`: the summary the result card shows (finished events). */
export function useEventReport(eventId: string, kitaId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: resultKeys.report(eventId),
    queryFn: ({ signal }) => api.get<EventReport>(`emergency-event/${eventId}/report`, { signal, query: { kitaId } }),
    enabled: enabled && !!eventId,
  });
}

/** How long the saved PDF's object URL lives (spec section 9: released after 60 s). */
export const REPORT_URL_LIFETIME_MS = 60_000;

/**
 * `GET emergency-event/{id}/pdf` as a blob with the bearer token (api client), saved as
 * event-report.pdf through a temporary link. The object URL is released after 60 s rather than at
 * once, because some browsers start reading it only after the click has returned.
 */
export async function downloadEventReport(eventId: string, kitaId: string | undefined): Promise<void> {
  const blob = await api.blob(`emergency-event/${eventId}/pdf`, { query: { kitaId } });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = REPORT_FILE_NAME;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), REPORT_URL_LIFETIME_MS);
}

export function useDownloadReport() {
  return useMutation({
    mutationFn: ({ eventId, kitaId }: { eventId: string; kitaId: string | undefined }) => downloadEventReport(eventId, kitaId),
  });
}
