import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { DefinitionOf, QueryOf } from '@kita/shared/api';
import { apiRoutes } from '@kita/shared/api/routes';
import { call, download } from '@/lib/api';
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

/**
 * The filter as the route's query: the viewer's selects offer only the contract's entity and
 * action values but hold them as strings; the server checks them again (400 otherwise).
 */
const asQuery = (filter: AuditFilter) => filter as QueryOf<DefinitionOf<typeof apiRoutes.audit.csv>>;

/** GET audit-log: newest first, "load older" asks for the next page with `before`. */
export function useAuditLog(filter: AuditFilter) {
  return useInfiniteQuery({
    queryKey: queryKeys.audit.page(filter),
    queryFn: ({ signal, pageParam }) => call(apiRoutes.audit.list, { signal, query: { ...asQuery(filter), limit: AUDIT_PAGE, before: pageParam } }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}

export function useAuditActors() {
  return useQuery({ queryKey: queryKeys.audit.actors, queryFn: ({ signal }) => call(apiRoutes.audit.actors, { signal }) });
}

/** GET audit-log/csv with the same filter, saved as audit-log.csv. */
export async function downloadAuditCsv(filter: AuditFilter): Promise<void> {
  saveFile(await download(apiRoutes.audit.csv, { query: asQuery(filter) }), 'audit-log.csv');
}
