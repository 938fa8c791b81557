import { useQuery } from '@tanstack/react-query';
import type { ErasureRequest, ErasureResult } from '@kita/shared';
import { api } from '@/lib/api';
import { mutation, queryKeys } from '@/lib/query';
import { saveFile } from '@/lib/save-file';

/** GET parents/{id}/export as a file (JSON for machines, PDF to read), with the session's token. */
export async function downloadFamilyData(parentId: string, format: 'json' | 'pdf'): Promise<void> {
  const blob = await api.blob(`parents/${parentId}/export`, { query: { format } });
  saveFile(blob, `family-data.${format}`);
}

export const useDownloadFamilyData = mutation(({ parentId, format }: { parentId: string; format: 'json' | 'pdf' }) => downloadFamilyData(parentId, format));

/** The family's open erasure request (null: none). */
export function useErasureRequest(parentId: string) {
  return useQuery({
    queryKey: queryKeys.mydata.request(parentId),
    queryFn: ({ signal }) => api.get<ErasureRequest | null>(`parents/${parentId}/erasure-request`, { signal }),
    enabled: !!parentId,
  });
}

export const useRequestErasure = mutation((parentId: string) => api.post<ErasureRequest>(`parents/${parentId}/erasure-request`), [queryKeys.mydata.all]);

export function useErasureRequests(status: 'open' | 'done') {
  return useQuery({
    queryKey: queryKeys.mydata.requests(status),
    queryFn: ({ signal }) => api.get<ErasureRequest[]>('erasure-requests', { signal, query: { status } }),
  });
}

/** Carrying out a request erases a family: every parent list and child list changes too. */
export const useExecuteErasure = mutation((requestId: string) => api.post<ErasureResult>(`erasure-requests/${requestId}/execute`), [
  queryKeys.mydata.all,
  queryKeys.parents.all,
  queryKeys.children.all,
  queryKeys.audit.all,
]);
