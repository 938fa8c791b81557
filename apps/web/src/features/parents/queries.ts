import { useQuery } from '@tanstack/react-query';
import type { KitaOption, OtpChallenge, Parent, ParentDetails, ParentInput, RegisteredParent } from '@kita/shared';
import { api, saveFile } from '@/lib/api';
import { mutation, queryKeys } from '@/lib/query';

/**
 * Parents (docs/wire.md "Routes"). Every mutation refreshes the parent lists and details,
 * the children lists (they show parent names) and the Kita queries (the dashboard banner counts
 * pending registrations).
 */
const written = [queryKeys.parents.all, queryKeys.children.all, queryKeys.kitas.all];

/** One Kita's parents (GET parents/kita/{kitaId}), or every parent in scope (GET parents). */
export function useParents(kitaId: string | null) {
  return useQuery({
    queryKey: queryKeys.parents.list(kitaId),
    queryFn: ({ signal }) => api.get<Parent[]>(kitaId ? `parents/kita/${kitaId}` : 'parents', { signal }),
  });
}

export function useParent(parentId: string, kitaId: string | null) {
  return useQuery({
    queryKey: queryKeys.parents.detail(parentId),
    queryFn: ({ signal }) => api.get<ParentDetails>(`parents/${parentId}`, { signal, query: { kitaId } }),
    // A missing parent is an answer (the page says so), not a reason to retry.
    retry: false,
  });
}

export function useRegisteredParents(kitaId: string) {
  return useQuery({
    queryKey: queryKeys.parents.registered(kitaId),
    queryFn: ({ signal }) => api.get<RegisteredParent[]>(`parents/kita/${kitaId}/registered`, { signal }),
  });
}

/** The Kita selector of the parent form (staff without a selected Kita): GET kitas, the Kita list. */
export function useKitaOptions(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.kitas.list(),
    queryFn: ({ signal }) => api.get<KitaOption[]>('kitas', { signal }),
    enabled,
  });
}

export const useSaveParent = mutation(
  ({ parentId, input }: { parentId?: string; input: ParentInput }) =>
    parentId ? api.put<ParentDetails>(`parents/${parentId}`, { ...input, parentId }) : api.post<ParentDetails>('parents', input),
  written,
);

export const useDeleteParent = mutation((parentId: string) => api.delete(`parents/${parentId}`), written);

/** The answer is the approved parent ("the response replaces the parent record"). */
export const useApproveParent = mutation((parentId: string) => api.post<ParentDetails>(`parents/${parentId}/approve`), written, {
  onSuccess: (client, parent) => client.setQueryData(queryKeys.parents.detail(parent.parentId), parent),
});

export const useRejectParent = mutation((parentId: string) => api.post<ParentDetails>(`parents/${parentId}/reject`), written);

/** DELETE parents/{id}/reset-credits (built with the credits ledger). */
export const useResetCredits = mutation((parentId: string) => api.delete(`parents/${parentId}/reset-credits`), written);

/** Verify actions of the details page (routes of the accounts area). */
export const useSendPhoneOtp = mutation(({ parentId, phoneNumber }: { parentId: string; phoneNumber: string }) =>
  api.post<OtpChallenge>(`auth/${parentId}/otp`, { phoneNumber }),
);

export const useResendActivation = mutation(({ parentId, email }: { parentId: string; email: string }) =>
  api.post<unknown>(`auth/${parentId}/re-activate-email`, { email }),
);

/** `GET parents/csv`: the list of the page's scope (one Kita, or every Kita for an Admin) as CSV. */
export const useDownloadParentsCsv = mutation(async (kitaId: string | null) => {
  const { blob, fileName } = await api.file('parents/csv', 'parents.csv', { query: { kitaId: kitaId ?? undefined } });
  saveFile(blob, fileName);
});
