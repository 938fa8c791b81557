import { useQuery } from '@tanstack/react-query';
import { apiRoutes } from '@kita/shared/api/routes';
import { call, download } from '@/lib/api';
import { mutation, queryKeys } from '@/lib/query';
import { saveFile } from '@/lib/save-file';

/** GET parents/{id}/export as a file (JSON for machines, PDF to read), with the session's token. */
export async function downloadFamilyData(parentId: string, format: 'json' | 'pdf'): Promise<void> {
  const blob = await download(apiRoutes.privacy.exportData, { params: { id: parentId }, query: { format } });
  saveFile(blob, `family-data.${format}`);
}

export const useDownloadFamilyData = mutation(({ parentId, format }: { parentId: string; format: 'json' | 'pdf' }) => downloadFamilyData(parentId, format));

/** The family's open erasure request (null: none). */
export function useErasureRequest(parentId: string) {
  return useQuery({
    queryKey: queryKeys.mydata.request(parentId),
    queryFn: ({ signal }) => call(apiRoutes.privacy.erasureRequest, { params: { id: parentId }, signal }),
    enabled: !!parentId,
  });
}

export const useRequestErasure = mutation((parentId: string) => call(apiRoutes.privacy.requestErasure, { params: { id: parentId } }), [queryKeys.mydata.all]);

export function useErasureRequests(status: 'open' | 'done') {
  return useQuery({
    queryKey: queryKeys.mydata.requests(status),
    queryFn: ({ signal }) => call(apiRoutes.privacy.erasureRequests, { signal, query: { status } }),
  });
}

/** Carrying out a request erases a family: every parent list and child list changes too. */
export const useExecuteErasure = mutation((requestId: string) => call(apiRoutes.privacy.executeErasure, { params: { id: requestId } }), [
  queryKeys.mydata.all,
  queryKeys.parents.all,
  queryKeys.children.all,
  queryKeys.audit.all,
]);
