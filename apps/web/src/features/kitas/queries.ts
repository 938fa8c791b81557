import { useQuery } from '@tanstack/react-query';
import type { AccountMailResendResult, FailedAccountMail, Kita, KitaDeleteImpact, KitaDetails, KitaInput } from '@kita/shared';
import { api } from '@/lib/api';
import { mutation, queryKeys } from '@/lib/query';

/**
 * Kita queries. Every write refreshes everything under ['kitas'] (list, details, breadcrumbs);
 * a deletion also drops the structure lists that may still name the Kita.
 */
export function useKitas(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.kitas.list(),
    queryFn: ({ signal }) => api.get<Kita[]>('kitas', { signal }),
    enabled: options.enabled ?? true,
  });
}

export function useKita(kitaId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.kitas.detail(kitaId ?? ''),
    queryFn: ({ signal }) => api.get<KitaDetails>(`kitas/${kitaId}`, { signal }),
    enabled: !!kitaId,
  });
}

export const useSaveKita = mutation(
  ({ kitaId, input }: { kitaId?: string; input: KitaInput }) => (kitaId ? api.put<Kita>(`kitas/${kitaId}`, input) : api.post<Kita>('kitas', input)),
  [queryKeys.kitas.all],
);

export const useDeleteKita = mutation(
  ({ kitaId, confirmName }: { kitaId: string; confirmName?: string }) =>
    api.delete(`kitas/${kitaId}`, confirmName ? { query: { confirmName } } : undefined),
  [queryKeys.kitas.all, queryKeys.categories.all, queryKeys.groups.all, queryKeys.users.all],
  { onSuccess: (client, _data, { kitaId }) => client.removeQueries({ queryKey: queryKeys.kitas.detail(kitaId) }) },
);

/** What a deletion of the Kita removes; asked for when the delete dialog opens. */
export function useKitaDeleteImpact(kitaId: string | null) {
  return useQuery({
    queryKey: queryKeys.kitas.deleteImpact(kitaId),
    queryFn: ({ signal }) => api.get<KitaDeleteImpact>(`kitas/${kitaId}/delete-impact`, { signal }),
    enabled: !!kitaId,
    staleTime: 0,
  });
}

/** Activation and password-reset mails that failed for good (Admin). */
export function useFailedAccountMails(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.users.failedAccountMails,
    queryFn: ({ signal }) => api.get<FailedAccountMail[]>('account-mails/failed', { signal }),
    enabled,
    refetchInterval: 60_000,
  });
}

/** Sends a failed account mail again (fresh link, the account's current e-mail). */
export const useResendAccountMail = mutation(
  (messageId: string) => api.post<AccountMailResendResult>(`account-mails/${messageId}/resend`, {}),
  [queryKeys.users.failedAccountMails],
  { refreshOnError: true },
);
