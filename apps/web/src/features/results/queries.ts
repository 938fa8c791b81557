import { useQuery } from '@tanstack/react-query';
// From constants: the contracts module would bring zod to every page that shows the credits histogram.
import { REPORT_FILE_NAME } from '@kita/shared/constants';
import type { PreferenceType } from '@kita/shared';
import { apiRoutes } from '@kita/shared/api/routes';
import { call, download, downloadFile, saveFile } from '@/lib/api';
import { i18n } from '@/lib/i18n';
import { mutation, queryKeys } from '@/lib/query';
import { hasReleaseData, type ReleaseRequest } from './outcome';

/**
 * Results of events (closing, release, report, the parent's history and credits histogram).
 * The history and histogram keys sit under the parents' prefix in the registry on purpose: every
 * parent mutation (approve, edit, reset credits) already refreshes that prefix, so the chart
 * follows a reset without the parents feature knowing about it.
 *
 * What a close or a release changes: the event (rows, status, counts), every event list, and
 * the parents (credits, history, histogram).
 */
const decided = [queryKeys.events.all, queryKeys.parents.all];

/** `POST emergency-event/{id}/close` (manager/Admin; idempotent on the server). */
export const useCloseEvent = mutation((eventId: string) => call(apiRoutes.results.close, { params: { id: eventId } }), decided);

/** The client-side 'missingData' check (no request without its ids), thrown before any call. */
export class MissingReleaseDataError extends Error {
  constructor() {
    super(i18n.t('results.release.missingData'));
    this.name = 'MissingReleaseDataError';
  }
}

/** `POST emergency-event/{id}/release-slot {childId, preferenceId, parentId}` (parent or staff). */
export const useReleaseSlot = mutation(async (request: ReleaseRequest) => {
  if (!hasReleaseData(request)) throw new MissingReleaseDataError();
  const { eventId, childId, preferenceId, parentId } = request;
  return call(apiRoutes.results.releaseSlot, { params: { id: eventId }, body: { childId, preferenceId, parentId } });
}, decided);

/** `GET parents/{id}/children/preferences`: one entry per child (history page). */
export function useParentHistory(parentId: string) {
  return useQuery({
    queryKey: queryKeys.parents.history(parentId),
    queryFn: ({ signal }) => call(apiRoutes.results.history, { params: { id: parentId }, signal }),
    enabled: !!parentId,
  });
}

/** `GET parents/{id}/open-inquiries`: the open inquiries that ask the logged-in parent's family. */
export function useOpenInquiries(parentId: string) {
  return useQuery({
    queryKey: queryKeys.parents.openInquiries(parentId),
    queryFn: ({ signal }) => call(apiRoutes.preferences.openInquiries, { params: { id: parentId }, signal }),
    enabled: !!parentId,
  });
}

/** An answer from the history page (with the login session); refreshed also when refused (the inquiry may have closed). */
export const useSaveOpenAnswer = mutation(
  (a: { eventId: string; childId: string; preferenceType: PreferenceType }) =>
    call(apiRoutes.preferences.save, { body: { eventId: a.eventId, preferences: [{ childId: a.childId, preferenceType: a.preferenceType }] } }),
  [queryKeys.parents.all],
  { refreshOnError: true },
);

/** `GET parents/{id}/credits-distribution` (only for approved parents). */
export function useCreditsDistribution(parentId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.parents.distribution(parentId),
    queryFn: ({ signal }) => call(apiRoutes.results.creditsDistribution, { params: { id: parentId }, signal }),
    enabled: enabled && !!parentId,
  });
}

/** `GET emergency-event/{id}/report?kitaId=`: the summary the result card shows (finished events). */
export function useEventReport(eventId: string, kitaId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.events.report(eventId),
    queryFn: ({ signal }) => call(apiRoutes.results.report, { params: { id: eventId }, signal, query: { kitaId } }),
    enabled: enabled && !!eventId,
  });
}

/** How long the saved PDF's object URL lives. */
export const REPORT_URL_LIFETIME_MS = 60_000;

/**
 * `GET emergency-event/{id}/pdf` as a blob with the bearer token (api client), saved as
 * event-report.pdf through a temporary link. The object URL is released after 60 s rather than at
 * once, because some browsers start reading it only after the click has returned.
 */
export async function downloadEventReport(eventId: string, kitaId: string | undefined): Promise<void> {
  const blob = await download(apiRoutes.results.pdf, { params: { id: eventId }, query: { kitaId } });
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

/** `GET emergency-event/{id}/csv`: the answer table, named by the server after the Kita and the day. */
export async function downloadEventCsv(eventId: string, kitaId: string | undefined): Promise<void> {
  const { blob, fileName } = await downloadFile(apiRoutes.results.csv, 'event-report.csv', { params: { id: eventId }, query: { kitaId } });
  saveFile(blob, fileName);
}

export const useDownloadReportCsv = mutation(({ eventId, kitaId }: { eventId: string; kitaId: string | undefined }) => downloadEventCsv(eventId, kitaId));

export const useDownloadReport = mutation(({ eventId, kitaId }: { eventId: string; kitaId: string | undefined }) => downloadEventReport(eventId, kitaId));
