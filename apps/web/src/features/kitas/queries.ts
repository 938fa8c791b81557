import { useQuery } from '@tanstack/react-query';
import type { KitaInput } from '@kita/shared';
import { call } from '@/lib/api';
import { apiRoutes } from '@kita/shared/api/routes';
import { mutation, queryKeys } from '@/lib/query';

/**
 * Kita queries. Every write refreshes everything under ['kitas'] (list, details, breadcrumbs);
 * a deletion also drops the structure lists that may still name the Kita.
 */
export function useKitas(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.kitas.list(),
    queryFn: ({ signal }) => call(apiRoutes.kitas.list, { signal }),
    enabled: options.enabled ?? true,
  });
}

export function useKita(kitaId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.kitas.detail(kitaId ?? ''),
    queryFn: ({ signal }) => call(apiRoutes.kitas.get, { params: { id: kitaId! }, signal }),
    enabled: !!kitaId,
  });
}

export const useSaveKita = mutation(
  ({ kitaId, input }: { kitaId?: string; input: KitaInput }) => (kitaId ? call(apiRoutes.kitas.update, { params: { id: kitaId }, body: input }) : call(apiRoutes.kitas.create, { body: input })),
  [queryKeys.kitas.all],
);

export const useDeleteKita = mutation(
  ({ kitaId, confirmName }: { kitaId: string; confirmName?: string }) =>
    call(apiRoutes.kitas.remove, { params: { id: kitaId }, ...(confirmName ? { query: { confirmName } } : {}) }),
  [queryKeys.kitas.all, queryKeys.categories.all, queryKeys.groups.all, queryKeys.users.all],
  { onSuccess: (client, _data, { kitaId }) => client.removeQueries({ queryKey: queryKeys.kitas.detail(kitaId) }) },
);

/** What a deletion of the Kita removes; asked for when the delete dialog opens. */
export function useKitaDeleteImpact(kitaId: string | null) {
  return useQuery({
    queryKey: queryKeys.kitas.deleteImpact(kitaId),
    queryFn: ({ signal }) => call(apiRoutes.kitas.deleteImpact, { params: { id: kitaId! }, signal }),
    enabled: !!kitaId,
    staleTime: 0,
  });
}

/** Activation and password-reset mails that failed for good (Admin). */
export function useFailedAccountMails(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.users.failedAccountMails,
    queryFn: ({ signal }) => call(apiRoutes.accountMails.failed, { signal }),
    enabled,
    refetchInterval: 60_000,
  });
}

/** Sends a failed account mail again (fresh link, the account's current e-mail). */
export const useResendAccountMail = mutation(
  (messageId: string) => call(apiRoutes.accountMails.resend, { params: { id: messageId } }),
  [queryKeys.users.failedAccountMails],
  { refreshOnError: true },
);
