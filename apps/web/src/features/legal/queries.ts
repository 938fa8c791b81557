import { useQuery } from '@tanstack/react-query';
import type { LegalPage } from '@kita/shared';
import { apiRoutes } from '@kita/shared/api/routes';
import { call } from '@/lib/api';
import { queryKeys } from '@/lib/query';

/** GET legal/{page} in the UI's language (the server answers German for languages it has no text in). */
export function useLegalText(page: LegalPage, language: string) {
  return useQuery({
    queryKey: queryKeys.legal.page(page, language),
    queryFn: ({ signal }) => call(apiRoutes.legal.page, { params: { page }, signal, query: { lang: language } }),
    staleTime: 10 * 60_000,
  });
}
