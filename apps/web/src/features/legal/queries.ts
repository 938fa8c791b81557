import { useQuery } from '@tanstack/react-query';
import type { LegalPage, LegalTextData } from '@kita/shared';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query';

/** GET legal/{page} in the UI's language (the server answers German for languages it has no text in). */
export function useLegalText(page: LegalPage, language: string) {
  return useQuery({
    queryKey: queryKeys.legal.page(page, language),
    queryFn: ({ signal }) => api.get<LegalTextData>(`legal/${page}`, { signal, query: { lang: language } }),
    staleTime: 10 * 60_000,
  });
}
