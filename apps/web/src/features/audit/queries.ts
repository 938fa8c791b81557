import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AuditActor, AuditPage } from '@kita/shared';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query';
import { saveFile } from '@/lib/save-file';

/** The viewer's filter as the API takes it (undefined = no filter). */
export interface AuditFilter {
  actorUserId?: string;
  entity?: string;
  entityId?: string;
  from?: string;
  to?: string;
  [key: string]: string | undefined;
}

export const AUDIT_PAGE = 50;

/** GET audit-log: newest first, "load older" asks for the next page with `before`. */
export function useAuditLog(filter: AuditFilter) {
  return useInfiniteQuery({
    queryKey: queryKeys.audit.page(filter),
    queryFn: ({ signal, pageParam }) => api.get<AuditPage>('audit-log', { signal, query: { ...filter, limit: AUDIT_PAGE, before: pageParam } }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}

export function useAuditActors() {
  return useQuery({ queryKey: queryKeys.audit.actors, queryFn: ({ signal }) => api.get<AuditActor[]>('audit-log/actors', { signal }) });
}

/** GET audit-log/csv with the same filter, saved as audit-log.csv. */
export async function downloadAuditCsv(filter: AuditFilter): Promise<void> {
  saveFile(await api.blob('audit-log/csv', { query: filter }), 'audit-log.csv');
}
